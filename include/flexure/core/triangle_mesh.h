#pragma once
// An indexed triangle mesh with per-vertex normals: the output of tessellation, the input of
// rendering and OBJ export, and the geometry of imported meshes.
#include <array>
#include <string>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

// A block of a mesh's vertices laid out as a regular grid by tessellation (grid_tessellation.h):
// vertex (i, j) is firstVertex + j·columns + i, and each cell (i, j) is the two triangles
// (a, b, d), (a, d, c) with a = (i, j), b = (i+1, j), c = (i, j+1), d = (i+1, j+1), cell by cell
// in row-major order from firstTriangle. Display code uses it to drop grid lines along which the
// surface is affine (affine_grid_lines.h).
struct GridBlock {
  int firstVertex = 0;
  int columns = 0;  // vertices per row (along u)
  int rows = 0;     // rows of vertices (along v)
  int firstTriangle = 0;
  int triangleCount() const { return columns > 1 && rows > 1 ? 2 * (columns - 1) * (rows - 1) : 0; }
};

struct TriangleMesh {
  std::vector<Vec3d> positions;
  std::vector<Vec3d> normals;                 // empty, or one per position
  std::vector<std::array<double, 2>> uvs;     // empty, or one per position
  std::vector<std::array<int, 3>> triangles;  // counter-clockwise seen from outside
  std::string name;
  // The vertex blocks that form regular grids (empty for meshes of other origins: imported, or
  // edited after tessellation). Appending offsets them.
  std::vector<GridBlock> grids;

  int vertexCount() const { return static_cast<int>(positions.size()); }
  int triangleCount() const { return static_cast<int>(triangles.size()); }
  Bounds3 bounds() const;
  // Appends another mesh, offsetting its indices.
  void append(const TriangleMesh& other);
  // Area-weighted vertex normals from the triangles (for meshes imported without normals).
  void computeVertexNormals();
};

}  // namespace flexure
