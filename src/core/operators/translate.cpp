#include "flexure/core/operators/translate.h"

#include "../primitives/scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> TranslateOperator::parameterSpecs() const { return {{"x", 0.0}, {"y", 0.0}, {"z", 0.0}}; }

std::unique_ptr<Node> TranslateOperator::cloneNode() const { return std::make_unique<TranslateOperator>(); }

template <class S>
Vec3<S> TranslateOperator::applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* t = p.of(*this);
  return {x.x + t[0], x.y + t[1], x.z + t[2]};
}

template <class S>
Vec3<S> TranslateOperator::inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
  const S* t = p.of(*this);
  return {X.x - t[0], X.y - t[1], X.z - t[2]};
}

template <class S>
Mat3<S> TranslateOperator::jacobianT(const ParamAccess<S>&, const Vec3<S>&) const {
  return Mat3<S>::identity();
}

#define INSTANTIATE(S) FLEXURE_INSTANTIATE_OPERATOR(TranslateOperator, S)
FLEXURE_FOR_EACH_SCALAR(INSTANTIATE)
#undef INSTANTIATE

TrsTransform TranslateOperator::trs(const ParamAccess<double>& params) const {
  const double* t = params.of(*this);
  TrsTransform parts;
  parts.translation = {t[0], t[1], t[2]};
  return parts;
}

}  // namespace flexure
