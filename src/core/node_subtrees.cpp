#include "flexure/core/node_subtrees.h"

#include "flexure/core/scene.h"

namespace flexure {

void collectSubtree(const Node& node, std::vector<const Node*>& out) {
  out.push_back(&node);
  for (const auto& child : node.children()) collectSubtree(*child, out);
}

bool hasAncestorIn(const Node& node, const std::set<const Node*>& nodes) {
  for (const Node* p = node.parent(); p; p = p->parent())
    if (nodes.count(p)) return true;
  return false;
}

std::vector<Node*> topmostNodes(const Scene& scene, const std::vector<std::string>& names, std::string_view edit,
                                std::string& problem) {
  std::set<const Node*> named;
  for (const std::string& name : names) {
    const Node* node = scene.find(name);
    if (!node) {
      problem = "there is no node \"" + name + "\"";
      return {};
    }
    if (!node->parent()) {
      problem = "the root cannot be " + std::string(edit);
      return {};
    }
    named.insert(node);
  }
  std::vector<Node*> top;
  for (const Node* node : scene.nodes())
    if (named.count(node) && !hasAncestorIn(*node, named)) top.push_back(const_cast<Node*>(node));
  return top;
}

}  // namespace flexure
