#pragma once
// Edits of several nodes (delete, copy, group) act on whole sub-trees: a named node inside
// another named node's sub-tree goes with that one, not on its own. The helpers they share.
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace flexure {

class Node;
class Scene;

// `node` and every node below it, depth first, appended to `out`.
void collectSubtree(const Node& node, std::vector<const Node*>& out);
// True when a proper ancestor of `node` is in `nodes`.
bool hasAncestorIn(const Node& node, const std::set<const Node*>& nodes);

// The named nodes whose ancestors are not named, in the scene's depth-first order (repeats
// ignored). Empty, with `problem` set, for a name that is no node or the root; `edit` says what
// the edit does to them ("removed", "copied", "grouped") for that message.
std::vector<Node*> topmostNodes(const Scene& scene, const std::vector<std::string>& names, std::string_view edit,
                                std::string& problem);

}  // namespace flexure
