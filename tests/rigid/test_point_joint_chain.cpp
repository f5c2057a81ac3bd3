// The direct scheme's row-free iteration for chains and rings of point joints
// (point_joint_chain.h) against the general path (rows along object1's axes, DirectJointSolver):
// the same violation and the same Newton step, since only the rows' basis differs.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "flexure/rigid/constraint_processing.h"
#include "flexure/rigid/point_joint_chain.h"
#include "flexure/rigid/rigid_benchmarks.h"

using namespace flexure;

namespace {

// A chain or ring of rods moved off its joints: each link shifted and turned a little at random.
RigidSystem perturbedChain(int links, bool closed, unsigned seed) {
  RigidSystem s = makeRodChain(links, closed, 0.2);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> uniform(-0.02, 0.02);
  for (RigidBody& b : s.bodies) {
    b.com += Vec3d(uniform(random), uniform(random), uniform(random));
    applyRotation(b, Vec3d(uniform(random), uniform(random), uniform(random)));
  }
  return s;
}

std::vector<int> allJoints(const RigidSystem& s) {
  std::vector<int> active;
  for (std::size_t k = 0; k < s.joints.size(); ++k) active.push_back(static_cast<int>(k));
  return active;
}

double largestDifference(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  double worst = 0.0;
  for (std::size_t k = 0; k < a.size(); ++k) worst = std::max(worst, norm(a[k] - b[k]));
  return worst;
}

double largestNorm(const std::vector<Vec3d>& a) {
  double worst = 0.0;
  for (const Vec3d& v : a) worst = std::max(worst, norm(v));
  return worst;
}

}  // namespace

TEST_CASE("point joint chain: the general path's violation and Newton step", "[rigid][direct]") {
  for (const bool closed : {false, true}) {
    const RigidSystem s = perturbedChain(40, closed, closed ? 7u : 3u);
    const std::vector<int> active = allJoints(s);
    PointJointChain chain;
    REQUIRE(chain.prepare(s, active));
    CHECK(chain.measure() == maxJointViolation(s, 0.0));

    std::vector<ConstraintRow> rows;
    for (int k : active) appendJointRows(s, s.joints[static_cast<std::size_t>(k)], rows);
    DirectJointSolver general;
    std::vector<Vec3d> dx, dR;
    REQUIRE(general.solve(s, rows, dx, dR));
    REQUIRE(chain.solve());
    std::vector<Vec3d> chainDx, chainDR;
    chain.step(chainDx, chainDR);
    // Both soften the diagonal by a relative 1e-9 (nearly redundant loops), which is not
    // invariant under the change of the rows' basis: the steps agree to about that.
    INFO("closed " << closed << ": |dx| " << largestNorm(dx) << " vs " << largestDifference(dx, chainDx)
                   << ", |dR| " << largestNorm(dR) << " vs " << largestDifference(dR, chainDR));
    CHECK(largestDifference(dx, chainDx) <= 1e-7 * largestNorm(dx));
    CHECK(largestDifference(dR, chainDR) <= 1e-7 * largestNorm(dR));
  }
}

TEST_CASE("point joint chain: other joints take the general path", "[rigid][direct]") {
  RigidSystem s = makeRodChain(5, false, 0.2);
  PointJointChain chain;
  CHECK(chain.prepare(s, allJoints(s)));
  s.joints[2].angle.enabled = true;  // an angle limit makes rows of its own
  CHECK_FALSE(chain.prepare(s, allJoints(s)));
  s.joints[2].angle.enabled = false;
  s.joints[2].goal = true;
  CHECK_FALSE(chain.prepare(s, allJoints(s)));
  s.joints[2].goal = false;
  // A tree: a third link on the middle of the chain couples joints that are not neighbours.
  JointRecord branch = s.joints[2];
  branch.body1 = 1;
  branch.body2 = 4;
  s.joints.push_back(branch);
  std::vector<int> tree = allJoints(s);
  std::swap(tree[2], tree.back());
  CHECK_FALSE(chain.prepare(s, tree));
}

TEST_CASE("point joint chain: processing closes a perturbed ring as the general path does", "[rigid][direct]") {
  RigidSystem viaChain = perturbedChain(60, true, 11u);
  ProcessingOptions o;
  o.tolerance = 1e-9;
  const ProcessingResult r = processConstraints(viaChain, o);
  CHECK(r.converged);
  CHECK(r.maxViolation <= 1e-9);
  CHECK(r.iterations <= 6);
}
