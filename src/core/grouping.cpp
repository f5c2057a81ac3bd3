#include "flexure/core/grouping.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "flexure/core/copy_name.h"
#include "flexure/core/detached_subtree.h"
#include "flexure/core/node_removal.h"
#include "flexure/core/node_subtrees.h"
#include "flexure/core/operators/group.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/placement_fold.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

bool isAncestorOrSelf(const Node& ancestor, const Node& node) {
  for (const Node* p = &node; p; p = p->parent())
    if (p == &ancestor) return true;
  return false;
}

// What groupNodes will do, worked out before anything changes.
struct GroupPlan {
  std::vector<Node*> tops;         // the nodes to group, depth first
  std::vector<ChainMotion> moves;  // per top: the motion of the operators it leaves
  Node* parent = nullptr;          // their lowest common ancestor: the group's parent
  int position = 0;                // the group's place among the parent's children
  std::string problem;
};

GroupPlan planGroup(const Scene& scene, const std::vector<std::string>& names) {
  GroupPlan plan;
  if (names.empty()) {
    plan.problem = "nothing to group";
    return plan;
  }
  plan.tops = topmostNodes(scene, names, "grouped", plan.problem);
  if (!plan.problem.empty()) return plan;
  Node* lca = plan.tops.front()->parent();
  for (const Node* top : plan.tops)
    while (!isAncestorOrSelf(*lca, *top->parent())) lca = lca->parent();
  plan.parent = lca;
  for (const Node* top : plan.tops) {
    std::string blocker;
    const std::optional<ChainMotion> move = motionBetween(scene, *lca, *top, &blocker);
    if (!move) {
      plan.problem = "\"" + top->name() + "\" lies under \"" + blocker + "\" (" + std::string(scene.find(blocker)->type()) +
                     "), which is not a placement: taking it out into a group with \"" + plan.tops.front()->name() +
                     "\" would change it";
      return plan;
    }
    plan.moves.push_back(*move);
  }
  const Node* first = plan.tops.front();
  while (first->parent() != lca) first = first->parent();
  plan.position = positionInParent(*first);
  return plan;
}

std::unique_ptr<Node> newNode(std::unique_ptr<Node> node, const std::string& base, const Scene& scene,
                              const std::set<std::string, std::less<>>& given) {
  node->setName(uniqueCopyName(base, [&](std::string_view n) { return n == "root" || scene.find(n) || given.count(n); }));
  return node;
}

bool isPlacementType(const Node& node) { return node.type() == TranslateOperator::kType || node.type() == RotateOperator::kType; }

// What ungroupNode will do: the group, the outermost node of its placement, the problem.
struct UngroupPlan {
  Node* group = nullptr;
  Node* top = nullptr;
  std::string problem;
};

UngroupPlan planUngroup(const Scene& scene, const std::string& name) {
  UngroupPlan plan;
  Node* node = const_cast<Scene&>(scene).find(name);
  if (!node) {
    plan.problem = "there is no node \"" + name + "\"";
    return plan;
  }
  if (!node->parent()) {
    plan.problem = "the root cannot be ungrouped";
    return plan;
  }
  Node* group = node;
  while (isPlacementType(*group) && group->children().size() == 1) group = group->children().front().get();
  if (group->type() != GroupOperator::kType) {
    plan.problem = "\"" + name + "\" is not a group (nor the placement of one)";
    return plan;
  }
  Node* top = group;
  while (top->parent()->parent() && isPlacementType(*top->parent()) && top->parent()->children().size() == 1) top = top->parent();
  plan.group = group;
  plan.top = top;
  SceneNames going;
  for (const Node* p = group; p != top->parent(); p = p->parent()) going.nodes.insert(p->name());
  for (const auto& c : scene.constraints)
    for (const std::string& ref : c->referencedNodes())
      if (going.nodes.count(ref)) {
        plan.problem = "constraint \"" + c->name + "\" refers to \"" + ref + "\"; remove it before ungrouping";
        return plan;
      }
  for (const auto& [kind, block] : scene.settings.blocks())
    if (block->clone()->forgetReferences(scene, going)) {
      plan.problem = "the placement of \"" + group->name() + "\" is keyed (" + kind +
                     "); ungrouping would lose its keys: remove them first";
      return plan;
    }
  return plan;
}

}  // namespace

