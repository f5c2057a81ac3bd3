#include "flexure/core/detached_subtree.h"

#include <algorithm>
#include <map>
#include <set>

#include "flexure/core/node_subtrees.h"

namespace flexure {

int positionInParent(const Node& node) {
  if (!node.parent()) return -1;
  const auto& siblings = node.parent()->children();
  const auto it = std::find_if(siblings.begin(), siblings.end(), [&](const auto& c) { return c.get() == &node; });
  return static_cast<int>(it - siblings.begin());
}

DetachedSubtree detachSubtree(Scene& scene, Node& node) {
  DetachedSubtree out;
  std::vector<const Node*> subtree;
  collectSubtree(node, subtree);
  const std::set<const Node*> nodes(subtree.begin(), subtree.end());
  const ParameterTable& table = scene.parameters();
  for (int i = 0; i < table.size(); ++i)
    if (nodes.count(table.info(i).owner)) out.saved.push_back({table.info(i).owner, table.info(i).slot, table.value(i), table.info(i)});
  out.parent = node.parent();
  out.position = positionInParent(node);
  out.root = scene.remove(node);
  return out;
}

Node& reattachSubtree(Scene& scene, DetachedSubtree& subtree) {
  Node& node = scene.add(std::move(subtree.root), subtree.parent, subtree.position);
  std::map<std::pair<const Node*, std::string>, const DetachedSubtree::SlotState*> saved;
  for (const auto& s : subtree.saved) saved[{s.owner, s.slot}] = &s;
  ParameterTable& table = scene.parameters();
  for (int i = 0; i < table.size(); ++i) {
    const auto it = saved.find({table.info(i).owner, table.info(i).slot});
    if (it == saved.end()) continue;
    table.setValue(i, it->second->value);
    table.info(i) = it->second->info;
  }
  subtree.saved.clear();
  return node;
}

}  // namespace flexure
