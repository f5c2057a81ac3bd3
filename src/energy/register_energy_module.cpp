#include "flexure/energy/register.h"

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/constraint.h"
#include "flexure/core/scene_settings.h"
#include "flexure/core/snap.h"
#include "flexure/core/solver_registry.h"
#include "flexure/energy/energy_benchmarks.h"
#include "flexure/energy/energy_family_solver.h"
#include "flexure/energy/energy_settings.h"
#include "flexure/energy/terms/attach_pipes.h"
#include "flexure/energy/terms/attach_point.h"
#include "flexure/energy/terms/attach_surface.h"
#include "flexure/energy/terms/collision.h"
#include "flexure/energy/terms/double_float.h"
#include "flexure/energy/terms/float_attach.h"
#include "flexure/energy/terms/orientation.h"
#include "flexure/energy/terms/param_anchor.h"
#include "flexure/energy/terms/param_default.h"
#include "flexure/energy/terms/param_relation.h"
#include "flexure/energy/terms/point_segment.h"
#include "flexure/energy/terms/slider.h"
#include "flexure/energy/terms/telescope.h"
#include "flexure/energy/terms/user_spring.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/session/part_drag_registry.h"
#include "interaction/energy_interaction.h"

namespace flexure {

namespace {
template <class T>
void addKind(ConstraintRegistry& registry) {
  registry.add(std::string(T::kKind), [] { return std::make_unique<T>(); });
}
}  // namespace

void registerEnergyModule() {
  ConstraintRegistry& kinds = ConstraintRegistry::instance();
  addKind<AttachPointTerm>(kinds);
  addKind<AttachSurfaceTerm>(kinds);
  addKind<FloatAttachTerm>(kinds);
  addKind<DoubleFloatTerm>(kinds);
  addKind<SliderTerm>(kinds);
  addKind<PointSegmentTerm>(kinds);
  addKind<TelescopeTerm>(kinds);
  addKind<CollisionTerm>(kinds);
  addKind<ParamDefaultTerm>(kinds);
  addKind<ParamRelationTerm>(kinds);
  addKind<OrientationTerm>(kinds);
  addKind<AttachPipesTerm>(kinds);
  addKind<UserSpringTerm>(kinds);
  addKind<ParamAnchorTerm>(kinds);
  SettingsRegistry::instance().add(std::string(EnergySettings::kKind), [] { return std::make_unique<EnergySettings>(); });
  SolverRegistry::instance().add(std::make_unique<EnergyFamilySolver>());
  BenchmarkRegistry::instance().add({"energy", runEnergyBenchmarks});
  registerEnergyScalingProbe();
  // The window's part: glyphs and drags (interaction/, Qt- and GL-free).
  registerEnergyOverlays(OverlayRegistry::instance());
  registerEnergyPartDrags(session::PartDragRegistry::instance());
  registerEnergySnapRules(SnapRegistry::instance());
}

}  // namespace flexure
