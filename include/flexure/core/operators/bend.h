#pragma once
// Barr's bend along x (Barr 1984, "Global and local deformations of solid primitives", §2.3),
// in the x,z plane. Over the bending region start <= x <= stop the x axis is mapped onto a
// circular arc of curvature k = amount / (stop - start), so `amount` is the angle between the
// two ends of the curved part; the part x < start is left in place and the part x > stop
// continues straight, rigidly rotated by `amount` and translated to the end of the arc.
// Positive amounts bend towards +z. With x̂ = clamp(x, start, stop), t = x̂ - start, θ = k t:
//
//   X = start + t·sinc(θ) - z sin θ + (x - x̂) cos θ
//   Y = y
//   Z = k t²·cosc(θ) + z cos θ + (x - x̂) sin θ
//
// where sinc(θ) = sin θ / θ and cosc(θ) = (1 - cos θ) / θ² (so t·sinc(θ) = sin θ / k and
// k t² cosc(θ) = (1 - cos θ) / k); both are evaluated by their Taylor series near 0, so values
// and jets stay finite and exact at amount = 0, the usual starting value.
// The inverse is exact (closed form) wherever the bend is one-to-one: for |amount| <= π/2, every
// point closer to the axis than the bend radius 1/|k|; beyond a right angle the straight
// continuation swings back over the untouched half, and the inverse returns the preimage
// closest to the axis (smallest |z|), which is the right one for objects that do not
// intersect themselves (see docs/geometry.md).
#include "flexure/core/operator.h"

namespace flexure {

class BendOperator final : public OperatorT<BendOperator> {
 public:
  static constexpr std::string_view kType = "bend";
  std::string_view type() const override { return kType; }
  // Slots: start (default -1), stop (default 1), amount (radians, default 0).
  // stop must exceed start; a region shorter than 1e-12 does not bend.
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
