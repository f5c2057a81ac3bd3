#include "flexure/core/operators/scale.h"

#include "../primitives/scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> ScaleOperator::parameterSpecs() const { return {{"sx", 1.0}, {"sy", 1.0}, {"sz", 1.0}}; }

std::unique_ptr<Node> ScaleOperator::cloneNode() const { return std::make_unique<ScaleOperator>(); }

template <class S>
Vec3<S> ScaleOperator::applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* s = p.of(*this);
  return {x.x * s[0], x.y * s[1], x.z * s[2]};
}

template <class S>
Vec3<S> ScaleOperator::inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
  const S* s = p.of(*this);
  return {X.x / s[0], X.y / s[1], X.z / s[2]};
}

template <class S>
Mat3<S> ScaleOperator::jacobianT(const ParamAccess<S>& p, const Vec3<S>&) const {
  const S* s = p.of(*this);
  Mat3<S> m;
  for (int i = 0; i < 3; ++i) m.m[i][i] = s[i];
  return m;
}

#define INSTANTIATE(S) FLEXURE_INSTANTIATE_OPERATOR(ScaleOperator, S)
FLEXURE_FOR_EACH_SCALAR(INSTANTIATE)
#undef INSTANTIATE

TrsTransform ScaleOperator::trs(const ParamAccess<double>& params) const {
  const double* s = params.of(*this);
  TrsTransform parts;
  parts.scale = {s[0], s[1], s[2]};
  return parts;
}

}  // namespace flexure
