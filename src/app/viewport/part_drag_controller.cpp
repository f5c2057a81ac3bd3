#include "viewport/part_drag_controller.h"

#include <QLineF>
#include <chrono>
#include <cmath>

#include "flexure/session/part_drag_registry.h"
#include "window/solver_link.h"

namespace flexure::app {

std::optional<Vec3d> rayPlaneIntersection(const PickRay& ray, const Vec3d& point, const Vec3d& normal) {
  const Vec3d origin(ray.origin.x, ray.origin.y, ray.origin.z);
  const Vec3d direction(ray.direction.x, ray.direction.y, ray.direction.z);
  const double denominator = dot(direction, normal);
  if (std::abs(denominator) < 1e-12) return std::nullopt;
  const double t = dot(point - origin, normal) / denominator;
  return origin + direction * t;
}

double rayLineParameter(const Vec3d& origin, const Vec3d& axis, const PickRay& ray) {
  const Vec3d o(ray.origin.x, ray.origin.y, ray.origin.z), d(ray.direction.x, ray.direction.y, ray.direction.z);
  const Vec3d w = origin - o;
  const double a = dot(axis, axis), b = dot(axis, d), c = dot(d, d), e = dot(axis, w), f = dot(d, w);
  const double denominator = a * c - b * b;
  if (std::abs(denominator) < 1e-12) return 0.0;  // the ray runs along the line
  return (b * f - c * e) / denominator;
}

double roundToStep(double value, double step) { return step > 0.0 ? std::round(value / step) * step : value; }

Vec3d dragPlaneNormal(const Scene& scene, const SurfacePick& pick, const Camera& camera) {
  constexpr double kMinFacing = 0.2;  // |cos| between the curve plane's normal and the view
  const Vec3d view = camera.target - camera.eye;
  const double length = norm(view);
  const Vec3d facing = length > 0.0 ? view / length : Vec3d(0, 0, 1);
  // A node dragged in a plane of its own (an MES curve) registers it (part_drag_registry.h).
  if (const Node* node = scene.find(pick.node))
    if (const std::optional<Vec3d> normal = session::PartDragRegistry::instance().dragPlane(*node))
      if (std::abs(dot(*normal, facing)) > kMinFacing) return *normal;
  return facing;
}

void PartDragController::press(const SurfacePick& pick, const Vec3d& planeNormal, const QPointF& position,
                               DragMode mode) {
  pick_ = pick;
  mode_ = mode;
  targetOf_ = nullptr;
  narrowing_ = {};
  gridCell_ = 0.0;
  gridTranslate_.clear();
  followers_.clear();
  planeNormal_ = planeNormal;
  pressPosition_ = position;
  target_ = pick.world;
  dragging_ = false;
}

void PartDragController::pressConstrained(const SurfacePick& pick, TargetOf targetOf, const QPointF& position,
                                         DragMode mode, DragNarrowing narrowing) {
  press(pick, Vec3d(0, 0, 1), position, mode);
  targetOf_ = std::move(targetOf);
  narrowing_ = std::move(narrowing);
}

bool PartDragController::move(const PickRay& ray, const QPointF& position, double steps) {
  if (!pick_) return false;
  if (!dragging_) {
    if (QLineF(pressPosition_, position).length() < kStartDistance) return false;
    // The drag starts at the picked point itself; the first move follows at once.
    solver_.send(session::DragStart{pick_->node, pick_->point, pick_->world, mode_, narrowing_.only, narrowing_.local,
                                    narrowing_.gripParameters, narrowing_.pin, followers_});
    dragging_ = true;
  }
  if (targetOf_) {
    target_ = targetOf_(ray, steps);
    session::DragMove move{target_};
    move.exact = steps > 0.0;
    move.sentAt = std::chrono::steady_clock::now();
    solver_.send(move);
  } else if (const auto target = rayPlaneIntersection(ray, pick_->world, planeNormal_)) {
    target_ = *target;
    const bool stepped = steps > 0.0 && gridCell_ > 0.0;
    if (stepped) {
      // The grabbed point moves as the placement's origin does, from grid point to grid point.
      const double cell = steps * gridCell_;
      const Vec3d moved = target_ - pick_->world;
      const Vec3d at = gridOrigin_ + moved;
      const Vec3d onGrid(roundToStep(at.x, cell), roundToStep(at.y, cell), roundToStep(at.z, cell));
      target_ = gridGrabbed_ + (onGrid - gridOrigin_);
    }
    session::DragMove move{target_};
    move.exact = stepped;
    // While stepping, only the translate moves, so the origin lands on the grid exactly (the
    // ladder would leave the part a turn of a fraction of a degree, drag_metric.h).
    if (!gridTranslate_.empty()) move.only = stepped ? gridTranslate_ : narrowing_.only;
    move.sentAt = std::chrono::steady_clock::now();
    solver_.send(move);
  }
  return true;
}

void PartDragController::cancel() {
  if (dragging_) solver_.send(session::DragEnd{true});
  pick_.reset();
  targetOf_ = nullptr;
  dragging_ = false;
}

bool PartDragController::release() {
  const bool wasDragging = dragging_;
  if (dragging_) solver_.send(session::DragEnd{});
  pick_.reset();
  targetOf_ = nullptr;
  dragging_ = false;
  return wasDragging;
}

}  // namespace flexure::app
