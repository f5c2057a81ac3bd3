#include "flexure/core/grid_tessellation.h"

#include <cstddef>

namespace flexure {

void appendGrid(TriangleMesh& mesh, int columns, int rows, const std::function<GridVertex(int i, int j)>& vertex) {
  GridBlock block;
  block.firstVertex = mesh.vertexCount();
  block.columns = columns;
  block.rows = rows;
  block.firstTriangle = mesh.triangleCount();
  const std::size_t count = static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows);
  mesh.positions.reserve(mesh.positions.size() + count);
  mesh.normals.reserve(mesh.normals.size() + count);
  mesh.uvs.reserve(mesh.uvs.size() + count);
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < columns; ++i) {
      const GridVertex v = vertex(i, j);
      mesh.positions.push_back(v.position);
      mesh.normals.push_back(v.normal);
      mesh.uvs.push_back(v.uv);
    }
  mesh.triangles.reserve(mesh.triangles.size() + static_cast<std::size_t>(block.triangleCount()));
  for (int j = 0; j + 1 < rows; ++j)
    for (int i = 0; i + 1 < columns; ++i) {
      const int a = block.firstVertex + j * columns + i, b = a + 1, c = a + columns, d = c + 1;
      mesh.triangles.push_back({a, b, d});
      mesh.triangles.push_back({a, d, c});
    }
  mesh.grids.push_back(block);
}

}  // namespace flexure
