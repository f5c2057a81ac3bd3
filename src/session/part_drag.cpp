// Chooses the drag implementation through the techniques' factories (part_drag_registry.h).
#include "flexure/session/part_drag.h"

#include <stdexcept>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/core/primitive.h"
#include "flexure/session/part_drag_registry.h"

namespace flexure::session {

std::unique_ptr<PartDrag> makePartDrag(Scene& scene, const std::string& name, double time) {
  Node* node = scene.find(name);
  if (node == nullptr) return nullptr;
  return PartDragRegistry::instance().make(scene, *node, time);
}

PartDragStatus PartDrag::beginLocal(const std::string& node, const Vec3d&, const Vec3d& target) {
  return {true, std::string("pinned: a ") + kindName() + " drag pulls points of the surface of '" + node + "' only",
          target};
}

Vec3d pickedPointPosition(const Scene& scene, const std::string& name, const SurfacePoint& point) {
  const auto* leaf = dynamic_cast<const Primitive*>(scene.find(name));
  if (leaf == nullptr) throw std::invalid_argument("not a primitive: " + name);
  const Path path = scene.pathTo(*leaf);
  const ValueAccess access(scene.parameters().values());
  return pathPosition<double>(path, access, point.patch, point.u, point.v);
}

}  // namespace flexure::session
