#pragma once
// Barr's twist about the x axis (Barr 1984): the cross-section at x is rotated by θ = rate·x
// (radians per unit length). T(x) = (x, y cos θ - z sin θ, y sin θ + z cos θ); the inverse
// rotates by -rate·X (x is unchanged, so it is exact everywhere).
#include "flexure/core/operator.h"

namespace flexure {

class TwistOperator final : public OperatorT<TwistOperator> {
 public:
  static constexpr std::string_view kType = "twist";
  std::string_view type() const override { return kType; }
  // Slot: rate (radians per unit length, default 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
