#pragma once
// Signed distance to a closed triangle mesh: the closest point by a bounding-volume hierarchy
// (axis-aligned boxes, median split), signed by angle-weighted pseudo-normals (Bærentzen and
// Aanæs 2005: the sign of (x - c)·n is correct when n is the face normal, the mean of the two
// face normals of an edge, or the angle-weighted mean of the face normals around a vertex,
// whichever feature the closest point c lies on). Built once per mesh; queries are read-only and
// thread-safe.
#include <array>
#include <vector>

#include "flexure/core/triangle_mesh.h"

namespace flexure {

class MeshSignedDistance {
 public:
  enum class Feature { Face, Edge, Vertex };
  struct Closest {
    int triangle = -1;   // index into the mesh's triangles
    Feature feature = Feature::Face;
    Vec3d point;         // closest point on the mesh
    Vec3d pseudoNormal;  // unit normal of the feature the point lies on
    double distance = 0; // signed: negative inside
  };

  explicit MeshSignedDistance(const TriangleMesh& mesh);
  bool empty() const { return triangles_.empty(); }
  Closest closest(const Vec3d& x) const;
  // Unit normal of a triangle (counter-clockwise seen from outside).
  const Vec3d& faceNormal(int triangle) const { return faceNormals_[static_cast<std::size_t>(triangle)]; }

  // Axis-aligned box of the hierarchy (plain comparisons: built and tested millions of times).
  struct Box {
    double lo[3] = {1e300, 1e300, 1e300};
    double hi[3] = {-1e300, -1e300, -1e300};
    void extend(const Vec3d& p) {
      const double q[3] = {p.x, p.y, p.z};
      for (int i = 0; i < 3; ++i) {
        lo[i] = q[i] < lo[i] ? q[i] : lo[i];
        hi[i] = q[i] > hi[i] ? q[i] : hi[i];
      }
    }
    void extend(const Box& b) {
      for (int i = 0; i < 3; ++i) {
        lo[i] = b.lo[i] < lo[i] ? b.lo[i] : lo[i];
        hi[i] = b.hi[i] > hi[i] ? b.hi[i] : hi[i];
      }
    }
  };

 private:
  struct BvhNode {
    Box box;
    int first = 0, count = 0;  // range of order_ (leaves)
    int left = -1, right = -1; // children (inner nodes)
  };
  int build(int first, int count, const std::vector<Vec3d>& centroids);
  // Tests the triangle at position `slot` of order_ against the best so far.
  void closestInTriangle(int slot, const Vec3d& x, Closest& best, double& bestSq) const;

  std::vector<Vec3d> positions_;
  std::vector<std::array<int, 3>> triangles_;
  std::vector<int> order_;  // triangle indices, grouped by the hierarchy's leaves
  std::vector<std::array<Vec3d, 3>> corners_;  // corner positions of order_[k]
  std::vector<Vec3d> faceNormals_;
  std::vector<std::array<Vec3d, 3>> edgeNormals_;  // edge k runs from corner k to corner k+1
  std::vector<Vec3d> vertexNormals_;
  std::vector<BvhNode> nodes_;
};

}  // namespace flexure
