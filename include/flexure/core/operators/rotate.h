#pragma once
// Rotate by a quaternion: T(x) = R(q/|q|) x. The four slots qw, qx, qy, qz are a free 4-vector,
// normalized inside every evaluation (Witkin et al. 1987, pipefitting: "a quaternion rotation is
// specified by a 4-vector"), so a solver may move them without a unit-length constraint.
// Jacobian R, inverse R^T X; normals rotate with R (R^{-T} = R).
#include "flexure/core/operator.h"

namespace flexure {

class RotateOperator final : public OperatorT<RotateOperator> {
 public:
  static constexpr std::string_view kType = "rotate";
  std::string_view type() const override { return kType; }
  // Slots: qw, qx, qy, qz (default 1, 0, 0, 0: the identity).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  bool isTrs() const override { return true; }
  TrsTransform trs(const ParamAccess<double>& params) const override;
  // One rotation matrix for the whole batch (apply() builds it per point).
  void applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points, std::span<Vec3d> normals) const override;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const;

  // The rotation matrix of the normalized quaternion held in `p` (for other modules' use).
  template <class S> Mat3<S> rotationT(const ParamAccess<S>& p) const;
};

}  // namespace flexure
