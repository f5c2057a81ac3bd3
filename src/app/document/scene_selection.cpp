#include "document/scene_selection.h"

#include <algorithm>

#include "flexure/core/node.h"
#include "flexure/core/scene.h"

namespace flexure::app {

bool SceneSelection::covers(const Node* node) const {
  for (const Node* n = node; n; n = n->parent())
    if (std::find(nodes_.begin(), nodes_.end(), n) != nodes_.end()) return true;
  return false;
}

void SceneSelection::select(const Node* node) {
  if (!node) {
    clear();
    return;
  }
  if (nodes_.size() == 1 && nodes_.front() == node) return;
  nodes_.assign(1, node);
  emit selectionChanged();
}

bool SceneSelection::contains(const Node* node) const {
  return std::find(nodes_.begin(), nodes_.end(), node) != nodes_.end();
}

void SceneSelection::setNodes(const std::vector<const Node*>& nodes) {
  std::vector<const Node*> unique;
  for (const Node* n : nodes)
    if (n && std::find(unique.begin(), unique.end(), n) == unique.end()) unique.push_back(n);
  if (unique == nodes_) return;
  nodes_ = std::move(unique);
  emit selectionChanged();
}

void SceneSelection::toggle(const Node* node) {
  if (!node) return;
  if (const auto it = std::find(nodes_.begin(), nodes_.end(), node); it != nodes_.end())
    nodes_.erase(it);
  else
    nodes_.push_back(node);
  emit selectionChanged();
}

void SceneSelection::clear() {
  if (nodes_.empty()) return;
  nodes_.clear();
  emit selectionChanged();
}

void SceneSelection::keepOnlyNodesOf(const Scene& scene) {
  const std::vector<const Node*> alive = scene.nodes();
  const auto gone = [&](const Node* n) { return std::find(alive.begin(), alive.end(), n) == alive.end(); };
  const auto end = std::remove_if(nodes_.begin(), nodes_.end(), gone);
  if (end == nodes_.end()) return;
  nodes_.erase(end, nodes_.end());
  emit selectionChanged();
}

}  // namespace flexure::app
