// The direct scheme's row-free iteration for chains and rings of point joints
// (point_joint_chain.h) against the general path (rows along object1's axes, DirectJointSolver):
// the same violation and the same Newton step, since only the rows' basis differs.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "flexure/rigid/constraint_processing.h"
#include "flexure/rigid/point_joint_chain.h"
#include "flexure/rigid/rigid_benchmarks.h"
#include "flexure/rigid/rigid_dynamics.h"

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

namespace {

bool sameVector(const Vec3d& a, const Vec3d& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

// The same pose and velocities to the bit.
bool sameMotion(const RigidBody& a, const RigidBody& b) {
  const Quatd& p = a.orientation;
  const Quatd& q = b.orientation;
  return sameVector(a.com, b.com) && p.w == q.w && p.x == q.x && p.y == q.y && p.z == q.z &&
         sameVector(a.velocity, b.velocity) && sameVector(a.angularVelocity, b.angularVelocity);
}

}  // namespace

TEST_CASE("point joint chain: a prepared workspace moves the links exactly as the first frame's own analysis",
          "[rigid][direct]") {
  // prepareDirectWorkspace makes before the first frame what that frame otherwise makes inside
  // it (the layout, the buffers); the frames must not see the difference, to the bit.
  for (const bool closed : {false, true}) {
    RodChainSimulation plain(50, closed, ProcessingScheme::Direct, 10), prepared(50, closed, ProcessingScheme::Direct, 10);
    REQUIRE(prepared.prepareSolver());
    for (int f = 0; f < 5; ++f) {
      const DynamicsReport a = plain.frame(), b = prepared.frame();
      INFO("closed " << closed << ", frame " << f);
      CHECK(a.iterations == b.iterations);
      CHECK(a.maxViolation == b.maxViolation);
      const std::vector<RigidBody>& x = plain.system().bodies;
      const std::vector<RigidBody>& y = prepared.system().bodies;
      REQUIRE(x.size() == y.size());
      int different = 0;
      for (std::size_t k = 0; k < x.size(); ++k) different += sameMotion(x[k], y[k]) ? 0 : 1;
      CHECK(different == 0);
    }
  }
}

TEST_CASE("point joint chain: only the direct scheme's chains are prepared", "[rigid][direct]") {
  const RigidSystem s = makeRodChain(5, false, 0.2);
  DirectJointSolver workspace;
  ProcessingOptions o;
  CHECK_FALSE(prepareDirectWorkspace(s, o));  // no workspace to keep it in
  o.workspace = &workspace;
  CHECK(prepareDirectWorkspace(s, o));
  o.scheme = ProcessingScheme::Paper;
  CHECK_FALSE(prepareDirectWorkspace(s, o));
  o.scheme = ProcessingScheme::Direct;
  const GroundPlane floor{};
  o.ground = &floor;  // contacts make rows
  CHECK_FALSE(prepareDirectWorkspace(s, o));
}

TEST_CASE("point joint chain: a kept dynamics workspace steps to the bit as a step's own buffer", "[rigid][dynamics]") {
  // DynamicsWorkspace keeps step 1's velocities between steps; a rejected step (a rotation above
  // the bound, dt halved) must leave no trace in it.
  RigidSystem own = makeRodChain(30, false, 0.2), kept = own;
  DynamicsOptions o;
  o.timeStep = 1.0 / 60.0;
  o.maxRotation = 0.02;  // the swinging links exceed it: some steps are undone and halved
  o.processing.tolerance = 1e-9;
  DirectJointSolver ownSolver, keptSolver;
  DynamicsWorkspace workspace;
  DynamicsOptions withWorkspace = o;
  withWorkspace.workspace = &workspace;
  int rejected = 0;
  for (int f = 0; f < 20; ++f) {
    o.processing.workspace = &ownSolver;
    withWorkspace.processing.workspace = &keptSolver;
    const DynamicsReport a = advanceDynamics(own, f / 60.0, (f + 1) / 60.0, o);
    const DynamicsReport b = advanceDynamics(kept, f / 60.0, (f + 1) / 60.0, withWorkspace);
    CHECK(a.steps == b.steps);
    rejected += b.rejectedSteps;
  }
  CHECK(rejected > 0);
  int different = 0;
  for (std::size_t k = 0; k < own.bodies.size(); ++k) different += sameMotion(own.bodies[k], kept.bodies[k]) ? 0 : 1;
  CHECK(different == 0);
}
