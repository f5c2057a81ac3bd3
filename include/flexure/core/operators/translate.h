#pragma once
// Translate: T(x) = x + (x, y, z). Jacobian I, inverse X - t; normals are unchanged.
#include "flexure/core/operator.h"

namespace flexure {

class TranslateOperator final : public OperatorT<TranslateOperator> {
 public:
  static constexpr std::string_view kType = "translate";
  std::string_view type() const override { return kType; }
  // Slots: x, y, z (default 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  bool isTrs() const override { return true; }
  TrsTransform trs(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
