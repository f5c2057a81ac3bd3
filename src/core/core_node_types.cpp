#include "flexure/core/node_registry.h"
#include "flexure/core/operators/bend.h"
#include "flexure/core/operators/group.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/scale.h"
#include "flexure/core/operators/taper.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/operators/twist.h"
#include "flexure/core/primitives/bezier_patch.h"
#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/cylinder.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/core/primitives/superquadric.h"
#include "flexure/core/primitives/torus.h"
#include "flexure/core/primitives/tube.h"

namespace flexure {

namespace {
template <class T> void addType(NodeRegistry& registry) {
  registry.add(std::string(T::kType), [] { return std::make_unique<T>(); });
}
}  // namespace

void registerCoreNodeTypes(NodeRegistry& registry) {
  addType<SpherePrimitive>(registry);
  addType<BlockPrimitive>(registry);
  addType<CylinderPrimitive>(registry);
  addType<TubePrimitive>(registry);
  addType<TorusPrimitive>(registry);
  addType<SuperquadricPrimitive>(registry);
  addType<BezierPatchPrimitive>(registry);
  addType<MeshPrimitive>(registry);
  addType<GroupOperator>(registry);
  addType<TranslateOperator>(registry);
  addType<RotateOperator>(registry);
  addType<ScaleOperator>(registry);
  addType<BendOperator>(registry);
  addType<TwistOperator>(registry);
  addType<TaperOperator>(registry);
}

}  // namespace flexure
