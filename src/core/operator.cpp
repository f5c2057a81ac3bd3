#include "flexure/core/operator.h"

namespace flexure {

void Operator::applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points, std::span<Vec3d> normals) const {
  if (isIdentity()) return;
  const bool withNormals = normals.size() == points.size();
  if (isTrs() && !points.empty()) {
    // An affine T has one Jacobian: one J^{-T} for every normal (the same matrix the loop below
    // would compute at each point).
    const Mat3d normalMap = inverseTranspose(jacobian(params, points[0]));
    for (std::size_t i = 0; i < points.size(); ++i) {
      if (withNormals) normals[i] = normalized(normalMap * normals[i]);
      points[i] = apply(params, points[i]);
    }
    return;
  }
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (withNormals) {
      const Vec3d n = inverseTranspose(jacobian(params, points[i])) * normals[i];
      normals[i] = normalized(n);
    }
    points[i] = apply(params, points[i]);
  }
}

std::optional<std::vector<Bounds3>> Operator::changedRegion(const ParamAccess<double>& before,
                                                           const ParamAccess<double>& after) const {
  (void)before;
  (void)after;
  return std::nullopt;
}

}  // namespace flexure
