#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/rigid/constraint_processing.h"
#include "flexure/rigid/joint_geometry.h"
#include "rigid_test_helpers.h"

using namespace flexure;
using namespace flexure::test;

namespace {
// Fig. 2: S0 (mass m/2) tied at its centre to the centres of S1, S2, S3, which sit together.
RigidSystem figure2(bool) {
  RigidSystem s;
  s.addBody(ball(0.5, 0.2, {0, 0, 0}));
  for (int i = 0; i < 3; ++i) s.addBody(ball(1.0, 0.2, {2, 0, 0}));
  for (int i = 1; i <= 3; ++i) s.addJoint(pointToPoint(0, {0, 0, 0}, i, {0, 0, 0}));
  return s;
}
}  // namespace

TEST_CASE("Fig. 2: weights 1/max(n_i, n_j) converge where a plain sum diverges", "[rigid][fig2]") {
  ProcessingOptions o;
  o.scheme = ProcessingScheme::Paper;
  o.maxIterations = 200;
  o.tolerance = 1e-9;
  RigidSystem weighted = figure2(true);
  const ProcessingResult good = processConstraints(weighted, o);
  CHECK(good.converged);
  CHECK(good.maxViolation < 1e-9);

  RigidSystem summed = figure2(false);
  o.weightByConstraintCount = false;
  o.maxIterations = 20;
  const ProcessingResult bad = processConstraints(summed, o);
  CHECK_FALSE(bad.converged);
  CHECK((!std::isfinite(bad.maxViolation) || bad.maxViolation > 2.0));  // farther than at the start
}

TEST_CASE("assembly closes a loop of four rods from scattered positions", "[rigid][assembly]") {
  for (ProcessingScheme scheme : {ProcessingScheme::Paper, ProcessingScheme::Direct}) {
    RigidSystem s;
    s.addBody(rod(1, 1, {0.5, 0, 0}));
    s.bodies[0].fixed = true;
    s.bodies[0].inverseMass = 0;
    s.bodies[0].inverseInertiaLocal = Mat3d();
    s.addBody(rod(1, 1, {1.4, 0.6, 0.3}, Quatd::fromAxisAngle({0, 0, 1}, 1.2)));
    s.addBody(rod(1, 1, {0.3, 1.5, -0.2}, Quatd::fromAxisAngle({0, 1, 0}, 2.5)));
    s.addBody(rod(1, 1, {-0.4, 0.2, 0.4}, Quatd::fromAxisAngle({1, 0, 1}, 0.9)));
    s.addJoint(pointToPoint(0, {0.5, 0, 0}, 1, {-0.5, 0, 0}));
    s.addJoint(pointToPoint(1, {0.5, 0, 0}, 2, {-0.5, 0, 0}));
    s.addJoint(pointToPoint(2, {0.5, 0, 0}, 3, {-0.5, 0, 0}));
    s.addJoint(pointToPoint(3, {0.5, 0, 0}, 0, {-0.5, 0, 0}));
    ProcessingOptions o;
    o.scheme = scheme;
    o.maxIterations = 3000;
    o.tolerance = 1e-8;
    o.maxStep = 0.2;
    o.alphaScale = 0.5;  // the assembly's damped α (section 2.3)
    const ProcessingResult r = processConstraints(s, o);
    INFO(processingSchemeName(scheme) << ": " << r.iterations << " iterations, " << r.stopReason);
    CHECK(r.converged);
    CHECK(maxJointViolation(s, 0.0) < 1e-8);
    // Velocities untouched (section 2.3).
    for (const RigidBody& b : s.bodies) CHECK(norm(b.velocity) == 0.0);
  }
}

TEST_CASE("an over-constrained set stops at the limit and reports the violation", "[rigid][warning]") {
  RigidSystem s;
  s.addBody(ball(1, 0.1, {0, 0, 0}));
  JointRecord a = pointToPoint(-1, {0, 0, 0}, 0, {0, 0, 0});
  a.name = "to-origin";
  JointRecord b = pointToPoint(-1, {1, 0, 0}, 0, {0, 0, 0});
  b.name = "to-x";
  s.addJoint(a);
  s.addJoint(b);
  for (ProcessingScheme scheme : {ProcessingScheme::Paper, ProcessingScheme::Direct}) {
    ProcessingOptions o;
    o.scheme = scheme;
    o.maxIterations = 50;
    const ProcessingResult r = processConstraints(s, o);
    CHECK_FALSE(r.converged);
    CHECK(r.iterations <= 50);
    REQUIRE(r.violated.size() == 2);
    CHECK(r.violated[0].violation == Approx(0.5).epsilon(0.05));
  }
}
