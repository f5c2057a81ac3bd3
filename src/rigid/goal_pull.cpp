#include "flexure/rigid/goal_pull.h"

#include <algorithm>
#include <cmath>

#include "flexure/rigid/joint_geometry.h"

namespace flexure {

namespace {

// A bound met to within this fraction stops the pull: the next frame goes on from there.
constexpr double kBoundReached = 0.9;

double angleBetween(const Quatd& a, const Quatd& b) {
  const double d = std::abs(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z);
  return 2.0 * std::acos(std::min(d, 1.0));
}

}  // namespace

GoalPull::GoalPull(const RigidSystem& system, const std::vector<int>& active) : capReach_(RigidJoint::kInfinity) {
  for (int k : active)
    if (system.joints[static_cast<std::size_t>(k)].goal) {
      goals_.push_back(k);
      trust_.push_back(system.joints[static_cast<std::size_t>(k)].reach);
    }
  if (any()) keepPoses(system, start_);
}

void GoalPull::measureGaps(const RigidSystem& system, std::vector<double>& gaps) const {
  gaps.resize(goals_.size());
  for (std::size_t g = 0; g < goals_.size(); ++g)
    gaps[g] = measureJointTranslation(system, system.joints[static_cast<std::size_t>(goals_[g])]).translationViolation;
}

void GoalPull::keepPoses(const RigidSystem& system, std::vector<Pose>& poses) const {
  poses.resize(system.bodies.size());
  for (std::size_t b = 0; b < poses.size(); ++b) {
    const RigidBody& body = system.bodies[b];
    poses[b] = {body.com, body.orientation, body.rotation};
  }
}

double GoalPull::largestTurnFrom(const RigidSystem& system, const std::vector<Pose>& poses) const {
  double largest = 0.0;
  for (std::size_t b = 0; b < poses.size(); ++b)
    if (!system.bodies[b].fixed) largest = std::max(largest, angleBetween(poses[b].orientation, system.bodies[b].orientation));
  return largest;
}

void GoalPull::before(const RigidSystem& system) {
  if (!any()) return;
  measureGaps(system, before_);
  keepPoses(system, iteration_);
}

// The direct scheme makes the next iteration's rows as it measures the violation after this
// one (directRows), so the reach they use is set here, at the end of an iteration.
void GoalPull::setNextReach(RigidSystem& system) const {
  for (std::size_t g = 0; g < goals_.size(); ++g)
    system.joints[static_cast<std::size_t>(goals_[g])].reach = bounded_ ? 0.0 : std::min(trust_[g], capReach_);
}

bool GoalPull::after(RigidSystem& system) {
  if (!any()) return true;
  const double turned = largestTurnFrom(system, start_);
  if (!bounded_ && turned > kMaxTurnPerCall) {
    // Undo the iteration, and pull next time only as far as the turn left allows, judged by
    // the turn this pull gave (a solid's turn is about proportional to the pull, near the pose).
    const double iterationTurn = largestTurnFrom(system, iteration_);
    double asked = 0.0;
    for (std::size_t g = 0; g < goals_.size(); ++g)
      asked = std::max(asked, std::min(system.joints[static_cast<std::size_t>(goals_[g])].reach, before_[g]));
    for (std::size_t b = 0; b < iteration_.size(); ++b) {
      RigidBody& body = system.bodies[b];
      body.com = iteration_[b].com;
      body.orientation = iteration_[b].orientation;
      body.rotation = iteration_[b].rotation;
    }
    const double left = kMaxTurnPerCall - turnBefore_;
    if (left <= (1.0 - kBoundReached) * kMaxTurnPerCall || iterationTurn <= 0.0) bounded_ = true;
    else capReach_ = 0.5 * left / iterationTurn * asked;
    setNextReach(system);
    return false;
  }
  turnBefore_ = turned;  // the next iteration starts from here
  if (turned >= kBoundReached * kMaxTurnPerCall) bounded_ = true;
  measureGaps(system, after_);
  for (std::size_t g = 0; g < goals_.size(); ++g) {
    const double reach = system.joints[static_cast<std::size_t>(goals_[g])].reach;
    if (reach < trust_[g]) continue;  // held by the turn's bound: says nothing of the linear model
    const double was = before_[g], is = after_[g];
    if (is > was) trust_[g] = std::max(0.5 * std::min(trust_[g], was), 1e-12);
    else if (std::isfinite(trust_[g]) && was - is > 0.5 * std::min(trust_[g], was)) trust_[g] *= 2.0;
  }
  setNextReach(system);
  return true;
}

void GoalPull::finish(RigidSystem& system) const {
  for (std::size_t g = 0; g < goals_.size(); ++g) system.joints[static_cast<std::size_t>(goals_[g])].reach = trust_[g];
}

}  // namespace flexure
