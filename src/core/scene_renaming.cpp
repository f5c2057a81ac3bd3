#include "flexure/core/scene_renaming.h"

#include <algorithm>
#include <set>
#include <stdexcept>

#include "flexure/core/scene.h"

namespace flexure {

namespace {

// The names after the renames, checked for clashes before anything changes.
void checkRenames(const Scene& scene, const SceneRenames& renames) {
  std::multiset<std::string, std::less<>> nodeNames;
  for (const Node* n : scene.nodes()) {
    if (!n->parent()) continue;  // the root
    const auto it = renames.nodes.find(n->name());
    nodeNames.insert(it == renames.nodes.end() ? n->name() : it->second);
  }
  for (const auto& [from, to] : renames.nodes) {
    if (!scene.find(from) || !scene.find(from)->parent()) throw std::invalid_argument("no node \"" + from + "\" to rename");
    if (to.empty()) throw std::invalid_argument("a node name must not be empty");
    if (to == "root") throw std::invalid_argument("the node name \"root\" is reserved for the scene root");
    if (nodeNames.count(to) > 1) throw std::invalid_argument("cannot rename \"" + from + "\" to \"" + to + "\": the name is taken");
  }
  std::multiset<std::string, std::less<>> constraintNames;
  for (const auto& c : scene.constraints) {
    const auto it = renames.constraints.find(c->name);
    constraintNames.insert(it == renames.constraints.end() ? c->name : it->second);
  }
  for (const auto& [from, to] : renames.constraints) {
    // A structured binding cannot be captured before C++20 compilers that implement P1091
    // (Debian 12's clang 14 refuses it): the lambda takes a reference of its own.
    const std::string& old = from;
    const bool exists = std::any_of(scene.constraints.begin(), scene.constraints.end(), [&](const auto& c) { return c->name == old; });
    if (!exists) throw std::invalid_argument("no constraint \"" + from + "\" to rename");
    if (to.empty()) throw std::invalid_argument("a constraint name given by a rename must not be empty");
    if (constraintNames.count(to) > 1)
      throw std::invalid_argument("cannot rename constraint \"" + from + "\" to \"" + to + "\": the name is taken");
  }
}

}  // namespace

void renameWithReferences(Scene& scene, const SceneRenames& renames) {
  renameWithoutResolving(scene, renames);
  scene.resolveReferences();
}

void renameWithoutResolving(Scene& scene, const SceneRenames& renames) {
  checkRenames(scene, renames);
  // Blocks first: they resolve their targets against the names as they are now.
  for (const auto& [kind, block] : scene.settings.blocks()) block->renameReferences(scene, renames);
  if (!renames.nodes.empty()) {
    ReferenceRewriter rewriter(renames.nodes);
    for (auto& constraint : scene.constraints) {
      const std::vector<std::string> refs = constraint->referencedNodes();
      if (std::any_of(refs.begin(), refs.end(), [&](const std::string& r) { return renames.nodes.count(r) > 0; }))
        constraint->visitFields(rewriter);
    }
    std::set<const Node*> renamed;
    for (const auto& [from, to] : renames.nodes) renamed.insert(scene.find(from));
    for (Node* node : scene.nodes()) {
      const std::vector<const Node*> deps = node->dependencies();
      if (std::any_of(deps.begin(), deps.end(), [&](const Node* d) { return renamed.count(d) > 0; })) node->visitFields(rewriter);
    }
    // Found before any is renamed: a rename may take a name another rename gives up.
    std::vector<std::pair<Node*, std::string>> targets;
    for (const auto& [from, to] : renames.nodes) targets.emplace_back(scene.find(from), to);
    for (auto& [node, to] : targets) node->setName(to);
  }
  for (auto& constraint : scene.constraints)
    if (const auto it = renames.constraints.find(constraint->name); it != renames.constraints.end()) constraint->name = it->second;
}

}  // namespace flexure
