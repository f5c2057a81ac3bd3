#pragma once
// Snapping that makes the joint (issue 26): while a part is dragged, when one of its features (a
// pipe's end, a face's centre, a solid's joint point, a curve's end) comes within a few pixels of a compatible
// feature of another part, releasing there creates the constraint the pair stands for — an
// attach-pipes for two pipe ends, an attach-surface for two faces, a floating contact for a pipe
// end on a face, a point-to-point joint between two solids, a nail of a curve's end on the other
// feature's point — and the solver closes it.
//
// Two registries, so that neither the window nor the core names a technique:
//   - features, per node type (the core's primitives in core_snap_features.cpp): each feature in
//     the node's own space, with its kind;
//   - rules, per technique (energy, rigid, curves): which pairs of features a technique can join, and the
//     constraint that joins them. Asked in rank order (lower first): the rigid module's joint
//     between solids before the energy module's terms between parameterized parts.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/constraint.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/core/vec.h"

namespace flexure {

struct SnapFeature {
  std::string kind;   // "pipe-end", "face", ...
  std::string name;   // "end +x", "face -y", ...: what the window shows
  std::string node;   // the primitive it belongs to
  int end = 0;        // a pipe end: +1 the +x end, −1 the −x end
  std::optional<SurfacePoint> surface;  // when the feature is a point of the surface
  Vec3d local;        // in the node's own space
  Vec3d direction;    // outward, unit, own space (zero: none)
  Vec3d world;        // where it is (filled by SnapRegistry::featuresOf)
  Vec3d worldDirection;
};

// A node's features in its own space (local and direction; world is filled in by the registry).
using SnapFeatureProvider = std::function<std::vector<SnapFeature>(const Node& node, const ParamAccess<double>& values)>;

struct SnapRule {
  std::string name;  // "attach-pipes", "point-to-point joint", ...
  int rank = 100;
  // Whether the technique can join `moving` (of the dragged part) to `target` (of another).
  std::function<bool(const Scene& scene, const SnapFeature& moving, const SnapFeature& target)> accepts;
  // The constraint that joins them (unnamed: the caller names it).
  std::function<std::unique_ptr<Constraint>(const Scene& scene, const SnapFeature& moving, const SnapFeature& target)>
      make;
  // Whether `existing`, a constraint of the scene of the same kind as `candidate`, already joins
  // what `candidate` would, so that the snap is not offered again. Empty: when both tie the same
  // parts (two pipes are joined once). A rule whose constraint ties one part at several places
  // (a curve nailed at either end) says what tells them apart.
  std::function<bool(const Constraint& existing, const Constraint& candidate)> sameJoint;
};

class SnapRegistry {
 public:
  static SnapRegistry& instance();  // the core's features are registered on first use
  void addFeatures(std::string type, SnapFeatureProvider provider);
  void addRule(SnapRule rule);

  // The features of a primitive in the world, at the scene's Ψ.
  std::vector<SnapFeature> featuresOf(const Scene& scene, const Primitive& leaf) const;
  // The features of every primitive of the scene but `except` (null: none left out).
  std::vector<SnapFeature> allFeatures(const Scene& scene, const Primitive* except = nullptr) const;
  // The first rule (by rank) that joins the pair, or null.
  const SnapRule* ruleFor(const Scene& scene, const SnapFeature& moving, const SnapFeature& target) const;

 private:
  SnapRegistry();
  std::map<std::string, SnapFeatureProvider, std::less<>> features_;
  std::vector<SnapRule> rules_;  // sorted by rank
};

// Registers the features of tube (its two pipe ends), cylinder (its two caps) and block (its six faces).
void registerCoreSnapFeatures(SnapRegistry& registry);

// Whether a constraint of the scene already joins what `candidate`, made by `rule`, would.
bool snapAlreadyJoined(const Scene& scene, const SnapRule& rule, const Constraint& candidate);

// The constraint a snap of `moving` onto `target` makes, named uniquely in `scene` after its
// rule ("snap-attach-pipes", ...); null when no rule joins them.
std::unique_ptr<Constraint> makeSnapConstraint(const Scene& scene, const SnapFeature& moving, const SnapFeature& target);

}  // namespace flexure
