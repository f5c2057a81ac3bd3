#include "flexure/core/primitives/torus.h"

#include <numbers>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> TorusPrimitive::parameterSpecs() const { return {{"major", 1.0, 0.0}, {"minor", 0.25, 0.0}}; }

std::unique_ptr<Node> TorusPrimitive::cloneNode() const { return std::make_unique<TorusPrimitive>(); }

Bounds3 TorusPrimitive::bounds(const ParamAccess<double>& params) const {
  const double* q = params.of(*this);
  const double outer = q[0] + q[1];
  Bounds3 b;
  b.extend(Vec3d(-outer, -outer, -q[1]));
  b.extend(Vec3d(outer, outer, q[1]));
  return b;
}

template <class S>
Vec3<S> TorusPrimitive::normalT(const ParamAccess<S>&, int, const S& u, const S& v) const {
  const double turn = 2.0 * std::numbers::pi;
  const S phi = u * turn, theta = v * turn;
  const S ct = cos(theta);
  return {ct * cos(phi), ct * sin(phi), sin(theta)};
}

template <class S>
Vec3<S> TorusPrimitive::positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
  const S* q = p.of(*this);
  const S phi = u * (2.0 * std::numbers::pi);
  // The tube's centre circle plus the minor radius along the normal.
  const Vec3<S> centre(q[0] * cos(phi), q[0] * sin(phi), S(0.0));
  return centre + normalT(p, patch, u, v) * q[1];
}

template <class S>
S TorusPrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* q = p.of(*this);
  return safeHypot(safeHypot(x.x, x.y) - q[0], x.z) - q[1];
}

#define INSTANTIATE(S)                                       \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(TorusPrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(TorusPrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(TorusPrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
