// Chooses the drag implementation from what the picked node is (part_drag.h).
#include "flexure/session/part_drag.h"

#include <stdexcept>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/core/primitive.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/rigid/solid_operator.h"
#include "flexure/session/curve_part_drag.h"
#include "flexure/session/energy_part_drag.h"
#include "flexure/session/metaball_part_drag.h"
#include "flexure/session/solid_part_drag.h"

namespace flexure::session {

namespace {

// The nearest solid operator above `node` (the solid whose pose moves it), or null.
const SolidOperator* enclosingSolid(const Node& node) {
  for (const Node* n = &node; n != nullptr; n = n->parent())
    if (const auto* solid = dynamic_cast<const SolidOperator*>(n)) return solid;
  return nullptr;
}

}  // namespace

std::unique_ptr<PartDrag> makePartDrag(Scene& scene, const std::string& name, double time) {
  Node* node = scene.find(name);
  if (node == nullptr) return nullptr;
  if (auto* deformer = dynamic_cast<deform::MetaballDeformOperator*>(node))
    return std::make_unique<MetaballPartDrag>(scene, *deformer);
  if (dynamic_cast<const MesCurve*>(node) != nullptr) return std::make_unique<CurvePartDrag>(scene);
  if (const SolidOperator* solid = enclosingSolid(*node)) return std::make_unique<SolidPartDrag>(scene, solid->name());
  return std::make_unique<EnergyPartDrag>(scene, time);
}

Vec3d pickedPointPosition(const Scene& scene, const std::string& name, const SurfacePoint& point) {
  const auto* leaf = dynamic_cast<const Primitive*>(scene.find(name));
  if (leaf == nullptr) throw std::invalid_argument("not a primitive: " + name);
  const Path path = scene.pathTo(*leaf);
  const ValueAccess access(scene.parameters().values());
  return pathPosition<double>(path, access, point.patch, point.u, point.v);
}

}  // namespace flexure::session
