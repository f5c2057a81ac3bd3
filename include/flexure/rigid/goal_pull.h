#pragma once
// A drag's goal (RigidJoint::goal) in the direct scheme: how far each iteration pulls toward
// it (RigidJoint::reach), and how far one call of processing may turn the solids for it.
//
// The reach is adapted like a trust region's radius: halved when an iteration left the solid
// farther from its goal (the Gauss-Newton step overshot, as it does toward a point the joints
// cannot reach: it ignores the curvature of the path the grabbed point can take, so a rod of
// length L pointing near a target D away turns by D/L times its angle to it), doubled when an
// iteration closed at least half the gap it asked for (the linear model held).
//
// The turn bound (issue 26: a drag never jumps). A point grabbed near the axis a solid turns
// about asks, for a small move of the mouse, for a large turn (a point r from its pivot moved by
// d asks for d/r radians). One call of processing — one frame of the window — turns no solid by
// more than kMaxTurnPerCall for a goal: an iteration that would is undone and the pull shrunk to
// what the remaining turn allows (from the turn per unit of pull the undone iteration showed);
// once a solid has turned by nearly the bound the goal stops pulling, the joints finish
// restoring, and processing reports that it stopped at the bound (ProcessingResult::turnBounded),
// so the caller pulls on at the next frame: the drag follows over several frames.
//
// Tried and rejected (issue 17, the otary and snake drags toward an unreachable point):
//   - doubling after any iteration that brought the solid nearer: the reach cycled around the
//     largest value that does not overshoot and the solids never came to rest;
//   - pulling only from states where every joint holds, judged by the ratio of the progress
//     made to the progress the linear model predicted: the reach still cycled (snake) or the
//     joints' limit rows kept the restoration from finishing (otary).
// Known limit: once halved, the reach grows back only where the model holds, so toward an
// unreachable point the solids can come to rest short of the nearest pose their joints allow.
#include <numbers>
#include <vector>

#include "flexure/rigid/rigid_system.h"

namespace flexure {

class GoalPull {
 public:
  static constexpr double kMaxTurnPerCall = 15.0 * std::numbers::pi / 180.0;

  GoalPull(const RigidSystem& system, const std::vector<int>& active);
  bool any() const { return !goals_.empty(); }
  void before(const RigidSystem& system);  // measures the gaps, keeps the poses
  // Adapts the reaches and sets the next iteration's; false when the iteration turned a solid
  // past the bound and was undone.
  bool after(RigidSystem& system);
  // The goals stopped pulling in this call: a solid turned by the bound.
  bool bounded() const { return bounded_; }
  // Puts the trust region's reaches back (the bound is for this call only).
  void finish(RigidSystem& system) const;

 private:
  struct Pose {
    Vec3d com;
    Quatd orientation;
    Mat3d rotation;
  };
  void measureGaps(const RigidSystem& system, std::vector<double>& gaps) const;
  void keepPoses(const RigidSystem& system, std::vector<Pose>& poses) const;
  // The largest turn of a movable solid from `poses` to the system's pose, radians.
  double largestTurnFrom(const RigidSystem& system, const std::vector<Pose>& poses) const;
  void setNextReach(RigidSystem& system) const;

  std::vector<int> goals_;  // joint indices
  std::vector<double> before_, after_;
  std::vector<double> trust_;   // each goal's trust-region reach (RigidJoint::reach)
  std::vector<Pose> start_;     // at the call's start
  std::vector<Pose> iteration_; // before the current iteration
  double capReach_;             // the most the turn left in this call allows a goal to pull
  double turnBefore_ = 0.0;     // turned since the start by the iterations kept (an undone one restores it)
  bool bounded_ = false;
};

}  // namespace flexure
