#include "flexure/core/primitive.h"

#include <algorithm>

namespace flexure {

void Primitive::tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const {
  const int n = std::max(2, resolution);
  for (int patch = 0; patch < patchCount(); ++patch) {
    const int base = out.vertexCount();
    for (int j = 0; j <= n; ++j) {
      for (int i = 0; i <= n; ++i) {
        const double u = double(i) / n, v = double(j) / n;
        out.positions.push_back(position(params, patch, u, v));
        out.normals.push_back(normal(params, patch, u, v));
        out.uvs.push_back({u, v});
      }
    }
    // Winding follows ∂P/∂u × ∂P/∂v, the outward normal of the parameterization.
    for (int j = 0; j < n; ++j) {
      for (int i = 0; i < n; ++i) {
        const int a = base + j * (n + 1) + i, b = a + 1, c = a + (n + 1), d = c + 1;
        out.triangles.push_back({a, b, d});
        out.triangles.push_back({a, d, c});
      }
    }
  }
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
