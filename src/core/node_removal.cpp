#include "flexure/core/node_removal.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "flexure/core/node_subtrees.h"

namespace flexure {

namespace {

std::set<const Node*> subtreesOf(const std::vector<Node*>& top) {
  std::vector<const Node*> all;
  for (const Node* node : top) collectSubtree(*node, all);
  return {all.begin(), all.end()};
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
  const std::vector<Node*> top = topmostNodes(scene, names, "removed", problem);
  if (!problem.empty()) return problem;
  const std::set<const Node*> doomed = subtreesOf(top);
  return dependencyProblem(scene, doomed);
}

RemovedNodes removeNodes(Scene& scene, const std::vector<std::string>& names) {
  std::string problem;
  const std::vector<Node*> top = topmostNodes(scene, names, "removed", problem);
  if (!problem.empty()) throw std::invalid_argument(problem);
  const std::set<const Node*> doomed = subtreesOf(top);
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
