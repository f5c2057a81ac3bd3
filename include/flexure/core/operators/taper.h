#pragma once
// Barr's taper along x (Barr 1984): the cross-section at x is scaled by f(x) = 1 + slope·x.
// T(x) = (x, f y, f z); the inverse divides by f(X) (x is unchanged), exact wherever f ≠ 0.
#include "flexure/core/operator.h"

namespace flexure {

class TaperOperator final : public OperatorT<TaperOperator> {
 public:
  static constexpr std::string_view kType = "taper";
  std::string_view type() const override { return kType; }
  // Slot: slope (per unit length, default 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