std::string groupProblem(const Scene& scene, const std::vector<std::string>& names) { return planGroup(scene, names).problem; }

Grouped groupNodes(Scene& scene, const std::vector<std::string>& names, const GroupOptions& options) {
  const GroupPlan plan = planGroup(scene, names);
  if (!plan.problem.empty()) throw std::invalid_argument(plan.problem);
  Grouped out;
  std::set<std::string, std::less<>> given;
  std::unique_ptr<Node> group = newNode(std::make_unique<GroupOperator>(), options.name.empty() ? "group" : options.name, scene, given);
  out.group = group->name();
  given.insert(out.group);
  Node* groupNode = group.get();
  std::unique_ptr<Node> top = std::move(group);
  if (options.placed) {
    std::unique_ptr<Node> rotate = newNode(std::make_unique<RotateOperator>(), out.group + "-rotate", scene, given);
    given.insert(rotate->name());
    std::unique_ptr<Node> translate = newNode(std::make_unique<TranslateOperator>(), out.group + "-translate", scene, given);
    rotate->addChild(std::move(top));
    translate->addChild(std::move(rotate));
    top = std::move(translate);
  }
  Node& added = scene.add(std::move(top), plan.parent, plan.position);
  out.top = added.name();
  for (const Node* n = groupNode; n != plan.parent; n = n->parent()) out.added.push_back(n->name());
  RigidMotion placement;
  if (options.placed && options.pivot) {
    placement.translation = *options.pivot;
    const int o = added.paramOffset();
    scene.parameters().setValue(o, placement.translation.x);
    scene.parameters().setValue(o + 1, placement.translation.y);
    scene.parameters().setValue(o + 2, placement.translation.z);
  }
  const RigidMotion unplace{-placement.translation, Quatd(1.0, 0.0, 0.0, 0.0)};
  for (std::size_t i = 0; i < plan.tops.size(); ++i) {
    Node& node = *plan.tops[i];
    scene.move(node, *groupNode, static_cast<int>(i));
    const RigidMotion motion = compose(unplace, plan.moves[i].motion);
    for (std::string& name : applyRigidMotion(scene, node, motion, plan.moves[i].frozen)) out.added.push_back(std::move(name));
  }
  scene.resolveReferences();
  return out;
}

std::string ungroupProblem(const Scene& scene, const std::string& name) { return planUngroup(scene, name).problem; }

Ungrouped ungroupNode(Scene& scene, const std::string& name) {
  const UngroupPlan plan = planUngroup(scene, name);
  if (!plan.problem.empty()) throw std::invalid_argument(plan.problem);
  Ungrouped out;
  Node& parent = *plan.top->parent();
  std::vector<Node*> children;
  for (const auto& child : plan.group->children()) children.push_back(child.get());
  std::vector<ChainMotion> moves;
  for (Node* child : children) moves.push_back(*motionBetween(scene, parent, *child));
  for (const Node* n = plan.group; n != &parent; n = n->parent()) out.removed.push_back(n->name());
  const int position = positionInParent(*plan.top);
  for (std::size_t i = 0; i < children.size(); ++i) {
    scene.move(*children[i], parent, position + static_cast<int>(i));
    for (std::string& added : applyRigidMotion(scene, *children[i], moves[i].motion, moves[i].frozen)) out.added.push_back(std::move(added));
    out.children.push_back(children[i]->name());
  }
  removeNodes(scene, {plan.top->name()});
  return out;
}

}  // namespace flexure
