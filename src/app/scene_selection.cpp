#include "scene_selection.h"

#include <algorithm>

#include "flexure/core/node.h"

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

void SceneSelection::clear() {
  if (nodes_.empty()) return;
  nodes_.clear();
  emit selectionChanged();
}

}  // namespace flexure::app
