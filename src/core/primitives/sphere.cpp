#include "flexure/core/primitives/sphere.h"

#include <numbers>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> SpherePrimitive::parameterSpecs() const { return {{"radius", 1.0, 0.0}}; }

std::unique_ptr<Node> SpherePrimitive::cloneNode() const { return std::make_unique<SpherePrimitive>(); }

Bounds3 SpherePrimitive::bounds(const ParamAccess<double>& params) const {
  const double r = params.of(*this)[0];
  Bounds3 b;
  b.extend(Vec3d(-r, -r, -r));
  b.extend(Vec3d(r, r, r));
  return b;
}

template <class S>
Vec3<S> SpherePrimitive::normalT(const ParamAccess<S>&, int, const S& u, const S& v) const {
  const S phi = u * (2.0 * std::numbers::pi), theta = v * std::numbers::pi;
  const S st = sin(theta);
  return {st * cos(phi), st * sin(phi), -cos(theta)};
}

template <class S>
Vec3<S> SpherePrimitive::positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
  return normalT(p, patch, u, v) * p.of(*this)[0];
}

template <class S>
S SpherePrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  return safeNorm(x) - p.of(*this)[0];
}

#define INSTANTIATE(S)                                        \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(SpherePrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(SpherePrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(SpherePrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
