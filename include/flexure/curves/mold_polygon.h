#pragma once
// A polygonal mold cavity (Chen & Wu section 5.2) and the point inclusion test of section 5.2.2.
//
// The boundary is stored counter-clockwise, so the cavity lies on the left of every edge and
// edge i (from v_i to v_{i+1}) defines the halfspace n_i·x >= n_i·v_i with the inward normal
// n_i = Rot(z, +90°) (v_{i+1} - v_i)/|...|.
//
// Point inclusion by regions of responsibility (after Gursoz's Noodles kernel): edge i is
// responsible for the "question-mark" region made of the slab over the edge (projection inside
// the edge) and the sector around its starting vertex v_i (beyond the end of edge i-1 and
// before the start of edge i). The candidate with the smallest distance decides inside/outside
// and is the violating entity: an edge (activate its halfspace) or a vertex (activate both
// neighbouring halfspaces), Fig. 3.
//
// The polygon is fixed once built, so everything per edge that the queries need — the edge
// vector, its squared length, the inward normal n_i, the offset n_i·v_i, whether v_i is reflex —
// is computed once by fromFlat() (issue 17 item 3: the mold solver asks thousands of inclusion
// and crossing questions per drag step of one polygon, and recomputing n_i, a square root and
// a division, for each was a large part of them). Each is computed by the same expression the
// queries used before, so every answer is bitwise the same.
#include <Eigen/Core>
#include <vector>

namespace flexure {

class MoldPolygon {
 public:
  // From a flat list x0, y0, x1, y1, ... in either orientation (reoriented counter-clockwise).
  static MoldPolygon fromFlat(const std::vector<double>& xy);

  int size() const { return static_cast<int>(vertices_.size()); }
  const std::vector<Eigen::Vector2d>& vertices() const { return vertices_; }  // counter-clockwise
  // Index i taken cyclically.
  const Eigen::Vector2d& vertex(int i) const { return vertices_[wrap(i)]; }
  // v_{i+1} - v_i.
  const Eigen::Vector2d& edgeVector(int i) const { return edges_[wrap(i)].vector; }
  // |v_{i+1} - v_i|².
  double edgeLengthSquared(int i) const { return edges_[wrap(i)].lengthSquared; }
  const Eigen::Vector2d& inwardNormal(int i) const { return edges_[wrap(i)].normal; }
  // n_i·v_i: edge i's line is n_i·x = edgeOffset(i).
  double edgeOffset(int i) const { return edges_[wrap(i)].offset; }
  // n_i·x - n_i·v_i: >= 0 on the cavity side of edge i's line.
  double edgeDistance(int i, const Eigen::Vector2d& x) const { return inwardNormal(i).dot(x - vertex(i)); }
  // A reflex vertex of the cavity points into it (the tip of the obstacle in Fig. 4).
  bool isReflex(int i) const { return edges_[wrap(i)].reflex; }
  bool isConvex() const { return convex_; }
  double signedArea() const;
  // max(1, largest |coordinate| of a vertex): the length scale of the crossing test's tolerances.
  double coordinateScale() const { return scale_; }

 private:
  struct Edge {
    Eigen::Vector2d vector = Eigen::Vector2d::Zero();
    Eigen::Vector2d normal = Eigen::Vector2d::Zero();
    double lengthSquared = 0.0;
    double offset = 0.0;
    bool reflex = false;  // of the edge's starting vertex
  };
  std::size_t wrap(int i) const { return static_cast<std::size_t>((i % size() + size()) % size()); }

  std::vector<Eigen::Vector2d> vertices_;
  std::vector<Edge> edges_;
  bool convex_ = true;
  double scale_ = 1.0;
};

enum class MoldEntity { Edge, Vertex };

struct InclusionResult {
  bool inside = true;        // on the boundary counts as inside
  double distance = 0.0;     // signed distance to the boundary: >= 0 inside
  MoldEntity entity = MoldEntity::Edge;
  int index = 0;             // the responsible (for an outside point: violating) edge or vertex
};

// Section 5.2.2: in/out status and the responsible entity, in O(number of edges).
InclusionResult classifyPoint(const MoldPolygon& mold, const Eigen::Vector2d& p);

}  // namespace flexure
