#include "flexure/core/primitives/cylinder.h"

#include <numbers>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> CylinderPrimitive::parameterSpecs() const { return {{"length", 2.0, 0.0}, {"radius", 0.5, 0.0}}; }

std::unique_ptr<Node> CylinderPrimitive::cloneNode() const { return std::make_unique<CylinderPrimitive>(); }

Bounds3 CylinderPrimitive::bounds(const ParamAccess<double>& params) const {
  const double* q = params.of(*this);
  Bounds3 b;
  b.extend(Vec3d(-0.5 * q[0], -q[1], -q[1]));
  b.extend(Vec3d(0.5 * q[0], q[1], q[1]));
  return b;
}

namespace {
// Counter-clockwise about +x except on the +x cap, so that ∂P/∂u × ∂P/∂v is outward.
template <class S> S cylinderAngleOf(int patch, const S& u) {
  const double turn = 2.0 * std::numbers::pi;
  return patch == CylinderPrimitive::kCapPlusX ? u * -turn : u * turn;
}
}  // namespace

template <class S>
Vec3<S> CylinderPrimitive::positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
  const S* q = p.of(*this);
  const S phi = cylinderAngleOf(patch, u);
  const S c = cos(phi), s = sin(phi);
  if (patch == kSide) return {q[0] * (v - 0.5), q[1] * c, q[1] * s};
  const S rho = q[1] * v;
  return {patch == kCapMinusX ? q[0] * -0.5 : q[0] * 0.5, rho * c, rho * s};
}

template <class S>
Vec3<S> CylinderPrimitive::normalT(const ParamAccess<S>&, int patch, const S& u, const S&) const {
  if (patch == kSide) {
    const S phi = cylinderAngleOf(patch, u);
    return {S(0.0), cos(phi), sin(phi)};
  }
  return {S(patch == kCapMinusX ? -1.0 : 1.0), S(0.0), S(0.0)};
}

template <class S>
S CylinderPrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* q = p.of(*this);
  return max(safeHypot(x.y, x.z) - q[1], abs(x.x) - q[0] * 0.5);
}

#define INSTANTIATE(S)                                          \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(CylinderPrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(CylinderPrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(CylinderPrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
