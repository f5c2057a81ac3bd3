#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/rigid/constraint_processing.h"
#include "flexure/rigid/joint_geometry.h"
#include "flexure/rigid/point_to_curve.h"
#include "rigid_test_helpers.h"

using namespace flexure;
using namespace flexure::test;

namespace {

// A ball whose centre is tied to a region of the world, started at `start`.
RigidSystem ballOnRegion(const JointRecord& shape, const Vec3d& start) {
  RigidSystem s;
  s.addBody(ball(1.0, 0.1, start));
  JointRecord j = shape;
  j.body1 = -1;
  j.body2 = 0;
  j.point2 = {};
  s.addJoint(j);
  return s;
}

Vec3d assemble(RigidSystem& s, ProcessingScheme scheme) {
  ProcessingOptions o;
  o.scheme = scheme;
  o.maxIterations = 500;
  o.tolerance = 1e-10;
  o.maxStep = 0.2;
  const ProcessingResult r = processConstraints(s, o);
  CHECK(r.converged);
  return s.bodies[0].com;
}

JointRecord region(TranslationKind kind, const Vec3d& direction, double lo, double hi) {
  JointRecord j;
  j.translation = kind;
  j.direction = direction;
  j.min = lo;
  j.max = hi;
  return j;
}

const ProcessingScheme kSchemes[] = {ProcessingScheme::Paper, ProcessingScheme::PaperMomentum, ProcessingScheme::Direct};

}  // namespace

TEST_CASE("point-to-segment holds at its bounds and slides freely inside", "[rigid][range]") {
  for (ProcessingScheme scheme : kSchemes) {
    INFO(processingSchemeName(scheme));
    const JointRecord seg = region(TranslationKind::Segment, {1, 0, 0}, -1.0, 2.0);
    RigidSystem beyond = ballOnRegion(seg, {3.0, 0.4, -0.2});
    const Vec3d a = assemble(beyond, scheme);
    CHECK(a.x == Approx(2.0).margin(1e-9));
    CHECK(a.y == Approx(0.0).margin(1e-9));
    RigidSystem before = ballOnRegion(seg, {-4.0, 0.1, 0.0});
    CHECK(assemble(before, scheme).x == Approx(-1.0).margin(1e-9));
    RigidSystem inside = ballOnRegion(seg, {0.5, 0.3, 0.2});
    const Vec3d c = assemble(inside, scheme);
    CHECK(c.x == Approx(0.5).margin(1e-9));  // no motion along the permitted segment
    CHECK(std::hypot(c.y, c.z) < 1e-9);
    // An infinite bound: nothing stops the slide.
    RigidSystem open = ballOnRegion(region(TranslationKind::Segment, {1, 0, 0}, -RigidJoint::kInfinity, 2.0), {-50, 1, 0});
    CHECK(assemble(open, scheme).x == Approx(-50.0).margin(1e-9));
  }
}

TEST_CASE("point-to-ring holds at rmin and rmax, and a disc when rmin = 0", "[rigid][range]") {
  for (ProcessingScheme scheme : kSchemes) {
    INFO(processingSchemeName(scheme));
    RigidSystem outer = ballOnRegion(region(TranslationKind::Ring, {0, 1, 0}, 0.5, 1.0), {2.0, 0.5, 0.0});
    const Vec3d a = assemble(outer, scheme);
    CHECK(std::hypot(a.x, a.z) == Approx(1.0).margin(1e-9));
    CHECK(a.y == Approx(0.0).margin(1e-9));
    RigidSystem inner = ballOnRegion(region(TranslationKind::Ring, {0, 1, 0}, 0.5, 1.0), {0.1, -0.3, 0.1});
    const Vec3d b = assemble(inner, scheme);
    CHECK(std::hypot(b.x, b.z) == Approx(0.5).margin(1e-9));
    RigidSystem disc = ballOnRegion(region(TranslationKind::Ring, {0, 1, 0}, 0.0, 1.0), {0.2, 0.7, -0.3});
    const Vec3d c = assemble(disc, scheme);
    CHECK(c.x == Approx(0.2).margin(1e-9));
    CHECK(c.z == Approx(-0.3).margin(1e-9));
    CHECK(c.y == Approx(0.0).margin(1e-9));
  }
}

