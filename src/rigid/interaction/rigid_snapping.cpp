// What snapping (flexure/core/snap.h) joins between solids (Gascuel & Gascuel 1994, section 3.1):
// any two features of parts under two different solids, with a point-to-point joint at the
// features' points in each solid's frame; the displacement solver closes it.
#include "flexure/core/param_access.h"
#include "flexure/core/snap.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/solid_operator.h"
#include "rigid_interaction.h"

namespace flexure {

namespace {

const SolidOperator* solidAbove(const Scene& scene, const std::string& node) {
  for (const Node* n = scene.find(node); n != nullptr; n = n->parent())
    if (const auto* solid = dynamic_cast<const SolidOperator*>(n)) return solid;
  return nullptr;
}

std::unique_ptr<Constraint> pointToPoint(const Scene& scene, const SnapFeature& moving, const SnapFeature& target) {
  const SolidOperator* a = solidAbove(scene, target.node);
  const SolidOperator* b = solidAbove(scene, moving.node);
  const ValueAccess values(scene.parameters().values());
  auto joint = std::make_unique<RigidJoint>(TranslationKind::Point);
  joint->object1 = a->name();
  joint->point1 = a->inverse(values, target.world);
  joint->object2 = b->name();
  joint->point2 = b->inverse(values, moving.world);
  return joint;
}

}  // namespace

// Asked before the energy module's rules: parts under solids are joined as solids.
void registerRigidSnapRules(SnapRegistry& registry) {
  registry.addRule({"point-to-point joint", 50,
                    [](const Scene& scene, const SnapFeature& m, const SnapFeature& t) {
                      const SolidOperator* a = solidAbove(scene, t.node);
                      const SolidOperator* b = solidAbove(scene, m.node);
                      return a != nullptr && b != nullptr && a != b;
                    },
                    pointToPoint, {}});
}

}  // namespace flexure
