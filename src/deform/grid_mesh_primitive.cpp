#include "flexure/deform/grid_mesh_primitive.h"

#include <string>

#include "flexure/core/grid_tessellation.h"
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
  // Counter-clockwise seen from +z.
  appendGrid(mesh, divisionsX + 1, divisionsY + 1, [&](int i, int j) {
    const double u = double(i) / divisionsX, v = double(j) / divisionsY;
    return GridVertex{Vec3d((u - 0.5) * width, (v - 0.5) * height, 0.0), Vec3d(0, 0, 1), {u, v}};
  });
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
