#include "commands/scene_content_exchange.h"

#include <memory>
#include <utility>
#include <vector>

#include "flexure/core/scene.h"

namespace flexure::app {
namespace {
std::vector<std::unique_ptr<Node>> takeChildren(Node& root) {
  std::vector<const Node*> children;
  for (const auto& c : root.children()) children.push_back(c.get());
  std::vector<std::unique_ptr<Node>> taken;
  for (const Node* c : children) taken.push_back(root.takeChild(*c));
  return taken;
}
}  // namespace

void exchangeSceneContent(Scene& a, Scene& b) {
  std::vector<std::unique_ptr<Node>> fromA = takeChildren(a.root());
  std::vector<std::unique_ptr<Node>> fromB = takeChildren(b.root());
  for (auto& n : fromB) a.root().addChild(std::move(n));
  for (auto& n : fromA) b.root().addChild(std::move(n));
  // Ψ's entries point to their owner nodes, which moved with the table; each node's slice
  // (offset, count) is unchanged because its tree moved whole. So the tables swap as they are.
  std::swap(a.parameters(), b.parameters());
  std::swap(a.constraints, b.constraints);
  std::swap(a.settings, b.settings);
  std::swap(a.description, b.description);
  a.resolveReferences();
  b.resolveReferences();
}

}  // namespace flexure::app
