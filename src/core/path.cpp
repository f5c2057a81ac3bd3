#include "flexure/core/path.h"

#include <algorithm>

namespace flexure {

std::vector<const Node*> Path::nodes() const {
  std::vector<const Node*> out;
  auto addWithDependencies = [&](const Node* n) {
    if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
    for (const Node* d : n->dependencies())
      if (std::find(out.begin(), out.end(), d) == out.end()) out.push_back(d);
  };
  addWithDependencies(leaf);
  for (const Operator* op : operators) addWithDependencies(op);
  return out;
}

std::vector<int> Path::parameterIndices() const {
  std::vector<int> out;
  for (const Node* n : nodes())
    for (int i = 0; i < n->paramCount(); ++i) out.push_back(n->paramOffset() + i);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

void pathMapPointAndDirection(const Path& path, std::size_t from, const ParamAccess<double>& params, Vec3d& point,
                              Vec3d& direction) {
  for (std::size_t k = from; k < path.operators.size(); ++k) {
    const Operator& op = *path.operators[k];
    if (op.isIdentity()) continue;
    direction = op.jacobian(params, point) * direction;
    point = op.apply(params, point);
  }
  const double length = norm(direction);
  direction = length > 0.0 ? direction / length : Vec3d(0, 0, 0);
}

Vec3d nodeFrameToWorld(const Node& node, const ParamAccess<double>& params, Vec3d x) {
  for (const Node* n = &node; n != nullptr; n = n->parent())
    if (const auto* op = dynamic_cast<const Operator*>(n); op && !op->isIdentity()) x = op->apply(params, x);
  return x;
}

Vec3d worldToNodeFrame(const Node& node, const ParamAccess<double>& params, Vec3d X) {
  std::vector<const Operator*> above;  // innermost first
  for (const Node* n = &node; n != nullptr; n = n->parent())
    if (const auto* op = dynamic_cast<const Operator*>(n); op && !op->isIdentity()) above.push_back(op);
  for (auto it = above.rbegin(); it != above.rend(); ++it) X = (*it)->inverse(params, X);
  return X;
}

}  // namespace flexure
