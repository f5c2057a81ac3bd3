#include "flexure/core/unwrap.h"

#include <cmath>
#include <stdexcept>
#include <vector>

#include "flexure/core/detached_subtree.h"
#include "flexure/core/node_removal.h"
#include "flexure/core/operator.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

// The four Ψ entries of a rotate as a normalized quaternion, and back.
Quatd quaternionOf(const Scene& scene, const Node& rotate) {
  const ParameterTable& table = scene.parameters();
  const int o = rotate.paramOffset();
  return normalized(Quatd(table.value(o), table.value(o + 1), table.value(o + 2), table.value(o + 3)));
}

void storeQuaternion(std::map<int, double>& values, const Node& rotate, const Quatd& q) {
  const int o = rotate.paramOffset();
  values[o] = q.w;
  values[o + 1] = q.x;
  values[o + 2] = q.y;
  values[o + 3] = q.z;
}

bool atDefaults(const Scene& scene, const Node& node) {
  const std::vector<ParamSpec> specs = node.parameterSpecs();
  for (int k = 0; k < node.paramCount(); ++k)
    if (std::abs(scene.parameters().value(node.paramOffset() + k) - specs[static_cast<std::size_t>(k)].defaultValue) > 1e-12)
      return false;
  return true;
}

// Where a rigid operator's transform goes when it is unwrapped: its children of the same type,
// or its parent of the same type when it is the only child, or nowhere (identity).
enum class Absorber { None, Children, Parent, Refused };

Absorber absorberOf(const Scene& scene, const Node& node) {
  if (!isRigidOperator(node) || atDefaults(scene, node)) return Absorber::None;
  const std::string_view type = node.type();
  if (type != "translate" && type != "rotate") return Absorber::Refused;
  bool childrenAbsorb = !node.children().empty();
  for (const auto& child : node.children()) childrenAbsorb = childrenAbsorb && child->type() == type;
  if (childrenAbsorb) return Absorber::Children;
  const Node* parent = node.parent();
  if (parent && parent->type() == type && parent->children().size() == 1) return Absorber::Parent;
  return Absorber::Refused;
}

}  // namespace

bool isRigidOperator(const Node& node) {
  const auto* op = dynamic_cast<const Operator*>(&node);
  return op && op->isTrs() && !op->isIdentity();
}

std::string unwrapProblem(const Scene& scene, const Node& node) {
  if (&node == &scene.root() || !node.parent()) return "The root cannot be unwrapped.";
  if (!node.isOperator()) return "'" + node.name() + "' is a primitive: only operators can be unwrapped.";
  if (absorberOf(scene, node) == Absorber::Refused)
    return "Unwrapping '" + node.name() + "' would move its children: nothing can take its " + std::string(node.type()) +
           " (set it to identity first).";
  if (node.parent()->isPrimitive()) return "'" + node.name() + "' has no operator to hold its children.";
  return {};
}

std::map<int, double> unwrapValues(const Scene& scene, const Node& node) {
  std::map<int, double> after;
  const Absorber absorber = absorberOf(scene, node);
  if (absorber != Absorber::Children && absorber != Absorber::Parent) return after;
  const ParameterTable& table = scene.parameters();
  const int o = node.paramOffset();
  if (node.type() == "translate") {
    const auto shift = [&](const Node& into) {
      for (int k = 0; k < 3; ++k) after[into.paramOffset() + k] = table.value(into.paramOffset() + k) + table.value(o + k);
    };
    if (absorber == Absorber::Children)
      for (const auto& child : node.children()) shift(*child);
    else
      shift(*node.parent());
  } else {  // rotate: R(C(x)) = q·c; P(R(x)) = p·q
    const Quatd q = quaternionOf(scene, node);
    if (absorber == Absorber::Children)
      for (const auto& child : node.children()) storeQuaternion(after, *child, q * quaternionOf(scene, *child));
    else
      storeQuaternion(after, *node.parent(), quaternionOf(scene, *node.parent()) * q);
  }
  return after;
}

void unwrapNode(Scene& scene, Node& node) {
  const std::string problem = unwrapProblem(scene, node);
  if (!problem.empty()) throw std::invalid_argument(problem);
  for (const auto& [index, value] : unwrapValues(scene, node)) scene.parameters().setValue(index, value);
  Node& parent = *node.parent();
  const int position = positionInParent(node);
  std::vector<Node*> children;
  for (const auto& child : node.children()) children.push_back(child.get());
  for (std::size_t i = 0; i < children.size(); ++i) scene.move(*children[i], parent, position + static_cast<int>(i));
  removeNodes(scene, {node.name()});
}

}  // namespace flexure
