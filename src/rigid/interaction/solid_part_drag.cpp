// Solid drag: a temporary world point-to-point joint of the rigid family (solid_part_drag.h).
#include "solid_part_drag.h"

#include "flexure/session/part_drag_registry.h"
#include "rigid_interaction.h"

#include <algorithm>

#include "flexure/core/param_access.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/solid_operator.h"

namespace flexure {

using session::pickedPointPosition;

SolidPartDrag::SolidPartDrag(Scene& scene, std::string solid) : scene_(scene), solid_(std::move(solid)) {}

PartDragStatus SolidPartDrag::status() const {
  PartDragStatus s;
  s.point = pickedPointPosition(scene_, node_, point_);
  return s;
}

PartDragStatus SolidPartDrag::begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) {
  node_ = node;
  point_ = point;
  auto* solid = dynamic_cast<SolidOperator*>(scene_.find(solid_));
  PartDragStatus s = status();
  if (solid == nullptr || solid->fixed) {
    s.pinned = true;
    s.reason = "pinned: the solid '" + solid_ + "' is fixed";
    return s;
  }
  if (mode_ == DragMode::Shape) {
    s.pinned = true;
    s.reason = "pinned: in Shape mode a drag changes only a part's own and its deformers' parameters, and '" +
               solid_ + "' is a rigid solid whose pose the simulation owns; drag it in Move or Free mode";
    return s;
  }
  // The picked point in the solid's frame: P = t + R x  =>  x = R^T (P - t).
  const ValueAccess access(scene_.parameters().values());
  auto joint = std::make_unique<RigidJoint>(TranslationKind::Point);
  joint->name = scene_.uniqueName("session-mouse");
  joint->object1.clear();  // the world
  joint->object2 = solid_;
  joint->point1 = target;
  joint->point2 = solid->inverse(access, s.point);
  joint->goal = true;  // the solids follow as far as their joints allow, and rest there
  joint_ = joint.get();
  scene_.constraints.push_back(std::move(joint));
  if (mode_ == DragMode::Rotate) {
    auto pivot = std::make_unique<RigidJoint>(TranslationKind::Point);
    pivot->name = scene_.uniqueName("session-pivot");
    pivot->object1.clear();
    pivot->object2 = solid_;
    pivot->point1 = solid->apply(access, Vec3d(0, 0, 0));
    pivot->point2 = Vec3d(0, 0, 0);
    pivot_ = pivot.get();
    scene_.constraints.push_back(std::move(pivot));
  }
  scene_.resolveReferences();
  return s;
}

PartDragStatus SolidPartDrag::move(const Vec3d& target) {
  if (joint_ != nullptr) joint_->moveGoal(target);
  return status();
}

PartDragStatus SolidPartDrag::end() {
  auto& list = scene_.constraints;
  list.erase(std::remove_if(list.begin(), list.end(),
                            [&](const auto& c) { return c.get() == joint_ || (pivot_ && c.get() == pivot_); }),
             list.end());
  joint_ = nullptr;
  pivot_ = nullptr;
  scene_.resolveReferences();
  return status();
}

namespace {

// The nearest solid operator above `node` (the solid whose pose moves it), or null.
const SolidOperator* enclosingSolid(const Node& node) {
  for (const Node* n = &node; n != nullptr; n = n->parent())
    if (const auto* solid = dynamic_cast<const SolidOperator*>(n)) return solid;
  return nullptr;
}

}  // namespace

// After the nodes that have a drag of their own (handles, curves), before the energy spring.
void registerRigidPartDrags(session::PartDragRegistry& registry) {
  registry.addFactory({"solid mouse constraint", 50, [](Scene& scene, Node& picked, double) -> std::unique_ptr<PartDrag> {
                         const SolidOperator* solid = enclosingSolid(picked);
                         if (solid == nullptr) return nullptr;
                         return std::make_unique<SolidPartDrag>(scene, solid->name());
                       }});
}

}  // namespace flexure
