#include "flexure/render/overlay_registry.h"

#include "flexure/core/operator.h"

namespace flexure {

namespace {

// The node itself (when asked and it is an operator), then every operator above it.
template <class Visit>
void forEachOperatorUp(const Node& node, bool includeSelf, Visit&& visit) {
  for (const Node* n = includeSelf ? &node : node.parent(); n != nullptr; n = n->parent())
    if (const auto* op = dynamic_cast<const Operator*>(n); op && !op->isIdentity()) visit(*op);
}

}  // namespace

Vec3d GlyphContext::toWorld(const Node& node, const Vec3d& local, bool includeSelf) const {
  Vec3d x = local;
  forEachOperatorUp(node, includeSelf, [&](const Operator& op) { x = op.apply(params, x); });
  return x;
}

Vec3d GlyphContext::directionToWorld(const Node& node, const Vec3d& local, bool includeSelf) const {
  // Directions are carried by the Jacobians at the node's origin (rigid frames, mostly).
  Vec3d x(0, 0, 0), d = local;
  forEachOperatorUp(node, includeSelf, [&](const Operator& op) {
    d = op.jacobian(params, x) * d;
    x = op.apply(params, x);
  });
  return d;
}

OverlayRegistry& OverlayRegistry::instance() {
  static OverlayRegistry registry;
  return registry;
}

void OverlayRegistry::addConstraintKind(std::string kind, ConstraintGlyphBuilder builder) {
  constraints_[std::move(kind)] = std::move(builder);
}

void OverlayRegistry::addNodeType(std::string type, NodeGlyphBuilder builder) {
  nodes_[std::move(type)] = std::move(builder);
}

const ConstraintGlyphBuilder* OverlayRegistry::constraintBuilder(std::string_view kind) const {
  const auto it = constraints_.find(kind);
  return it == constraints_.end() ? nullptr : &it->second;
}

const NodeGlyphBuilder* OverlayRegistry::nodeBuilder(std::string_view type) const {
  const auto it = nodes_.find(type);
  return it == nodes_.end() ? nullptr : &it->second;
}

}  // namespace flexure