TEST_CASE("point-in-sphere holds at its radius", "[rigid][range]") {
  for (ProcessingScheme scheme : kSchemes) {
    RigidSystem s = ballOnRegion(region(TranslationKind::Sphere, {}, 0.0, 1.0), {0.0, 3.0, 0.0});
    CHECK(norm(assemble(s, scheme)) == Approx(1.0).margin(1e-9));
    RigidSystem in = ballOnRegion(region(TranslationKind::Sphere, {}, 0.0, 1.0), {0.3, 0.2, 0.0});
    CHECK(assemble(in, scheme).x == 0.3);
  }
}

TEST_CASE("point-to-curve and its nearest point", "[rigid][range]") {
  const std::vector<Vec3d> l{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}};
  const RegionProjection p = projectOntoCurve({1.4, 0.5, 0.3}, l, false);
  CHECK(p.nearest.x == Approx(1.0));
  CHECK(p.nearest.y == Approx(0.5));
  for (ProcessingScheme scheme : kSchemes) {
    JointRecord c = region(TranslationKind::Curve, {}, 0, 0);
    c.curve = l;
    RigidSystem s = ballOnRegion(c, {0.5, -0.4, 0.2});
    const Vec3d x = assemble(s, scheme);
    CHECK(x.x == Approx(0.5).margin(1e-9));
    CHECK(std::hypot(x.y, x.z) < 1e-9);
  }
}

TEST_CASE("point-to-surface on an implicit sphere", "[rigid][range]") {
  JointRecord j = region(TranslationKind::Surface, {}, 0, 0);
  j.surface = [](const Vec3d& x, Vec3d& g) {
    const double r = norm(x);
    g = x / r;
    return r - 2.0;
  };
  for (ProcessingScheme scheme : kSchemes) {
    RigidSystem s = ballOnRegion(j, {0.5, 3.0, 0.0});
    CHECK(norm(assemble(s, scheme)) == Approx(2.0).margin(1e-9));
  }
}

namespace {
RigidSystem rotatedRod(double angle, const Vec3d& axis) {
  RigidSystem s;
  s.addBody(rod(1.0, 1.0, {0, 0, 0}, Quatd::fromAxisAngle(axis, angle)));
  return s;
}
}  // namespace

TEST_CASE("angle and twist limits hold at their bounds, alone and combined", "[rigid][range][angle]") {
  for (ProcessingScheme scheme : kSchemes) {
    INFO(processingSchemeName(scheme));
    RigidSystem s = rotatedRod(1.0, {0, 0, 1});
    JointRecord a;
    a.translation = TranslationKind::None;
    a.body1 = -1;
    a.body2 = 0;
    a.angle = {true, {1, 0, 0}, {1, 0, 0}, 0.0, 0.3};
    s.addJoint(a);
    assemble(s, scheme);
    CHECK(measureJointAngle(s, s.joints[0]).angle == Approx(0.3).margin(1e-9));

    RigidSystem low = rotatedRod(0.1, {0, 0, 1});
    a.angle.min = 0.5;
    a.angle.max = 0.8;
    low.addJoint(a);
    assemble(low, scheme);
    CHECK(measureJointAngle(low, low.joints[0]).angle == Approx(0.5).margin(1e-9));

    RigidSystem t = rotatedRod(1.0, {0, 0, 1});
    JointRecord tw;
    tw.translation = TranslationKind::None;
    tw.body1 = -1;
    tw.body2 = 0;
    tw.twist = {true, {0, 0, 1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, -0.2, 0.2};
    t.addJoint(tw);
    assemble(t, scheme);
    CHECK(measureJointTwist(t, t.joints[0]).angle == Approx(0.2).margin(1e-9));

    // Section 4.2.3 note: angle [0, 0] and twist [b, b] remove every relative rotation, here
    // combined with a hinge at the rod's end.
    RigidSystem lock = rotatedRod(0.8, {1, 2, 3});
    JointRecord l;
    l.translation = TranslationKind::Point;
    l.body1 = -1;
    l.body2 = 0;
    l.point1 = {-0.5, 0, 0};
    l.point2 = {-0.5, 0, 0};
    l.angle = {true, {1, 0, 0}, {1, 0, 0}, 0.0, 0.0};
    l.twist = {true, {}, {}, {0, 1, 0}, {0, 1, 0}, 0.0, 0.0};
    lock.addJoint(l);
    assemble(lock, scheme);
    const Quatd q = lock.bodies[0].orientation;
    CHECK(std::fabs(q.w) == Approx(1.0).margin(1e-8));
    CHECK(norm(lock.bodies[0].com) == Approx(0.0).margin(1e-8));
  }
}
