#pragma once
// A drag's goal (RigidJoint::goal) in the direct scheme: how far each iteration pulls toward
// it (RigidJoint::reach).
//
// The reach is adapted like a trust region's radius: halved when an iteration left the solid
// farther from its goal (the Gauss-Newton step overshot, as it does toward a point the joints
// cannot reach: it ignores the curvature of the path the grabbed point can take, so a rod of
// length L pointing near a target D away turns by D/L times its angle to it), doubled when an
// iteration closed at least half the gap it asked for (the linear model held).
//
// Tried and rejected (issue 17, the otary and snake drags toward an unreachable point):
//   - doubling after any iteration that brought the solid nearer: the reach cycled around the
//     largest value that does not overshoot and the solids never came to rest;
//   - pulling only from states where every joint holds, judged by the ratio of the progress
//     made to the progress the linear model predicted: the reach still cycled (snake) or the
//     joints' limit rows kept the restoration from finishing (otary).
// Known limit: once halved, the reach grows back only where the model holds, so toward an
// unreachable point the solids can come to rest short of the nearest pose their joints allow.
#include <vector>

#include "flexure/rigid/rigid_system.h"

namespace flexure {

class GoalPull {
 public:
  GoalPull(const RigidSystem& system, const std::vector<int>& active);
  bool any() const { return !goals_.empty(); }
  void before(const RigidSystem& system);  // measures the gaps
  void after(RigidSystem& system);         // adapts the reaches

 private:
  void measureGaps(const RigidSystem& system, std::vector<double>& gaps) const;

  std::vector<int> goals_;  // joint indices
  std::vector<double> before_, after_;
};

}  // namespace flexure
