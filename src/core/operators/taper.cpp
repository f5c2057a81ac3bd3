#include "flexure/core/operators/taper.h"

#include "../primitives/scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> TaperOperator::parameterSpecs() const { return {{"slope", 0.0}}; }

std::unique_ptr<Node> TaperOperator::cloneNode() const { return std::make_unique<TaperOperator>(); }

template <class S>
Vec3<S> TaperOperator::applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S f = 1.0 + p.of(*this)[0] * x.x;
  return {x.x, f * x.y, f * x.z};
}

template <class S>
Vec3<S> TaperOperator::inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
  const S f = 1.0 + p.of(*this)[0] * X.x;
  return {X.x, X.y / f, X.z / f};
}

template <class S>
Mat3<S> TaperOperator::jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S slope = p.of(*this)[0];
  const S f = 1.0 + slope * x.x;
  Mat3<S> m;
  m.m[0][0] = S(1.0);
  m.m[1][0] = slope * x.y; m.m[1][1] = f;
  m.m[2][0] = slope * x.z; m.m[2][2] = f;
  return m;
}

#define INSTANTIATE(S) FLEXURE_INSTANTIATE_OPERATOR(TaperOperator, S)
FLEXURE_FOR_EACH_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
