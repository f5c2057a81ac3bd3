#pragma once
// Turns a left-button gesture on a part into the solver session's drag commands (issue 7 item
// 3, docs/app.md "Dragging"): a press on a part remembers the pick; once the mouse has moved a
// few pixels the drag starts (DragStart with the picked node and SurfacePoint), every move
// sends DragMove with the mouse's target, and the release sends DragEnd. A press released
// without moving is a click (selection), so clicking never disturbs the model.
//
// The target is where the ray under the mouse meets the drag plane through the picked point
// (dragPlaneNormal), so the picked point stays under the cursor.
#include <QPointF>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "flexure/core/camera.h"
#include "flexure/core/drag_mode.h"
#include "flexure/render/mesh_picking.h"
#include "viewport/surface_pick.h"

namespace flexure::app {

class SolverLink;

// Where `ray` meets the plane through `point` with normal `normal` (nullopt when parallel).
std::optional<Vec3d> rayPlaneIntersection(const PickRay& ray, const Vec3d& point, const Vec3d& normal);
// The parameter t of the point origin + t·axis of a line nearest to `ray` (0 when they are parallel).
double rayLineParameter(const Vec3d& origin, const Vec3d& axis, const PickRay& ray);
// `value` rounded to the nearest multiple of `step` (itself when step ≤ 0).
double roundToStep(double value, double step);

// What a constrained press narrows its drag to (session::DragStart's fields of the same names):
// one node's parameters (a handle's arrow or ring), a fixed point of the part's own space to pull
// (a ring), a grip's parameters and the surface point it holds in place.
struct DragNarrowing {
  std::string only;
  std::optional<Vec3d> local;
  std::vector<std::string> gripParameters;
  std::optional<SurfacePoint> pin;
};

// The normal of the plane a picked part is dragged in: an MES curve's own plane (its points
// cannot leave it; the cursor then stays on the curve's point), unless the camera sees that
// plane nearly edge-on; else the plane facing the camera (normal = viewing direction).
Vec3d dragPlaneNormal(const Scene& scene, const SurfacePick& pick, const Camera& camera);

class PartDragController {
 public:
  // Pixels the mouse must move before a press becomes a drag (the viewport's click tolerance).
  static constexpr double kStartDistance = 4.0;

  explicit PartDragController(SolverLink& solver) : solver_(solver) {}

  // A left press on `pick` at `position` (widget pixels), dragged in the plane through the
  // picked point with normal `planeNormal` (dragPlaneNormal), moving the parameters `mode`
  // allows (drag_mode_choice.h; sent as DragStart::mode).
  void press(const SurfacePick& pick, const Vec3d& planeNormal, const QPointF& position,
             DragMode mode = DragMode::Free);
  // Where a target goes from the mouse's ray. `steps` is 0 when the target follows the mouse
  // freely, 1 while Ctrl is held (grid cells, 15°) and 0.1 with Shift too (tenths of them).
  using TargetOf = std::function<Vec3d(const PickRay& ray, double steps)>;
  // A press whose target is computed by `targetOf` from the mouse's ray instead of the drag
  // plane (the transform handle's arrows and rings, transform_handle.h; grips, grip.h), its drag
  // narrowed as `narrowing` says.
  void pressConstrained(const SurfacePick& pick, TargetOf targetOf, const QPointF& position, DragMode mode,
                        DragNarrowing narrowing = {});
  // After a press: other parts dragged along by the hand's displacement (the rest of a
  // multi-selection, session::DragStart::followers).
  void setFollowers(std::vector<std::pair<std::string, SurfacePoint>> followers) { followers_ = std::move(followers); }
  // With Ctrl held a plain drag moves the part's placement origin `origin` from grid point to
  // grid point of spacing `cell`, narrowed to the placement's `translate` (set after press()).
  // `grabbed` is where the picked surface point really is (the pick's world point lies on the
  // tessellation, a chord's error away): the spring pulls it, so the steps are counted from it.
  void setGridSteps(const Vec3d& origin, double cell, std::string translate, const Vec3d& grabbed) {
    gridOrigin_ = origin;
    gridCell_ = cell;
    gridTranslate_ = std::move(translate);
    gridGrabbed_ = grabbed;
  }
  // The mouse moved with the button down; `ray` runs through `position`; `steps` as TargetOf's.
  // Returns true when a drag is in progress after the move.
  bool move(const PickRay& ray, const QPointF& position, double steps = 0.0);
  // The button was released: true when it ended a drag (DragEnd sent), false for a click.
  bool release();

  bool isPressed() const { return pick_.has_value(); }
  bool isDragging() const { return dragging_; }
  // Ends the drag with the parts back where it found them (session::DragEnd::cancel).
  void cancel();
  // The picked part of the current press (null when none).
  const SurfacePick* picked() const { return pick_ ? &*pick_ : nullptr; }
  // The last target sent (world), valid while dragging.
  const Vec3d& target() const { return target_; }
  // The mode of the current press (what DragStart carries).
  DragMode mode() const { return mode_; }

 private:
  SolverLink& solver_;
  std::optional<SurfacePick> pick_;
  Vec3d planeNormal_;
  QPointF pressPosition_;
  Vec3d target_;
  DragMode mode_ = DragMode::Free;
  TargetOf targetOf_;
  DragNarrowing narrowing_;
  std::vector<std::pair<std::string, SurfacePoint>> followers_;
  Vec3d gridOrigin_;
  double gridCell_ = 0.0;  // 0: no grid steps
  std::string gridTranslate_;
  Vec3d gridGrabbed_;
  bool dragging_ = false;
};

}  // namespace flexure::app
