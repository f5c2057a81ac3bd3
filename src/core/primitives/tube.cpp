#include "flexure/core/primitives/tube.h"

#include <numbers>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> TubePrimitive::parameterSpecs() const {
  return {{"length", 2.0, 0.0}, {"radius", 0.5, 0.0}, {"thickness", 0.1, 0.0}};
}

std::unique_ptr<Node> TubePrimitive::cloneNode() const { return std::make_unique<TubePrimitive>(); }

Bounds3 TubePrimitive::bounds(const ParamAccess<double>& params) const {
  const double* q = params.of(*this);
  Bounds3 b;
  b.extend(Vec3d(-0.5 * q[0], -q[1], -q[1]));
  b.extend(Vec3d(0.5 * q[0], q[1], q[1]));
  return b;
}

namespace {
constexpr double kTwoPi = 2.0 * std::numbers::pi;

// The angle about +x for a patch: counter-clockwise on the outer wall and the -x ring,
// clockwise on the inner wall and the +x ring, so that ∂P/∂u × ∂P/∂v is outward.
template <class S> S tubeAngleOf(int patch, const S& u) {
  const bool reversed = patch == TubePrimitive::kInnerWall || patch == TubePrimitive::kEndRingPlusX;
  return reversed ? u * -kTwoPi : u * kTwoPi;
}
}  // namespace

template <class S>
Vec3<S> TubePrimitive::positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
  const S* q = p.of(*this);
  const S& length = q[0];
  const S& radius = q[1];
  const S inner = max(radius - q[2], S(0.0));
  const S phi = tubeAngleOf(patch, u);
  const S c = cos(phi), s = sin(phi);
  switch (patch) {
    case kOuterWall: return {length * (v - 0.5), radius * c, radius * s};
    case kInnerWall: return {length * (v - 0.5), inner * c, inner * s};
    case kEndRingMinusX:
    case kEndRingPlusX: {
      const S rho = inner + (radius - inner) * v;
      const S x = patch == kEndRingMinusX ? length * -0.5 : length * 0.5;
      return {x, rho * c, rho * s};
    }
    default: return {};
  }
}

template <class S>
Vec3<S> TubePrimitive::normalT(const ParamAccess<S>&, int patch, const S& u, const S&) const {
  const S phi = tubeAngleOf(patch, u);
  switch (patch) {
    case kOuterWall: return {S(0.0), cos(phi), sin(phi)};
    case kInnerWall: return {S(0.0), -cos(phi), -sin(phi)};
    case kEndRingMinusX: return {S(-1.0), S(0.0), S(0.0)};
    case kEndRingPlusX: return {S(1.0), S(0.0), S(0.0)};
    default: return {};
  }
}

template <class S>
S TubePrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* q = p.of(*this);
  const S rho = safeHypot(x.y, x.z);
  const S outside = rho - q[1];
  const S bore = (q[1] - q[2]) - rho;
  const S ends = abs(x.x) - q[0] * 0.5;
  return max(max(outside, bore), ends);
}

#define INSTANTIATE(S)                                \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(TubePrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(TubePrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(TubePrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
