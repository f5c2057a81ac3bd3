#pragma once
// Tracks resolved against one scene: each target name turned into Ψ indices or a constraint and
// field, so that applying the keys of a frame is a loop over indices. Resolve again after
// loading and after every structural change (nodes or constraints added, removed, renamed),
// because Ψ indices move when the tree changes.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "flexure/anim/track.h"

namespace flexure {

class Constraint;
class Scene;
class TimelineSettings;

// The w, x, y, z slots of the quaternion that the Ψ slot `qualifiedSlot` belongs to, found by
// name: the slot is "<stem>w|x|y|z" and its node has all four of <stem>w, <stem>x, <stem>y,
// <stem>z ("qw".."qz", "q.w".."q.z", "orientation_w"..). Returns their Ψ indices in w, x, y, z
// order, or nothing.
std::optional<std::array<int, 4>> findQuaternionSlots(const Scene& scene, const std::string& qualifiedSlot);

// Splits "constraint:<name>.<field>" against the scene's constraint names (names may contain
// dots; the longest matching name wins). Returns the constraint index and the field, or nothing.
std::optional<std::pair<int, std::string>> findConstraintTarget(const Scene& scene, const std::string& target);

// Sets the numeric field `field` of a constraint: "weight", "enabled" (on when value >= 0.5),
// a double, int (rounded) or bool field of its visitFields, or a component "<vec>.x|y|z" of a
// Vec3 field. Returns false when the constraint has no such numeric field.
bool setConstraintField(Constraint& constraint, const std::string& field, double value);
// Reads the same fields; nothing when absent.
std::optional<double> constraintFieldValue(Constraint& constraint, const std::string& field);

class TrackBinding {
 public:
  // Resolves every track of the timeline; throws FieldError naming the first target that does
  // not exist in the scene.
  static TrackBinding resolve(Scene& scene, const TimelineSettings& timeline);

  // Writes the keyed values at time t into Ψ and the constraints.
  void apply(Scene& scene, double t) const;
  // Only the constraint targets (restoring a cached frame: its Ψ already holds the keyed values).
  void applyToConstraints(Scene& scene, double t) const;
  // Ψ indices written by the tracks (sorted); solvers must not move them during a frame.
  const std::vector<int>& keyedParameters() const { return keyedParameters_; }
  bool isKeyed(int psiIndex) const;
  std::size_t size() const { return bound_.size(); }

 private:
  struct Bound {
    const Track* track = nullptr;  // points into the timeline block it was resolved from
    std::array<int, 4> psiSlots{-1, -1, -1, -1};  // Ψ index (scalar: psiSlots[0]); quaternion: w, x, y, z
    // (not named "slots": Qt defines that word as a macro in every file that includes QObject)
    int constraint = -1;          // index in Scene::constraints for constraint targets
    std::string field;
  };
  std::vector<Bound> bound_;
  std::vector<int> keyedParameters_;
};

}  // namespace flexure
