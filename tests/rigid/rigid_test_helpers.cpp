#include "rigid_test_helpers.h"

#include "flexure/rigid/mass_properties.h"

namespace flexure::test {

namespace {
RigidBody fromProperties(const MassProperties& mp, const Vec3d& com, const Quatd& q) {
  RigidBody b;
  b.mass = mp.mass;
  b.inverseMass = 1.0 / mp.mass;
  b.inertiaLocal = mp.inertia;
  b.inverseInertiaLocal = inverse(mp.inertia);
  b.com = com;
  b.orientation = q;
  syncRotation(b);
  return b;
}
}  // namespace

RigidBody rod(double mass, double length, const Vec3d& com, const Quatd& q) {
  MassProperties mp = blockMassProperties(length, 0.1, 0.1, 1.0);
  const double scale = mass / mp.mass;
  for (auto& row : mp.inertia.m)
    for (double& e : row) e *= scale;
  mp.mass = mass;
  return fromProperties(mp, com, q);
}

RigidBody ball(double mass, double radius, const Vec3d& com) {
  MassProperties mp = sphereMassProperties(radius, 1.0);
  const double scale = mass / mp.mass;
  for (auto& row : mp.inertia.m)
    for (double& e : row) e *= scale;
  mp.mass = mass;
  return fromProperties(mp, com, {});
}

JointRecord pointToPoint(int body1, const Vec3d& p1, int body2, const Vec3d& p2) {
  JointRecord j;
  j.name = "joint";
  j.kind = "point-to-point";
  j.body1 = body1;
  j.body2 = body2;
  j.point1 = p1;
  j.point2 = p2;
  return j;
}

}  // namespace flexure::test
