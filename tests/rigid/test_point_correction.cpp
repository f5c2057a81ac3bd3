#include <catch2/catch.hpp>

#include "flexure/rigid/constraint_processing.h"
#include "flexure/rigid/joint_geometry.h"
#include "rigid_test_helpers.h"

using namespace flexure;
using namespace flexure::test;

namespace {
// Two rods in a skewed configuration whose hinge points are 0.3 apart.
RigidSystem skewedPair() {
  RigidSystem s;
  s.addBody(rod(2.0, 1.0, {0, 0, 0}, Quatd::fromAxisAngle({0, 0, 1}, 0.3)));
  s.addBody(rod(1.0, 1.0, {1.1, 0.2, 0.1}, Quatd::fromAxisAngle({1, 1, 0}, 0.7)));
  s.bodies[1].velocity = {0.3, -0.2, 0.1};
  s.addJoint(pointToPoint(0, {0.5, 0, 0}, 1, {-0.5, 0, 0}));
  return s;
}
}  // namespace

TEST_CASE("Eqs. 18-19 satisfy one point-to-point constraint in one iteration", "[rigid][eq18]") {
  RigidSystem s = skewedPair();
  const double before = measureJointViolation(s, s.joints[0]).translation;
  REQUIRE(before > 0.2);
  ProcessingOptions o;
  o.scheme = ProcessingScheme::Paper;
  o.maxIterations = 1;
  o.tolerance = 1e-12;
  processConstraints(s, o);
  CHECK(measureJointViolation(s, s.joints[0]).translation < 1e-12);
  // Both solids moved (the lighter more), and both rotated.
  CHECK(s.bodies[1].com.x != Approx(1.1));
  CHECK(s.bodies[0].orientation.w != Approx(Quatd::fromAxisAngle({0, 0, 1}, 0.3).w).epsilon(1e-12));
}

TEST_CASE("Eq. 19 shares the translation by mass: m2/(m1+m2) and m1/(m1+m2)", "[rigid][eq19]") {
  CorrectionSide a{{0, 0, 0}, 1.0 / 3.0, {}}, b{{1, 0, 0}, 1.0, {}};
  const CorrectionWeights w = physicalWeights(a, b);
  const PairTranslation t = eq19Translations(w, {0, 0, 0}, {4, 0, 0});
  CHECK(t.deltaX1.x == Approx(1.0));   // m2/(m1+m2) * 4 with m1 = 3, m2 = 1
  CHECK(t.deltaX2.x == Approx(-3.0));
  // 3.1.4: user abilities replace masses.
  const CorrectionWeights u = userWeights(0.25, 2.0, true, 1.0, true);
  CHECK(u.share1 == 0.25);
  CHECK(u.share2 == 0.75);
  CHECK(u.rotationGain1.m[0][0] == Approx(0.5));
}

namespace {
struct Momenta {
  Vec3d linear, angular;
};
}  // namespace

TEST_CASE("constraint processing on an isolated pair conserves momenta", "[rigid][momentum]") {
  for (ProcessingScheme scheme : {ProcessingScheme::Paper, ProcessingScheme::PaperMomentum, ProcessingScheme::Direct}) {
    RigidSystem s = skewedPair();
    MomentumLedger ledger;
    ProcessingOptions o;
    o.scheme = scheme;
    o.maxIterations = 200;
    o.tolerance = 1e-10;
    o.ledger = &ledger;
    const ProcessingResult r = processConstraints(s, o);
    INFO("scheme " << processingSchemeName(scheme) << " iterations " << r.iterations);
    CHECK(r.converged);
    CHECK(norm(ledger.linear) < 1e-9);
    if (scheme != ProcessingScheme::Paper) {
      CHECK(norm(ledger.angular) < 1e-9);
    } else {
      // Eq. 19 acts at the rotated points: angular momentum is not conserved exactly.
      CHECK(norm(ledger.angular) > 1e-6);
    }
  }
}

TEST_CASE("without physical data, mu and the ability to rotate drive Eqs. 18-19 (section 3.1.4)", "[rigid][eq18]") {
  RigidSystem s = skewedPair();
  for (RigidBody& b : s.bodies) {
    b.physical = false;
    b.rotationAbility = 0.5;
  }
  s.joints[0].mobility = 0.2;  // S1 moves a fifth of the gap, S2 four fifths
  const Vec3d g1 = s.bodies[0].com, g2 = s.bodies[1].com;
  ProcessingOptions o;
  o.scheme = ProcessingScheme::Paper;
  o.maxIterations = 1;
  o.tolerance = 1e-12;
  processConstraints(s, o);
  CHECK(measureJointViolation(s, s.joints[0]).translation < 1e-12);
  const double moved1 = norm(s.bodies[0].com - g1), moved2 = norm(s.bodies[1].com - g2);
  CHECK(moved2 == Approx(4.0 * moved1).epsilon(1e-9));
}
