#pragma once
// An indexed triangle mesh with per-vertex normals: the output of tessellation, the input of
// rendering and OBJ export, and the geometry of imported meshes.
#include <array>
#include <string>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

struct TriangleMesh {
  std::vector<Vec3d> positions;
  std::vector<Vec3d> normals;                 // empty, or one per position
  std::vector<std::array<double, 2>> uvs;     // empty, or one per position
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside
  std::string name;

  int vertexCount() const { return static_cast<int>(positions.size()); }
  int triangleCount() const { return static_cast<int>(triangles.size()); }
  Bounds3 bounds() const;
  // Appends another mesh, offsetting its indices.
  void append(const TriangleMesh& other);
  // Area-weighted vertex normals from the triangles (for meshes imported without normals).
  void computeVertexNormals();
};

}  // namespace flexure
