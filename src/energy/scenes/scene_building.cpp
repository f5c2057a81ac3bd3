#include "flexure/energy/scenes/scene_building.h"

#include <stdexcept>

namespace flexure {

Node& addNamed(Scene& scene, std::unique_ptr<Node> node, const std::string& name, Node* parent) {
  node->setName(name);
  return scene.add(std::move(node), parent);
}

void setParam(Scene& scene, const Node& node, const std::string& slot, double value, bool frozen) {
  const int i = node.paramIndex(slot);
  if (i < 0) throw std::invalid_argument("node '" + node.name() + "' has no parameter '" + slot + "'");
  scene.parameters().setValue(i, value);
  scene.parameters().setFrozen(i, frozen);
}

void setVec(Scene& scene, const Node& n, const Vec3d& v, bool frozen) {
  setParam(scene, n, "x", v.x, frozen);
  setParam(scene, n, "y", v.y, frozen);
  setParam(scene, n, "z", v.z, frozen);
}

void setQuat(Scene& scene, const Node& n, const Quatd& q, bool frozen) {
  setParam(scene, n, "qw", q.w, frozen);
  setParam(scene, n, "qx", q.x, frozen);
  setParam(scene, n, "qy", q.y, frozen);
  setParam(scene, n, "qz", q.z, frozen);
}

void freezeSubtree(Scene& scene, const Node& node) {
  for (int k = 0; k < node.paramCount(); ++k) scene.parameters().setFrozen(node.paramOffset() + k, true);
  for (const auto& c : node.children()) freezeSubtree(scene, *c);
}

}  // namespace flexure
