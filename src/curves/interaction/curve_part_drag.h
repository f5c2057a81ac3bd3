#pragma once
// Dragging a point of an MES curve (Chen & Wu, section 5.1): a curve-rubberband, the penalty
// spring k_p from the curve point r(u) toward the target, added to the working copy for the
// drag and removed at end(). The curves solver keeps every other constraint (molds, rings) met,
// so a point dragged into a mold wall stops there.
#include "flexure/session/part_drag.h"

namespace flexure {

class CurveRubberband;
using session::PartDrag;
using session::PartDragStatus;

class CurvePartDrag final : public PartDrag {
 public:
  explicit CurvePartDrag(Scene& scene, double stiffness = 1000.0);
  const char* kindName() const override { return "curve rubberband"; }
  PartDragStatus begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) override;
  PartDragStatus move(const Vec3d& target) override;
  PartDragStatus end() override;
  bool needsSolverSteps() const override { return true; }

 private:
  PartDragStatus status() const;
  Scene& scene_;
  double stiffness_;
  std::string node_;
  SurfacePoint point_;
  CurveRubberband* band_ = nullptr;  // owned by scene_.constraints while the drag lasts
};

}  // namespace flexure
