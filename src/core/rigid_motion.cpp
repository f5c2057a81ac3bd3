#include "flexure/core/rigid_motion.h"

#include "flexure/core/operator.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/scale.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"

namespace flexure {

RigidMotion compose(const RigidMotion& outer, const RigidMotion& inner) {
  return {outer.apply(inner.translation), normalized(outer.rotation * inner.rotation)};
}

bool isPlacementOperator(const Scene& scene, const Node& node) {
  const auto* op = dynamic_cast<const Operator*>(&node);
  if (!op) return false;
  if (op->isIdentity()) return true;
  const std::string_view type = node.type();
  if (type == TranslateOperator::kType || type == RotateOperator::kType) return true;
  if (type != ScaleOperator::kType) return false;
  const TrsTransform trs = op->trs(ValueAccess(scene.parameters().values()));
  return trs.scale.x == 1.0 && trs.scale.y == 1.0 && trs.scale.z == 1.0;
}

std::optional<ChainMotion> motionBetween(const Scene& scene, const Node& ancestor, const Node& node, std::string* blocker) {
  ChainMotion chain;
  const ValueAccess values(scene.parameters().values());
  for (const Node* p = node.parent(); p && p != &ancestor; p = p->parent()) {
    if (!isPlacementOperator(scene, *p)) {
      if (blocker) *blocker = p->name();
      return std::nullopt;
    }
    const TrsTransform trs = static_cast<const Operator*>(p)->trs(values);
    chain.motion = compose(RigidMotion{trs.translation, trs.rotation}, chain.motion);
    for (int k = 0; k < p->paramCount(); ++k) chain.frozen = chain.frozen && scene.parameters().isFrozen(p->paramOffset() + k);
  }
  return chain;
}

}  // namespace flexure
