#include "flexure/core/snap.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"

namespace flexure {

SnapRegistry& SnapRegistry::instance() {
  static SnapRegistry registry;
  return registry;
}

SnapRegistry::SnapRegistry() { registerCoreSnapFeatures(*this); }

void SnapRegistry::addFeatures(std::string type, SnapFeatureProvider provider) {
  features_[std::move(type)] = std::move(provider);
}

void SnapRegistry::addRule(SnapRule rule) {
  rules_.push_back(std::move(rule));
  std::stable_sort(rules_.begin(), rules_.end(), [](const SnapRule& a, const SnapRule& b) { return a.rank < b.rank; });
}

std::vector<SnapFeature> SnapRegistry::featuresOf(const Scene& scene, const Primitive& leaf) const {
  const auto it = features_.find(leaf.type());
  if (it == features_.end()) return {};
  const ValueAccess values(scene.parameters().values());
  std::vector<SnapFeature> out = it->second(leaf, values);
  const Path path = scene.pathTo(leaf);
  for (SnapFeature& f : out) {
    f.node = leaf.name();
    f.world = f.local;
    f.worldDirection = f.direction;
    pathMapPointAndDirection(path, 0, values, f.world, f.worldDirection);
  }
  return out;
}

std::vector<SnapFeature> SnapRegistry::allFeatures(const Scene& scene, const Primitive* except) const {
  std::vector<SnapFeature> out;
  for (const Node* node : scene.nodes())
    if (node->isPrimitive() && node != except && features_.count(node->type()) > 0) {
      std::vector<SnapFeature> some = featuresOf(scene, static_cast<const Primitive&>(*node));
      out.insert(out.end(), std::make_move_iterator(some.begin()), std::make_move_iterator(some.end()));
    }
  return out;
}

const SnapRule* SnapRegistry::ruleFor(const Scene& scene, const SnapFeature& moving, const SnapFeature& target) const {
  for (const SnapRule& rule : rules_)
    if (rule.accepts(scene, moving, target)) return &rule;
  return nullptr;
}

bool snapAlreadyJoined(const Scene& scene, const SnapRule& rule, const Constraint& candidate) {
  std::vector<std::string> nodes = candidate.referencedNodes();
  const std::set<std::string> wanted(nodes.begin(), nodes.end());
  for (const auto& c : scene.constraints) {
    if (c->kind() != candidate.kind()) continue;
    if (rule.sameJoint) {
      if (rule.sameJoint(*c, candidate)) return true;
      continue;
    }
    nodes = c->referencedNodes();
    if (std::set<std::string>(nodes.begin(), nodes.end()) == wanted) return true;
  }
  return false;
}

std::unique_ptr<Constraint> makeSnapConstraint(const Scene& scene, const SnapFeature& moving, const SnapFeature& target) {
  const SnapRule* rule = SnapRegistry::instance().ruleFor(scene, moving, target);
  if (rule == nullptr) return nullptr;
  std::unique_ptr<Constraint> c = rule->make(scene, moving, target);
  if (!c) return nullptr;
  // "snap-<kind>", then "snap-<kind>-2", ...: unique among the scene's constraints.
  const std::string base = "snap-" + std::string(c->kind());
  auto taken = [&](const std::string& name) {
    return std::any_of(scene.constraints.begin(), scene.constraints.end(),
                       [&](const auto& other) { return other->name == name; });
  };
  std::string name = base;
  for (int k = 2; taken(name); ++k) name = base + "-" + std::to_string(k);
  c->name = name;
  return c;
}

}  // namespace flexure
