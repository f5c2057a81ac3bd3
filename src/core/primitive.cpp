#include "flexure/core/primitive.h"

#include <algorithm>

#include "flexure/core/grid_tessellation.h"

namespace flexure {

void Primitive::tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const {
  const int n = std::max(2, resolution);
  // Winding follows ∂P/∂u × ∂P/∂v, the outward normal of the parameterization.
  for (int patch = 0; patch < patchCount(); ++patch)
    appendGrid(out, n + 1, n + 1, [&](int i, int j) {
      const double u = double(i) / n, v = double(j) / n;
      return GridVertex{position(params, patch, u, v), normal(params, patch, u, v), {u, v}};
    });
}

Bounds3 Primitive::bounds(const ParamAccess<double>& params) const {
  TriangleMesh mesh;
  tessellate(params, 8, mesh);
  const Bounds3 b = mesh.bounds();
  // Grid samples can miss bulges between them; pad by a tenth of the extent.
  const Vec3d e = b.extent();
  return b.padded(0.1 * std::max({e.x, e.y, e.z}));
}

}  // namespace flexure
