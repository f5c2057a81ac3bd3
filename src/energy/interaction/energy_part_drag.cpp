// Energy drag: a thin adapter over the energy module's DragSession (energy/drag.h).
#include "energy_part_drag.h"

#include "energy_interaction.h"
#include "flexure/session/part_drag_registry.h"

#include "flexure/energy/energy_settings.h"

namespace flexure {

namespace {
EnergySettings sceneEnergySettings(Scene& scene) {
  if (const auto* s = scene.settings.tryGet<EnergySettings>()) return *s;
  return {};
}
}  // namespace

EnergyPartDrag::EnergyPartDrag(Scene& scene, double time)
    : scene_(scene), drag_(scene, sceneEnergySettings(scene), {}, time) {}

PartDragStatus EnergyPartDrag::convert(const DragStatus& status) const {
  std::string reason = status.reason;
  if (status.pinned && reason.rfind("pinned", 0) != 0) reason = "pinned: " + reason;
  PartDragStatus converted{status.pinned, reason, status.point};
  converted.hasEnergy = true;
  converted.userEnergy = drag_.userEnergy();
  converted.constraintEnergy = status.constraintEnergy;
  converted.settling = status.settling;
  for (int i : status.changedDrives) converted.changedDrives.push_back(scene_.parameters().info(i).qualifiedName());
  return converted;
}

PartDragStatus EnergyPartDrag::begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) {
  const DragStatus started = drag_.start(node, point);
  if (started.pinned) return convert(started);
  return convert(drag_.moveTo(target));
}

PartDragStatus EnergyPartDrag::beginLocal(const std::string& node, const Vec3d& local, const Vec3d& target) {
  const DragStatus started = drag_.startLocal(node, local);
  if (started.pinned) return convert(started);
  return convert(drag_.moveTo(target));
}

PartDragStatus EnergyPartDrag::move(const Vec3d& target) {
  if (drag_.status().pinned) return convert(drag_.status());
  return convert(drag_.moveToward(target));
}

PartDragStatus EnergyPartDrag::moveExactly(const Vec3d& target) {
  if (drag_.status().pinned) return convert(drag_.status());
  return convert(drag_.landOn(target));
}

PartDragStatus EnergyPartDrag::end() { return convert(drag_.end()); }

// The general drag, asked last: any part of a parameterized model, whatever moves it.
void registerEnergyPartDrags(session::PartDragRegistry& registry) {
  registry.addFactory({"energy spring", 100, [](Scene& scene, Node&, double time) -> std::unique_ptr<PartDrag> {
                         return std::make_unique<EnergyPartDrag>(scene, time);
                       }});
}

}  // namespace flexure
