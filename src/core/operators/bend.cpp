#include "flexure/core/operators/bend.h"

#include <cmath>
#include <limits>

#include "../primitives/scalar_instantiation.h"
#include "small_angle.h"

namespace flexure {

std::vector<ParamSpec> BendOperator::parameterSpecs() const {
  return {{"start", -1.0}, {"stop", 1.0}, {"amount", 0.0}};
}

std::unique_ptr<Node> BendOperator::cloneNode() const { return std::make_unique<BendOperator>(); }

namespace {

// A bending region shorter than this does not bend (its curvature would be unbounded).
constexpr double kMinRegion = 1e-12;

template <class S>
struct BendRegion {
  S start, stop, amount, length, k;  // k = amount / (stop - start), the curvature
  bool degenerate;
};

template <class S> BendRegion<S> regionOf(const S* q) {
  BendRegion<S> r{q[0], q[1], q[2], q[1] - q[0], S(0.0), false};
  r.degenerate = value(r.length) < kMinRegion;
  if (!r.degenerate) r.k = r.amount / r.length;
  return r;
}

// The image of the axis point at arc length t (0 <= t <= length): (start + sin θ / k, (1 - cos θ) / k)
// in the x,z plane, written with sinc/cosc so that it is smooth through k = 0.
template <class S> void arcPoint(const BendRegion<S>& r, const S& t, S& ax, S& az) {
  const S theta = r.k * t;
  ax = r.start + t * sinc(theta);
  az = r.k * t * t * cosc(theta);
}

}  // namespace

template <class S>
Vec3<S> BendOperator::applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const BendRegion<S> r = regionOf(p.of(*this));
  if (r.degenerate) return x;
  const S xh = clamp(x.x, r.start, r.stop);
  const S t = xh - r.start, d = x.x - xh;  // arc length inside, straight run outside
  const S theta = r.k * t;
  const S c = cos(theta), s = sin(theta);
  S ax, az;
  arcPoint(r, t, ax, az);
  // Arc point + z along the arc's normal (-sin θ, cos θ) + d along its tangent (cos θ, sin θ).
  return {ax - x.z * s + d * c, x.y, az + x.z * c + d * s};
}

// Each of the three parts has a closed-form inverse; a point may have a candidate preimage in
// more than one part only where the bend is not one-to-one (beyond the bend radius, or past a
// right angle, where the straight continuation swings back over the untouched half). There the
// candidate closest to the axis (smallest |z|) is returned: the object lives near its axis.
template <class S>
Vec3<S> BendOperator::inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
  const BendRegion<S> r = regionOf(p.of(*this));
  if (r.degenerate) return X;
  const S xi = X.x - r.start, zeta = X.z;
  Vec3<S> best = X;
  double bestOffset = std::numeric_limits<double>::infinity();
  auto consider = [&](const Vec3<S>& candidate) {
    const double offset = std::abs(value(candidate.z));
    if (offset < bestOffset) { best = candidate; bestOffset = offset; }
  };
  // x < start is left in place.
  if (xi < 0.0) consider(X);
  // Past the end plane of the arc: the rigidly moved straight continuation.
  S ex, ez;
  arcPoint(r, r.length, ex, ez);
  const S ca = cos(r.amount), sa = sin(r.amount);
  const S along = (X.x - ex) * ca + (X.z - ez) * sa;
  if (along > 0.0) consider(Vec3<S>(r.stop + along, X.y, (X.z - ez) * ca - (X.x - ex) * sa));
  // Inside the arc: the angle θ seen from the bend centre (start, 1/k) is atan2(k ξ, 1 - k ζ);
  // dividing by k in the atanc form keeps t smooth through k = 0.
  const S w = 1.0 - r.k * zeta;
  const S t = w > 0.5 ? (xi / w) * atanc(r.k * xi / w) : atan2(r.k * xi, w) / r.k;
  if (t >= 0.0 && t <= r.length) {
    const S theta = r.k * t;
    // z is the offset along the arc normal: (p - arc(t))·(-sin θ, cos θ), with
    // arc(t)·n = (cos θ - 1) / k = -t θ cosc(θ).
    const S z = zeta * cos(theta) - xi * sin(theta) + t * theta * cosc(theta);
    consider(Vec3<S>(r.start + t, X.y, z));
  }
  return best;
}

// Inside the region the arc stretches the x direction by (1 - k z) (the distance to the bend
// centre over the bend radius); outside it is a rigid rotation by θ.
template <class S>
Mat3<S> BendOperator::jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const BendRegion<S> r = regionOf(p.of(*this));
  if (r.degenerate) return Mat3<S>::identity();
  const bool inside = x.x >= r.start && x.x <= r.stop;
  const S t = clamp(x.x, r.start, r.stop) - r.start;
  const S theta = r.k * t;
  const S c = cos(theta), s = sin(theta);
  const S stretch = inside ? S(1.0) - r.k * x.z : S(1.0);
  Mat3<S> m;
  m.m[0][0] = stretch * c; m.m[0][2] = -s;
  m.m[1][1] = S(1.0);
  m.m[2][0] = stretch * s; m.m[2][2] = c;
  return m;
}

#define INSTANTIATE(S) FLEXURE_INSTANTIATE_OPERATOR(BendOperator, S)
FLEXURE_FOR_EACH_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
