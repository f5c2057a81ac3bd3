#pragma once
// Group: an operator that only gathers children (the identity map). The scene root is a group.
#include "flexure/core/operator.h"

namespace flexure {

class GroupOperator final : public OperatorT<GroupOperator> {
 public:
  static constexpr std::string_view kType = "group";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  std::unique_ptr<Node> cloneNode() const override { return std::make_unique<GroupOperator>(); }
  bool isIdentity() const override { return true; }

  template <class S> Vec3<S> applyT(const ParamAccess<S>&, const Vec3<S>& x) const { return x; }
  template <class S> Vec3<S> inverseT(const ParamAccess<S>&, const Vec3<S>& x) const { return x; }
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>&, const Vec3<S>&) const { return Mat3<S>::identity(); }
};

}  // namespace flexure
