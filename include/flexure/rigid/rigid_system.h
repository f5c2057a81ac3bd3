#pragma once
// The solver's own data, separate from the scene (DESIGN.md): packed bodies and constraint
// records built from a Scene, processed and stepped, then written back into Ψ (poses) and
// solid fields (velocities). Body index -1 is the fixed world.
#include <string>
#include <vector>

#include "flexure/core/constraint.h"
#include "flexure/rigid/point_correction.h"
#include "flexure/rigid/point_to_surface.h"
#include "flexure/rigid/rigid_body.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/round_contact.h"
#include "flexure/rigid/solid_operator.h"

namespace flexure {

class Scene;

// One displacement constraint, resolved to body indices; vectors in each body's own frame.
struct JointRecord {
  std::string name;
  std::string kind;
  int body1 = -1;  // owns the permitted region (world when -1)
  int body2 = -1;  // owns the moving point P2
  TranslationKind translation = TranslationKind::Point;
  Vec3d point1, point2, direction{1, 0, 0};
  double min = -RigidJoint::kInfinity, max = RigidJoint::kInfinity;
  std::vector<Vec3d> curve;
  bool closedCurve = false;
  ImplicitFunction surface;  // object1 frame
  AngleLimit angle;
  TwistLimit twist;
  double mobility = 0.5;
  bool goal = false;  // RigidJoint::goal
  double reach = RigidJoint::kInfinity;  // RigidJoint::reach
  bool enabled = true;
  TimeInterval active;
};

struct RigidSystem {
  std::vector<RigidBody> bodies;
  std::vector<JointRecord> joints;
  // Per body: points of its surface in its own frame, for ground contact (empty if unused).
  std::vector<std::vector<Vec3d>> contactSamples;
  // Per body: its spheres and cylinders, whose lowest points are exact (round_contact.h).
  std::vector<std::vector<RoundContactShape>> roundContacts;
  // Per body: largest distance of its samples from its centre of mass (a cheap ground cull).
  std::vector<double> contactRadius;
  // Per body: the scene node it came from (for write-back); null for synthetic systems.
  std::vector<SolidOperator*> solids;
  // Per body: applied forces and torques (section 2.2, Eqs. 1-2), with their time intervals.
  std::vector<std::vector<AppliedLoad>> loads;

  int addBody(RigidBody body);
  int addJoint(JointRecord joint);
};

// The solid-frame points of a body that may touch a floor of unit normal n (world): its
// surface samples plus the current lowest points of its round parts.
void contactPointsOf(const RigidSystem& system, std::size_t body, const Vec3d& n, std::vector<Vec3d>& out);

// World-frame point / vector of a body-frame one (identity for the world, index -1).
Vec3d worldPointOf(const RigidSystem& system, int body, const Vec3d& local);
Vec3d worldVectorOf(const RigidSystem& system, int body, const Vec3d& local);
Vec3d localPointOf(const RigidSystem& system, int body, const Vec3d& world);
inline bool isMovable(const RigidSystem& system, int body) {
  return body >= 0 && !system.bodies[static_cast<std::size_t>(body)].fixed;
}
// Eqs. 18-19 data of a body (zero masses for the world or a fixed solid).
CorrectionSide correctionSideOf(const RigidSystem& system, int body);

// Builds the solver data from the scene: every SolidOperator becomes a body (mass properties
// from mass_properties.h), every enabled RigidJoint a record. Throws std::runtime_error when a
// constraint names a node that is not a solid. withContactSamples: sample each solid's
// surface for the ground plane.
RigidSystem buildRigidSystem(Scene& scene, bool withContactSamples);
// Writes poses into Ψ and velocities into the solids' fields.
void writeBack(const RigidSystem& system, Scene& scene);

}  // namespace flexure
