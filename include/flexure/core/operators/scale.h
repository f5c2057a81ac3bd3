#pragma once
// Scale along the axes: T(x) = (sx x, sy y, sz z). Jacobian diag(s), inverse X / s (where every
// factor is nonzero); normals transform by diag(1/s) and are renormalized. A negative factor
// mirrors the object; tessellation then reverses the triangle winding to keep it outward.
#include "flexure/core/operator.h"

namespace flexure {

class ScaleOperator final : public OperatorT<ScaleOperator> {
 public:
  static constexpr std::string_view kType = "scale";
  std::string_view type() const override { return kType; }
  // Slots: sx, sy, sz (default 1).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  bool isTrs() const override { return true; }
  TrsTransform trs(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
