#include "flexure/core/primitives/superquadric.h"

#include <numbers>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> SuperquadricPrimitive::parameterSpecs() const {
  return {{"a1", 1.0, 0.0}, {"a2", 1.0, 0.0}, {"a3", 1.0, 0.0}, {"e1", 1.0, 0.1, 2.0}, {"e2", 1.0, 0.1, 2.0}};
}

std::unique_ptr<Node> SuperquadricPrimitive::cloneNode() const { return std::make_unique<SuperquadricPrimitive>(); }

Bounds3 SuperquadricPrimitive::bounds(const ParamAccess<double>& params) const {
  const double* q = params.of(*this);
  Bounds3 b;
  b.extend(Vec3d(-q[0], -q[1], -q[2]));
  b.extend(Vec3d(q[0], q[1], q[2]));
  return b;
}

namespace {
// Latitude η ∈ [-π/2, π/2] and longitude ω ∈ [-π, π] of a surface parameter.
template <class S> void anglesOf(const S& u, const S& v, S& eta, S& omega) {
  eta = v * std::numbers::pi - 0.5 * std::numbers::pi;
  omega = u * (2.0 * std::numbers::pi) - std::numbers::pi;
}
}  // namespace

template <class S>
Vec3<S> SuperquadricPrimitive::positionT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  const S* q = p.of(*this);
  S eta, omega;
  anglesOf(u, v, eta, omega);
  const S ring = signedPow(cos(eta), q[3]);
  return {q[0] * ring * signedPow(cos(omega), q[4]), q[1] * ring * signedPow(sin(omega), q[4]),
          q[2] * signedPow(sin(eta), q[3])};
}

// Barr's normal: (spow(cos η, 2-e1) spow(cos ω, 2-e2) / a1, spow(cos η, 2-e1) spow(sin ω, 2-e2) / a2,
// spow(sin η, 2-e1) / a3), parallel to ∇F at P; normalized.
template <class S>
Vec3<S> SuperquadricPrimitive::normalT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  const S* q = p.of(*this);
  S eta, omega;
  anglesOf(u, v, eta, omega);
  const S f1 = 2.0 - q[3], f2 = 2.0 - q[4];
  const S ring = signedPow(cos(eta), f1);
  const Vec3<S> n(ring * signedPow(cos(omega), f2) / q[0], ring * signedPow(sin(omega), f2) / q[1],
                  signedPow(sin(eta), f1) / q[2]);
  return normalized(n);
}

template <class S>
S SuperquadricPrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* q = p.of(*this);
  const S e1 = q[3], e2 = q[4];
  const S inPlane = powNonNegative(abs(x.x / q[0]), 2.0 / e2) + powNonNegative(abs(x.y / q[1]), 2.0 / e2);
  const S F = powNonNegative(inPlane, e2 / e1) + powNonNegative(abs(x.z / q[2]), 2.0 / e1);
  return powNonNegative(F, e1 * 0.5) - 1.0;
}

#define INSTANTIATE(S)                                              \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(SuperquadricPrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(SuperquadricPrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(SuperquadricPrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
