// Metaball handle drag: the handle is metaball `point.patch` of the picked deformer; its
// displacement dD (Eq. 5) follows the mouse: dD = dD_start + (target - target_start).
#include "metaball_part_drag.h"

#include <algorithm>

#include "deform_interaction.h"
#include "flexure/core/operator.h"
#include "flexure/core/param_access.h"
#include "flexure/session/part_drag_registry.h"

#include "flexure/deform/metaball_deform_operator.h"

namespace flexure::deform {

MetaballPartDrag::MetaballPartDrag(Scene& scene, MetaballDeformOperator& deformer)
    : scene_(scene), deformer_(deformer) {}

PartDragStatus MetaballPartDrag::begin(const std::string&, const SurfacePoint& point, const Vec3d& target) {
  status_ = {};
  const int count = static_cast<int>(deformer_.metaballs().size());
  if (point.patch < 0 || point.patch >= count) {
    status_.pinned = true;
    status_.reason = "pinned: the deformer has no metaball " + std::to_string(point.patch);
    return status_;
  }
  const char* names[3] = {"dx", "dy", "dz"};
  ParameterTable& psi = scene_.parameters();
  bool anyFree = false;
  for (int k = 0; k < 3; ++k) {
    slots_[k] = deformer_.paramIndexOf(point.patch, names[k]);
    if (slots_[k] >= 0 && !psi.isFrozen(slots_[k])) anyFree = true;
  }
  if (!anyFree) {
    status_.pinned = true;
    status_.reason = "pinned: the metaball's displacement is frozen";
    return status_;
  }
  startTarget_ = target;
  startDisplacement_ = Vec3d(psi.value(slots_[0]), psi.value(slots_[1]), psi.value(slots_[2]));
  status_.point = startDisplacement_;
  return status_;
}

PartDragStatus MetaballPartDrag::move(const Vec3d& target) {
  if (status_.pinned) return status_;
  ParameterTable& psi = scene_.parameters();
  const Vec3d d = startDisplacement_ + (target - startTarget_);
  const double values[3] = {d.x, d.y, d.z};
  for (int k = 0; k < 3; ++k)
    if (slots_[k] >= 0 && !psi.isFrozen(slots_[k])) psi.setValue(slots_[k], values[k]);
  psi.clampToBounds();
  status_.point = Vec3d(psi.value(slots_[0]), psi.value(slots_[1]), psi.value(slots_[2]));
  return status_;
}

PartDragStatus MetaballPartDrag::end() { return status_; }

namespace {

constexpr double kHandleRadiusFraction = 0.18;  // of the metaball's effective radius
constexpr double kMinHandleRadius = 0.02;

// x in the deformer's input space mapped through every operator above the deformer.
Vec3d throughAncestors(const Node& deformer, const ValueAccess& params, Vec3d x) {
  for (const Node* n = deformer.parent(); n != nullptr; n = n->parent())
    if (const auto* op = dynamic_cast<const Operator*>(n); op != nullptr && !op->isIdentity()) x = op->apply(params, x);
  return x;
}

// One handle per metaball, at its displaced pivot (Eq. 5's D + dD) in world space.
void addMetaballHandles(const Node& node, const ParameterTable& psi, std::vector<session::DragHandle>& out) {
  const auto* deformer = dynamic_cast<const MetaballDeformOperator*>(&node);
  if (deformer == nullptr) return;
  const ValueAccess params(psi.values());
  for (int i = 0; i < static_cast<int>(deformer->metaballs().size()); ++i) {
    const auto slot = [&](const char* name) {
      const int index = deformer->paramIndexOf(i, name);
      return index >= 0 ? psi.value(index) : 0.0;
    };
    const Vec3d local = deformer->metaballs()[static_cast<std::size_t>(i)].pivot() + Vec3d(slot("dx"), slot("dy"), slot("dz"));
    session::DragHandle handle;
    handle.node = deformer->name();
    handle.index = i;
    handle.world = throughAncestors(*deformer, params, local);
    handle.radius = std::max(kMinHandleRadius, kHandleRadiusFraction * slot("radius"));
    out.push_back(std::move(handle));
  }
}

}  // namespace

}  // namespace flexure::deform

namespace flexure {

// Asked first: a deformer is picked only through its handles.
void registerDeformPartDrags(session::PartDragRegistry& registry) {
  registry.addFactory({"metaball displacement", 10, [](Scene& scene, Node& picked, double) -> std::unique_ptr<session::PartDrag> {
                         auto* deformer = dynamic_cast<deform::MetaballDeformOperator*>(&picked);
                         if (deformer == nullptr) return nullptr;
                         return std::make_unique<deform::MetaballPartDrag>(scene, *deformer);
                       }});
  registry.addHandles(std::string(deform::MetaballDeformOperator::kType), deform::addMetaballHandles);
}

}  // namespace flexure
