// Metaball handle drag: the handle is metaball `point.patch` of the picked deformer; its
// displacement dD (Eq. 5) follows the mouse: dD = dD_start + (target - target_start).
#include "flexure/session/metaball_part_drag.h"

#include "flexure/deform/metaball_deform_operator.h"

namespace flexure::session {

MetaballPartDrag::MetaballPartDrag(Scene& scene, deform::MetaballDeformOperator& deformer)
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

}  // namespace flexure::session
