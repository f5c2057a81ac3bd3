#include "flexure/core/node.h"

#include <algorithm>
#include <stdexcept>

namespace flexure {

Node::~Node() = default;

int Node::paramIndex(std::string_view slot) const {
  const std::vector<ParamSpec> specs = parameterSpecs();
  for (std::size_t i = 0; i < specs.size(); ++i)
    if (specs[i].name == slot) return paramOffset_ + static_cast<int>(i);
  return -1;
}

Node& Node::addChild(std::unique_ptr<Node> child, int position) {
  if (!child) throw std::invalid_argument("addChild: null node");
  if (isPrimitive()) throw std::invalid_argument("a primitive ('" + name_ + "') cannot have children");
  child->parent_ = this;
  Node& ref = *child;
  if (position < 0 || position >= static_cast<int>(children_.size()))
    children_.push_back(std::move(child));
  else
    children_.insert(children_.begin() + position, std::move(child));
  return ref;
}

std::unique_ptr<Node> Node::takeChild(const Node& child) {
  auto it = std::find_if(children_.begin(), children_.end(), [&](const auto& c) { return c.get() == &child; });
  if (it == children_.end()) throw std::invalid_argument("takeChild: '" + child.name() + "' is not a child of '" + name_ + "'");
  std::unique_ptr<Node> owned = std::move(*it);
  children_.erase(it);
  owned->parent_ = nullptr;
  return owned;
}

}  // namespace flexure
