#include "flexure/core/benchmark_registry.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene_settings.h"
#include "flexure/core/snap.h"
#include "flexure/core/solver_registry.h"
#include "flexure/curves/curve_benchmarks.h"
#include "flexure/curves/curve_constraints.h"
#include "flexure/curves/curve_family_solver.h"
#include "flexure/curves/curve_settings.h"
#include "flexure/curves/curve_surfaces.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/curves/mold_wall.h"
#include "flexure/curves/register.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/session/part_drag_registry.h"
#include "interaction/curves_interaction.h"

namespace flexure {

void registerCurvesModule() {
  NodeRegistry& nodes = NodeRegistry::instance();
  nodes.add(std::string(MesCurve::kType), [] { return std::make_unique<MesCurve>(); });
  nodes.add(std::string(ExtrudeSurface::kType), [] { return std::make_unique<ExtrudeSurface>(); });
  nodes.add(std::string(SweepSurface::kType), [] { return std::make_unique<SweepSurface>(); });
  nodes.add(std::string(LoftSurface::kType), [] { return std::make_unique<LoftSurface>(); });
  nodes.add(std::string(MoldWall::kType), [] { return std::make_unique<MoldWall>(); });
  registerCurveConstraintKinds();
  SettingsRegistry::instance().add(std::string(CurveSettings::kKind), [] { return std::make_unique<CurveSettings>(); });
  SolverRegistry::instance().add(std::make_unique<CurveFamilySolver>());
  BenchmarkRegistry::instance().add({"curves", runCurveBenchmarks});
  registerCurveScalingProbe();
  // The window's part: glyphs, drags and snapping (interaction/, Qt- and GL-free).
  registerCurveOverlays(OverlayRegistry::instance());
  registerCurvesPartDrags(session::PartDragRegistry::instance());
  registerCurveSnapping(SnapRegistry::instance());
}

}  // namespace flexure
