#include "flexure/rigid/register.h"

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/constraint.h"
#include "flexure/rigid/rigid_benchmarks.h"
#include "flexure/core/importer_registry.h"
#include "flexure/rigid/description.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene_settings.h"
#include "flexure/core/solver_registry.h"
#include "flexure/rigid/rigid_family_solver.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/rigid_settings.h"
#include "flexure/rigid/solid_operator.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/session/part_drag_registry.h"
#include "interaction/rigid_interaction.h"
#if FLEXURE_HAS_BULLET
#include "peers/peers_benchmark.h"
#endif

#include "flexure/core/snap.h"

namespace flexure {

void registerRigidModule() {
  NodeRegistry::instance().add(std::string(SolidOperator::kType), [] { return std::make_unique<SolidOperator>(); });
  for (TranslationKind kind : {TranslationKind::None, TranslationKind::Point, TranslationKind::Segment,
                               TranslationKind::Ring, TranslationKind::Sphere, TranslationKind::Curve,
                               TranslationKind::Surface})
    ConstraintRegistry::instance().add(std::string(translationKindName(kind)),
                                       [kind] { return std::make_unique<RigidJoint>(kind); });
  SettingsRegistry::instance().add(std::string(RigidSettings::kKind), [] { return std::make_unique<RigidSettings>(); });
  SolverRegistry::instance().add(std::make_unique<RigidFamilySolver>());
  ImporterRegistry::instance().add({".dcl", "Gascuel constraint description language (docs/description-language.md)",
                                    importDescriptionFile, {}, {}});
  BenchmarkRegistry::instance().add({"rigid", runRigidBenchmarks});
#if FLEXURE_HAS_BULLET
  BenchmarkRegistry::instance().add({"peers", peers::runPeersBenchmark});  // Bullet beside Flexure
#endif
  registerRigidScalingProbes();
  // The window's part: glyphs and drags (interaction/, Qt- and GL-free).
  registerRigidOverlays(OverlayRegistry::instance());
  registerRigidPartDrags(session::PartDragRegistry::instance());
  registerRigidSnapRules(SnapRegistry::instance());
}

}  // namespace flexure
