#include "flexure/rigid/goal_pull.h"

#include <algorithm>
#include <cmath>

#include "flexure/rigid/joint_geometry.h"

namespace flexure {

GoalPull::GoalPull(const RigidSystem& system, const std::vector<int>& active) {
  for (int k : active)
    if (system.joints[static_cast<std::size_t>(k)].goal) goals_.push_back(k);
}

void GoalPull::measureGaps(const RigidSystem& system, std::vector<double>& gaps) const {
  gaps.resize(goals_.size());
  for (std::size_t g = 0; g < goals_.size(); ++g)
    gaps[g] = measureJointTranslation(system, system.joints[static_cast<std::size_t>(goals_[g])]).translationViolation;
}

void GoalPull::before(const RigidSystem& system) { measureGaps(system, before_); }

void GoalPull::after(RigidSystem& system) {
  measureGaps(system, after_);
  for (std::size_t g = 0; g < goals_.size(); ++g) {
    JointRecord& j = system.joints[static_cast<std::size_t>(goals_[g])];
    const double was = before_[g], is = after_[g];
    if (is > was) j.reach = std::max(0.5 * std::min(j.reach, was), 1e-12);
    else if (std::isfinite(j.reach) && was - is > 0.5 * std::min(j.reach, was)) j.reach *= 2.0;
  }
}

}  // namespace flexure
