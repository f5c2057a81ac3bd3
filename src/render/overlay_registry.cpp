#include "flexure/render/overlay_registry.h"

#include <vector>

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

void GlyphContext::toWorld(const Node& node, std::span<Vec3d> points, std::span<Vec3d> unitDirections,
                           bool includeSelf) const {
  std::vector<const Operator*> chain;
  forEachOperatorUp(node, includeSelf, [&](const Operator& op) { chain.push_back(&op); });
  // Points: each operator's apply, as toWorld does one by one (an affine operator's applyBatch
  // computes the same values; a deformer's vectorized batch may round differently).
  for (const Operator* op : chain) {
    if (op->isTrs()) {
      op->applyBatch(params, points, {});
    } else {
      for (Vec3d& p : points) p = op->apply(params, p);
    }
  }
  // Directions: the Jacobians at the node's origin (directionToWorld's), evaluated once.
  std::vector<Mat3d> jacobians;
  Vec3d x(0, 0, 0);
  for (const Operator* op : chain) {
    jacobians.push_back(op->jacobian(params, x));
    x = op->apply(params, x);
  }
  for (Vec3d& d : unitDirections) {
    for (const Mat3d& j : jacobians) d = j * d;
    d = normalized(d);
  }
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
