#include "flexure/deform/grid_mesh_primitive.h"

#include <string>

#include "flexure/core/primitives/mesh.h"

namespace flexure::deform {

namespace {
constexpr int kMaxDivisions = 20000;  // per axis; the product is bounded by the mesh limit
}  // namespace

void GridMeshPrimitive::visitFields(FieldVisitor& v) {
  v.field("width", width);
  v.field("height", height);
  v.field("divisions_x", divisionsX, IntRange{1, kMaxDivisions});
  v.field("divisions_y", divisionsY, IntRange{1, kMaxDivisions});
  if (v.isReading()) {
    if (!(width > 0.0)) throw FieldError::about("width", "grid-mesh: width must be positive");
    if (!(height > 0.0)) throw FieldError::about("height", "grid-mesh: height must be positive");
    // Each axis may be fine, their product not: the grid's vertices are allocated at every
    // tessellation, so it stays within the largest mesh a scene holds.
    const long long vertices = (divisionsX + 1LL) * (divisionsY + 1LL);
    if (vertices > MeshPrimitive::kMaxVertices)
      throw FieldError::about("divisions_y", "grid-mesh: " + std::to_string(divisionsX) + " x " + std::to_string(divisionsY) +
                                                 " divisions make " + std::to_string(vertices) + " vertices; at most " +
                                                 std::to_string(MeshPrimitive::kMaxVertices) + " are accepted");
  }
}

std::unique_ptr<Node> GridMeshPrimitive::cloneNode() const {
  auto copy = std::make_unique<GridMeshPrimitive>();
  copy->width = width;
  copy->height = height;
  copy->divisionsX = divisionsX;
  copy->divisionsY = divisionsY;
  return copy;
}

TriangleMesh makeGridMesh(double width, double height, int divisionsX, int divisionsY) {
  TriangleMesh mesh;
  const int nx = divisionsX + 1, ny = divisionsY + 1;
  mesh.positions.reserve(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny));
  mesh.normals.assign(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny), Vec3d(0, 0, 1));
  mesh.uvs.reserve(mesh.normals.size());
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const double u = double(i) / divisionsX, v = double(j) / divisionsY;
      mesh.positions.emplace_back((u - 0.5) * width, (v - 0.5) * height, 0.0);
      mesh.uvs.push_back({u, v});
    }
  mesh.triangles.reserve(static_cast<std::size_t>(divisionsX) * static_cast<std::size_t>(divisionsY) * 2);
  for (int j = 0; j < divisionsY; ++j)
    for (int i = 0; i < divisionsX; ++i) {
      const int a = j * nx + i, b = a + 1, c = a + nx, d = c + 1;
      mesh.triangles.push_back({a, b, d});  // counter-clockwise seen from +z
      mesh.triangles.push_back({a, d, c});
    }
  return mesh;
}

void GridMeshPrimitive::tessellate(const ParamAccess<double>&, int, TriangleMesh& out) const {
  TriangleMesh grid = makeGridMesh(width, height, divisionsX, divisionsY);
  grid.name = out.name;
  out.append(grid);
}

Bounds3 GridMeshPrimitive::bounds(const ParamAccess<double>&) const {
  Bounds3 b;
  b.extend(Vec3d(-0.5 * width, -0.5 * height, 0.0));
  b.extend(Vec3d(0.5 * width, 0.5 * height, 0.0));
  return b;
}

}  // namespace flexure::deform
