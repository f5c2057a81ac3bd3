#pragma once
// Dragging a metaball handle (Jin, Li & Peng 2000): the deformer's displacement slots dD_i of
// the metaball nearest the picked point are set directly so that the handle follows the
// target (Eq. 5: at full potential a point moves by dD_i). No solve is needed.
#include "flexure/session/part_drag.h"

namespace flexure::deform {

class MetaballDeformOperator;
using session::PartDrag;
using session::PartDragStatus;

class MetaballPartDrag final : public PartDrag {
 public:
  MetaballPartDrag(Scene& scene, MetaballDeformOperator& deformer);
  const char* kindName() const override { return "metaball displacement"; }
  PartDragStatus begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) override;
  PartDragStatus move(const Vec3d& target) override;
  PartDragStatus end() override;
  bool needsSolverSteps() const override { return false; }

 private:
  Scene& scene_;
  MetaballDeformOperator& deformer_;
  int slots_[3] = {-1, -1, -1};  // Ψ indices of dD.x, dD.y, dD.z
  Vec3d startTarget_;
  Vec3d startDisplacement_;
  PartDragStatus status_;
};

}  // namespace flexure::deform
