#pragma once
// Deleting several nodes at once, with what referred to them, and putting them back exactly:
// the window's Delete (X) of a selection and its undo, `scene.remove_nodes` in Python. A node is
// removed with its sub-tree; constraints that name a removed node go with it (they could not
// be resolved any more), and so does whatever a settings block holds for removed nodes and
// constraints (keyframe tracks, through SettingsBlock::forgetReferences). restoreNodes puts it
// all back where it was, so the scene's text is byte-identical to the text before.
//
// Undo and redo: removeNodes on redo, restoreNodes on undo, as long as the scene between the
// two is what the removal left (a linear undo history guarantees it). The same pair undoes a
// paste or a duplicate: removeNodes of the names it added takes exactly those nodes, their
// constraints and tracks away again.
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "flexure/core/detached_subtree.h"
#include "flexure/core/scene.h"

namespace flexure {

struct RemovedNodes {
  std::vector<DetachedSubtree> subtrees;  // in the order they were taken out (depth first)
  // Constraints that referred to a removed node, with their index in Scene::constraints before
  // the removal, ascending.
  std::vector<std::pair<int, std::unique_ptr<Constraint>>> constraints;
  // The settings blocks the removal changed, as they were before it.
  std::vector<std::unique_ptr<SettingsBlock>> settingsBefore;
  std::vector<std::string> roots;  // the removed sub-trees' roots (names given whose ancestor was not given)
  SceneNames removed;              // every removed node (sub-trees included) and constraint
};

// Why the nodes cannot be removed, or an empty string: a name that is no node, the root, or a
// node that stays and reads one that goes (a sweep's profile curve: delete or change it first).
std::string removeNodesProblem(const Scene& scene, const std::vector<std::string>& names);

// Removes the named nodes with their sub-trees (a name inside another named sub-tree goes with
// it; repeats are ignored), the constraints that refer to them and their keyframe tracks.
// Throws std::invalid_argument with removeNodesProblem's text, changing nothing.
RemovedNodes removeNodes(Scene& scene, const std::vector<std::string>& names);

// Puts back what removeNodes took, at the same places, with the same Ψ values, frozen flags and
// bounds, constraints at their indices and settings blocks as they were. `removed` is emptied.
void restoreNodes(Scene& scene, RemovedNodes& removed);

}  // namespace flexure
