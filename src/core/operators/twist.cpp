#include "flexure/core/operators/twist.h"

#include "../primitives/scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> TwistOperator::parameterSpecs() const { return {{"rate", 0.0}}; }

std::unique_ptr<Node> TwistOperator::cloneNode() const { return std::make_unique<TwistOperator>(); }

namespace {
// Rotation of (y, z) by θ about the x axis.
template <class S> Vec3<S> rotateAboutX(const Vec3<S>& x, const S& theta) {
  const S c = cos(theta), s = sin(theta);
  return {x.x, x.y * c - x.z * s, x.y * s + x.z * c};
}
}  // namespace

template <class S>
Vec3<S> TwistOperator::applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  return rotateAboutX(x, p.of(*this)[0] * x.x);
}

template <class S>
Vec3<S> TwistOperator::inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
  return rotateAboutX(X, -(p.of(*this)[0] * X.x));
}

// ∂Y/∂x = -rate·Z and ∂Z/∂x = rate·Y (the angle grows along x); the (y, z) block is the rotation.
template <class S>
Mat3<S> TwistOperator::jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S rate = p.of(*this)[0];
  const S theta = rate * x.x;
  const S c = cos(theta), s = sin(theta);
  const S Y = x.y * c - x.z * s, Z = x.y * s + x.z * c;
  Mat3<S> m;
  m.m[0][0] = S(1.0);
  m.m[1][0] = -(rate * Z); m.m[1][1] = c; m.m[1][2] = -s;
  m.m[2][0] = rate * Y;    m.m[2][1] = s; m.m[2][2] = c;
  return m;
}

#define INSTANTIATE(S) FLEXURE_INSTANTIATE_OPERATOR(TwistOperator, S)
FLEXURE_FOR_EACH_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
