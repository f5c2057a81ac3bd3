#include "flexure/core/operator.h"

namespace flexure {

void Operator::applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points, std::span<Vec3d> normals) const {
  if (isIdentity()) return;
  const bool withNormals = normals.size() == points.size();
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (withNormals) {
      const Vec3d n = inverseTranspose(jacobian(params, points[i])) * normals[i];
      normals[i] = normalized(n);
    }
    points[i] = apply(params, points[i]);
  }
}

}  // namespace flexure
