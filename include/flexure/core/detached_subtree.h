#pragma once
// A sub-tree taken out of a scene together with its slice of Ψ (values, frozen flags, bounds)
// and its place (parent, position among the siblings), so that it can be put back exactly:
// the outliner's undo steps, delete several (node_removal.h) and paste (scene_fragment.h) use it.
// Ψ entries are kept per (node object, slot), so they follow the node objects themselves.
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/scene.h"

namespace flexure {

struct DetachedSubtree {
  struct SlotState {
    const Node* owner = nullptr;
    std::string slot;
    double value = 0.0;
    ParameterInfo info;
  };
  std::unique_ptr<Node> root;
  Node* parent = nullptr;
  int position = -1;  // among the parent's children
  std::vector<SlotState> saved;
};

// Removes `node` (and its sub-tree) from `scene`, remembering where it was and its Ψ entries.
DetachedSubtree detachSubtree(Scene& scene, Node& node);
// Puts a detached sub-tree back where it was (`parent`, `position`), with its Ψ entries.
// Returns the node. Scene::add renames a node whose name has been taken meanwhile.
Node& reattachSubtree(Scene& scene, DetachedSubtree& subtree);

// Index of `node` among its parent's children (-1 for the root).
int positionInParent(const Node& node);

}  // namespace flexure
