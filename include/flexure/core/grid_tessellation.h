#pragma once
// The regular grid every parametric surface is tessellated as (Primitive::tessellate, the MES
// curve's tube, the deformable grid mesh): vertices row by row, two triangles per cell wound
// along ∂P/∂u × ∂P/∂v, and the block recorded in TriangleMesh::grids so that display code can
// merge cells where the surface is affine (affine_grid_lines.h).
#include <array>
#include <functional>

#include "flexure/core/triangle_mesh.h"

namespace flexure {

struct GridVertex {
  Vec3d position;
  Vec3d normal;
  std::array<double, 2> uv{};
};

// Appends a grid of columns × rows vertices, vertex(i, j) for i < columns (along u) and j < rows
// (along v), with the triangles of GridBlock's layout. columns, rows ≥ 2.
void appendGrid(TriangleMesh& mesh, int columns, int rows, const std::function<GridVertex(int i, int j)>& vertex);

}  // namespace flexure
