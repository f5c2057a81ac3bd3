#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/core/primitives/cylinder.h"
#include "flexure/core/scene.h"
#include "flexure/rigid/joint_geometry.h"
#include "flexure/rigid/register.h"
#include "flexure/rigid/rigid_family_solver.h"
#include "flexure/rigid/round_contact.h"
#include "rigid_test_helpers.h"

using namespace flexure;
using namespace flexure::test;

TEST_CASE("a pendulum keeps its hinge and swings under gravity", "[rigid][dynamics]") {
  // Eqs. 14-15 and the direct scheme: impulses at the hinge, so the ball swings like a point
  // pendulum. (Eq. 18's α = m1 m2/(m1+m2) turns a small ball on a long arm into a spinning top:
  // docs/rigid.md, "where Eqs. 18-19 depart".)
  for (ProcessingScheme scheme : {ProcessingScheme::PaperMomentum, ProcessingScheme::Direct}) {
    INFO(processingSchemeName(scheme));
    RigidSystem s;
    s.addBody(ball(1.0, 0.05, {1.0, 0.0, 0.0}));
    s.addJoint(pointToPoint(-1, {0, 0, 0}, 0, {-1.0, 0, 0}));
    DynamicsOptions o;
    o.timeStep = 0.002;
    o.processing.scheme = scheme;
    o.processing.tolerance = 1e-9;
    o.processing.maxIterations = 50;
    // A quarter period of a small-ball pendulum of length 1 is about 0.59 s for this swing
    // (large amplitude); after 0.3 s the ball is well on its way down and still on its circle.
    const DynamicsReport r = advanceDynamics(s, 0.0, 0.3, o);
    CHECK(r.converged);
    CHECK(norm(s.bodies[0].com) == Approx(1.0).epsilon(1e-6));
    CHECK(s.bodies[0].com.y < -0.3);
    // Energy: speed² ≈ 2 g h, within the first-order integrator's drift.
    const double h = -s.bodies[0].com.y;
    CHECK(squaredNorm(s.bodies[0].velocity) == Approx(2 * 9.81 * h).epsilon(0.05));
  }
}

TEST_CASE("the dynamics step goes back and halves dt when a rotation is too large", "[rigid][dynamics]") {
  RigidSystem s;
  s.addBody(rod(1.0, 1.0, {0, 0, 0}));
  s.bodies[0].angularVelocity = {0, 0, 50};  // 50 rad/s: 0.5 rad in a 0.01 s step
  DynamicsOptions o;
  o.timeStep = 0.01;
  o.maxRotation = 0.2;
  o.gravity = {};
  const DynamicsReport r = advanceDynamics(s, 0.0, 0.01, o);
  CHECK(r.rejectedSteps >= 1);
  CHECK(r.steps >= 3);
  // Eq. 4 is first order in ω dt: the reached rotation (and the ω of step 3) are within 1%.
  CHECK(s.bodies[0].angularVelocity.z == Approx(50.0).epsilon(0.01));
  CHECK(rotationVectorFromQuaternion(s.bodies[0].orientation).z == Approx(0.5).epsilon(0.01));
}

TEST_CASE("a wheel pushed along the floor rolls: omega = v / r", "[rigid][dynamics][ground]") {
  registerRigidModule();
  Scene scene;
  auto solid = std::make_unique<SolidOperator>();
  solid->setName("wheel");
  const double radius = 0.5, mass = 2.0, force = 3.0;
  solid->mass = mass;
  solid->loads.push_back({{0, 0, force}, {}, {}, 0.0, 1e9});
  Node& wheel = scene.add(std::move(solid));
  Node& cylinder = scene.add(std::make_unique<CylinderPrimitive>(), &wheel);
  scene.parameters().setValue(cylinder.paramIndex("radius"), radius);
  scene.parameters().setValue(cylinder.paramIndex("length"), 0.2);
  scene.parameters().setValue(wheel.paramIndex("y"), radius);
  RigidSettings& settings = scene.settings.get<RigidSettings>();
  settings.ground = true;
  settings.friction = 1.0;
  settings.timeStep = 0.01;
  RigidFamilySolver solver;
  double t = 0.0;
  for (int frame = 0; frame < 25; ++frame, t += 0.04) solver.advance(scene, t, t + 0.04, {});
  const auto& w = static_cast<const SolidOperator&>(wheel);
  const double v = w.velocity.z;
  CHECK(v > 0.5);
  // A rolling disc accelerates at 2F/(3m), a sliding one at F/m.
  CHECK(v == Approx(2.0 * force / (3.0 * mass) * t).epsilon(0.1));
  CHECK(w.angularVelocity.x == Approx(v / radius).epsilon(0.05));
  CHECK(scene.parameters().value(wheel.paramIndex("y")) == Approx(radius).margin(0.01));
}

TEST_CASE("a round solid touches the floor at its exact lowest point", "[rigid][ground]") {
  // A cylinder (axis x, radius 0.8, half-length 0.06) tilted by 0.3 rad about z, and a sphere:
  // the lowest points of round_contact.h against a dense sampling of the rims.
  const RoundContactShape wheel{{0.1, 0.2, 0.0}, {1, 0, 0}, 0.8, 0.06};
  const Mat3d tilt = toMatrix(Quatd::fromAxisAngle({0, 0, 1}, 0.3));
  const Vec3d up = transpose(tilt) * Vec3d(0, 1, 0);  // the floor's normal in the solid's frame
  std::vector<Vec3d> lowest;
  appendLowestPoints(wheel, up, lowest);
  REQUIRE(lowest.size() == 2);
  double exact = 1e9, sampled = 1e9;
  for (const Vec3d& p : lowest) exact = std::min(exact, dot(up, p));
  for (int k = 0; k < 100000; ++k) {
    const double a = 2 * 3.141592653589793 * k / 100000;
    for (double side : {-0.06, 0.06}) sampled = std::min(sampled, dot(up, wheel.centre + Vec3d(side, 0.8 * std::cos(a), 0.8 * std::sin(a))));
  }
  CHECK(exact == Approx(sampled).margin(1e-9));
  CHECK(exact <= sampled + 1e-12);  // never above a point of the rim
  const RoundContactShape ball{{0, 0, 0}, {}, 0.5, 0.0};
  lowest.clear();
  appendLowestPoints(ball, up, lowest);
  REQUIRE(lowest.size() == 1);
  CHECK(norm(lowest[0] + up * 0.5) < 1e-12);
}
