#pragma once
// Dragging a solid (Gascuel & Gascuel 1994): a mouse constraint for the displacement solver.
// The rigid module's public API has no separate mouse constraint, so the drag adds a temporary
// world point-to-point RigidJoint (object1 = world at the target, object2 = the solid at the
// picked point in its frame) to the working copy; the rigid solver's iterative corrections
// (Eq. 18/19) pull the solid toward it between the other constraints. It is removed at end().
//
// Drag modes (drag_mode.h): a solid's pose is placement, so Auto, Move and Free all move the pose
// (a free solid follows the mouse; one on joints turns about them, which the displacement solver
// does by itself). Rotate holds the solid's origin where it is with a second temporary joint, so
// the pull only turns it about its centre (issue 26). In Shape mode the drag is pinned with the
// reason: the solid is rigid, the simulation owns its pose, and its part's shape is not what a
// solid drag edits.
#include "flexure/session/part_drag.h"

namespace flexure {

class RigidJoint;
using session::PartDrag;
using session::PartDragStatus;

class SolidPartDrag final : public PartDrag {
 public:
  SolidPartDrag(Scene& scene, std::string solid);
  const char* kindName() const override { return "solid mouse constraint"; }
  void setMode(DragMode mode) override { mode_ = mode; }
  PartDragStatus begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) override;
  PartDragStatus move(const Vec3d& target) override;
  PartDragStatus end() override;
  bool needsSolverSteps() const override { return true; }

 private:
  PartDragStatus status() const;
  Scene& scene_;
  std::string solid_;
  std::string node_;
  SurfacePoint point_;
  DragMode mode_ = DragMode::Free;
  RigidJoint* joint_ = nullptr;  // owned by scene_.constraints while the drag lasts
  RigidJoint* pivot_ = nullptr;  // Rotate: the solid's origin held in place (also owned there)
};

}  // namespace flexure
