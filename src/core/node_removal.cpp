#include "flexure/core/node_removal.h"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace flexure {

namespace {

void collectSubtree(const Node& node, std::set<const Node*>& out) {
  out.insert(&node);
  for (const auto& child : node.children()) collectSubtree(*child, out);
}

bool hasAncestorIn(const Node& node, const std::set<const Node*>& set) {
  for (const Node* p = node.parent(); p; p = p->parent())
    if (set.count(p)) return true;
  return false;
}

// The named nodes whose ancestors are not named, in depth-first order, or the problem.
std::vector<Node*> topNodes(const Scene& scene, const std::vector<std::string>& names, std::string& problem) {
  std::set<const Node*> named;
  for (const std::string& name : names) {
    const Node* node = scene.find(name);
    if (!node) {
      problem = "there is no node \"" + name + "\"";
      return {};
    }
    if (!node->parent()) {
      problem = "the root cannot be removed";
      return {};
    }
    named.insert(node);
  }
  std::vector<Node*> top;
  for (const Node* node : scene.nodes())
    if (named.count(node) && !hasAncestorIn(*node, named)) top.push_back(const_cast<Node*>(node));
  return top;
}

std::string dependencyProblem(const Scene& scene, const std::set<const Node*>& doomed) {
  for (const Node* n : scene.nodes()) {
    if (doomed.count(n)) continue;
    for (const Node* dep : n->dependencies())
      if (doomed.count(dep)) return "\"" + n->name() + "\" reads \"" + dep->name() + "\"; delete or change it first";
  }
  return {};
}

}  // namespace

std::string removeNodesProblem(const Scene& scene, const std::vector<std::string>& names) {
  std::string problem;
  const std::vector<Node*> top = topNodes(scene, names, problem);
  if (!problem.empty()) return problem;
  std::set<const Node*> doomed;
  for (const Node* node : top) collectSubtree(*node, doomed);
  return dependencyProblem(scene, doomed);
}

RemovedNodes removeNodes(Scene& scene, const std::vector<std::string>& names) {
  std::string problem;
  const std::vector<Node*> top = topNodes(scene, names, problem);
  if (!problem.empty()) throw std::invalid_argument(problem);
  std::set<const Node*> doomed;
  for (const Node* node : top) collectSubtree(*node, doomed);
  problem = dependencyProblem(scene, doomed);
  if (!problem.empty()) throw std::invalid_argument(problem);

  RemovedNodes out;
  for (const Node* node : doomed) out.removed.nodes.insert(node->name());
  for (const Node* node : top) out.roots.push_back(node->name());
  for (std::size_t i = 0; i < scene.constraints.size(); ++i) {
    const std::vector<std::string> refs = scene.constraints[i]->referencedNodes();
    if (std::any_of(refs.begin(), refs.end(), [&](const std::string& r) { return out.removed.nodes.count(r) > 0; })) {
      out.constraints.emplace_back(static_cast<int>(i), nullptr);
      if (!scene.constraints[i]->name.empty()) out.removed.constraints.insert(scene.constraints[i]->name);
    }
  }
  // Blocks forget while the names still resolve (SettingsBlock::forgetReferences).
  for (const auto& [kind, block] : scene.settings.blocks()) {
    std::unique_ptr<SettingsBlock> before = block->clone();
    if (block->forgetReferences(scene, out.removed)) out.settingsBefore.push_back(std::move(before));
  }
  for (auto it = out.constraints.rbegin(); it != out.constraints.rend(); ++it) {
    const auto where = scene.constraints.begin() + it->first;
    it->second = std::move(*where);
    scene.constraints.erase(where);
  }
  for (Node* node : top) out.subtrees.push_back(detachSubtree(scene, *node));
  scene.resolveReferences();
  return out;
}

void restoreNodes(Scene& scene, RemovedNodes& removed) {
  // Last out, first back: each sub-tree's position was taken with the ones before it removed.
  for (auto it = removed.subtrees.rbegin(); it != removed.subtrees.rend(); ++it) reattachSubtree(scene, *it);
  for (auto& [index, constraint] : removed.constraints)
    scene.constraints.insert(scene.constraints.begin() + index, std::move(constraint));
  for (auto& block : removed.settingsBefore) scene.settings.set(std::move(block));
  removed = RemovedNodes{};
  scene.resolveReferences();
}

}  // namespace flexure
