#pragma once
// Where a joint stands in the current configuration: the moving point P2, the permitted point
// P' nearest to it on object1's region (section 4.1), the region's rows in world frame, and
// the angle and twist limits (section 4.2) measured on the current axes.
#include "flexure/rigid/angle_limit.h"
#include "flexure/rigid/permitted_region.h"
#include "flexure/rigid/rigid_system.h"
#include "flexure/rigid/twist_limit.h"

namespace flexure {

struct JointGeometry {
  bool hasTranslation = false;
  Vec3d moving;    // P2, world
  Vec3d permitted; // P', world (on object1's region)
  RegionProjection rows;  // rows in world frame; errors as in permitted_region.h
  double translationViolation = 0.0;  // |P2 - P'|
};

// The region part; with extra rotations r1, r2 applied to the bodies first (Eq. 19 uses the
// points after the rotations of Eq. 18), which are zero by default.
JointGeometry measureJointTranslation(const RigidSystem& system, const JointRecord& joint, const Vec3d& r1 = {},
                                      const Vec3d& r2 = {});

// The angle / twist rows, with the same optional extra rotations.
AngularRow measureJointAngle(const RigidSystem& system, const JointRecord& joint, const Vec3d& r1 = {},
                             const Vec3d& r2 = {});
AngularRow measureJointTwist(const RigidSystem& system, const JointRecord& joint, const Vec3d& r1 = {},
                             const Vec3d& r2 = {});

// Largest of the three violations (distance or radians) of one joint.
struct JointViolation {
  double translation = 0.0, angle = 0.0, twist = 0.0;
  double largest() const;
};
JointViolation measureJointViolation(const RigidSystem& system, const JointRecord& joint);

}  // namespace flexure
