#include <mutex>

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/node_registry.h"
#include "flexure/deform/deform_benchmark.h"
#include "flexure/deform/grid_mesh_primitive.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/deform/register.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/session/part_drag_registry.h"
#include "interaction/deform_interaction.h"

namespace flexure {

void registerDeformModule() {
  static std::once_flag once;  // callable from tests and from registerAllModules alike
  std::call_once(once, [] {
    NodeRegistry& nodes = NodeRegistry::instance();
    nodes.add(std::string(deform::MetaballDeformOperator::kType), [] { return std::make_unique<deform::MetaballDeformOperator>(); });
    nodes.add(std::string(deform::GridMeshPrimitive::kType), [] { return std::make_unique<deform::GridMeshPrimitive>(); });
    BenchmarkRegistry::instance().add({"deform", [](bool quick) { return deform::runDeformBenchmark(quick); }});
    deform::registerDeformScalingProbe();
    // The window's part: glyphs and drags (interaction/, Qt- and GL-free).
    registerDeformOverlays(OverlayRegistry::instance());
    registerDeformPartDrags(session::PartDragRegistry::instance());
  });
}

}  // namespace flexure
