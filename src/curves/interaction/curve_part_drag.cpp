// Curve drag: a temporary curve-rubberband toward the target (curve_part_drag.h). The target is
// given in world space and converted into the curve's plane coordinates (curve_plane.h).
#include "curve_part_drag.h"

#include "curves_interaction.h"
#include "flexure/session/part_drag_registry.h"

#include <algorithm>

#include "flexure/curves/curve_constraints.h"
#include "flexure/curves/mes_curve.h"

namespace flexure {

using session::pickedPointPosition;

CurvePartDrag::CurvePartDrag(Scene& scene, double stiffness) : scene_(scene), stiffness_(stiffness) {}

PartDragStatus CurvePartDrag::status() const {
  PartDragStatus s;
  s.point = pickedPointPosition(scene_, node_, point_);
  return s;
}

PartDragStatus CurvePartDrag::begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) {
  node_ = node;
  point_ = point;
  const auto* curve = dynamic_cast<const MesCurve*>(scene_.find(node));
  PartDragStatus s = status();
  const ParameterTable& psi = scene_.parameters();
  bool anyFree = false;
  for (int i = 0; i < curve->paramCount(); ++i) anyFree = anyFree || !psi.isFrozen(curve->paramOffset() + i);
  if (!anyFree) {
    s.pinned = true;
    s.reason = "pinned: every control point of '" + node + "' is frozen";
    return s;
  }
  auto band = std::make_unique<CurveRubberband>();
  band->name = scene_.uniqueName("session-rubberband");
  band->curve = node;
  band->u = point.u;
  band->stiffness = stiffness_;
  band->point = curve->plane().toPlane(target);
  band->point.z = 0.0;
  band_ = band.get();
  scene_.constraints.push_back(std::move(band));
  scene_.resolveReferences();
  return s;
}

PartDragStatus CurvePartDrag::move(const Vec3d& target) {
  if (band_ != nullptr) {
    const auto* curve = dynamic_cast<const MesCurve*>(scene_.find(node_));
    band_->point = curve->plane().toPlane(target);
    band_->point.z = 0.0;
  }
  return status();
}

PartDragStatus CurvePartDrag::end() {
  auto& list = scene_.constraints;
  list.erase(std::remove_if(list.begin(), list.end(), [&](const auto& c) { return c.get() == band_; }), list.end());
  band_ = nullptr;
  scene_.resolveReferences();
  return status();
}

void registerCurvesPartDrags(session::PartDragRegistry& registry) {
  registry.addFactory({"curve rubberband", 20, [](Scene& scene, Node& picked, double) -> std::unique_ptr<PartDrag> {
                         if (dynamic_cast<const MesCurve*>(&picked) == nullptr) return nullptr;
                         return std::make_unique<CurvePartDrag>(scene);
                       }});
  // A curve lives in its plane: the mouse ray meets that plane (when it faces the view enough).
  registry.addDragPlane(std::string(MesCurve::kType), [](const Node& node) -> std::optional<Vec3d> {
    if (const auto* curve = dynamic_cast<const MesCurve*>(&node)) return curve->plane().normal;
    return std::nullopt;
  });
}

}  // namespace flexure
