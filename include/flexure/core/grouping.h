#pragma once
// Group and ungroup (Ctrl+G, Alt+G; `scene.group` and `scene.ungroup` in Python), keeping every
// part's world placement.
//
// Grouping wraps nodes in a new `group` operator (the identity) placed where the first of them
// was, under their lowest common ancestor. Nodes that were siblings keep their values; a node
// that lived deeper, under placement operators (translate, rotate, a scale of 1) between it and
// that ancestor, is moved out from under them and their motion is put back on top of it
// (placement_fold.h). A deformer or a solid in between refuses the group: leaving it would
// change the node's shape or body. A "placed group" is a translate over a rotate over the group
// ("<name>-translate", "<name>-rotate"), so the window can drag the group as one part; its
// translate starts at `pivot` (the grouped parts' centre, say) and the parts' placements take
// the opposite shift.
//
// Ungrouping removes a group and gives its children to the group's parent, in its place. A
// placed group's translate and rotate (the operators above the group that hold nothing else)
// go with it, and their motion is folded into each child's placement as above; a group whose
// placement is keyed on the timeline, or that a constraint names, is refused.
//
// Both change the tree in place; the window keeps the scene before and after for its undo step
// (scripting's content exchange), since a fold can touch many values.
#include <optional>
#include <string>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

class Scene;

struct GroupOptions {
  std::string name = "group";  // made unique the Blender way ("group.001")
  bool placed = false;          // a translate and a rotate over the group
  std::optional<Vec3d> pivot;   // placed groups: where the translate starts, in the group's parent's frame
};

struct Grouped {
  std::string group;               // the new group node
  std::string top;                 // the outermost new node: the placed group's translate, or the group
  std::vector<std::string> added;  // every new node, including placements made to carry a moved node's motion
};

// Why these nodes cannot be grouped, or an empty string.
std::string groupProblem(const Scene& scene, const std::vector<std::string>& names);
// Groups the nodes (a name inside another named sub-tree goes with it). Throws
// std::invalid_argument with groupProblem's text, changing nothing.
Grouped groupNodes(Scene& scene, const std::vector<std::string>& names, const GroupOptions& options = {});

struct Ungrouped {
  std::vector<std::string> children;  // the group's former children, now in its place
  std::vector<std::string> removed;   // the group and its placement operators
  std::vector<std::string> added;     // placements made to carry the folded motion
};

// Why `name` cannot be ungrouped, or an empty string. `name` is a group, or the translate or
// rotate of a placed group.
std::string ungroupProblem(const Scene& scene, const std::string& name);
Ungrouped ungroupNode(Scene& scene, const std::string& name);

}  // namespace flexure
