#pragma once
// Tiny worlds for the rigid tests: rods and balls built straight into a RigidSystem.
#include "flexure/rigid/rigid_system.h"

namespace flexure::test {

// A uniform rod along x of the given length (thin-rod inertia plus a little thickness),
// centre of mass at the origin of its frame, placed at `com` with orientation q.
RigidBody rod(double mass, double length, const Vec3d& com, const Quatd& q = {});
// A uniform ball.
RigidBody ball(double mass, double radius, const Vec3d& com);
JointRecord pointToPoint(int body1, const Vec3d& p1, int body2, const Vec3d& p2);

}  // namespace flexure::test
