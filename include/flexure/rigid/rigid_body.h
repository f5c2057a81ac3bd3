#pragma once
// The solver's state of one solid, packed for the inner loops (no scene access, no
// allocation). Positions are those of the centre of mass G; points attached to the solid are
// given in the solid's own frame (the frame of its SolidOperator sub-tree) and mapped by
//   P = G + R (p - c),   c = centre of mass in the solid's frame.
// Small rotations are rotation vectors ΔR (section 2.2): R ← exp(ΔR) R, about G.
#include <string>

#include "flexure/core/vec.h"

namespace flexure {

struct RigidBody {
  std::string name;
  Vec3d com;                 // G, world
  Quatd orientation;         // unit quaternion of R
  Mat3d rotation = Mat3d::identity();  // R, kept in sync with orientation
  Vec3d localCom;            // c, solid frame
  Vec3d velocity;            // v of G, world
  Vec3d angularVelocity;     // ω, world
  double mass = 1.0;
  double inverseMass = 1.0;  // 0 for a fixed solid
  Mat3d inertiaLocal = Mat3d::identity();         // J about G, solid frame
  Mat3d inverseInertiaLocal = Mat3d::identity();  // J^{-1}, zero for a fixed solid
  bool fixed = false;
  bool physical = true;      // false: section 3.1.4 user parameters replace m and J
  double rotationAbility = 1.0;
  Vec3d force;               // external force this step (world), gravity excluded
  Vec3d torque;              // external torque about G this step (world)
  Vec3d comAtStepStart;      // pose at the start of the current dynamics step (step 3)
  Quatd orientationAtStepStart;
};

// The world-frame point of a solid-frame point.
inline Vec3d worldPoint(const RigidBody& b, const Vec3d& local) { return b.com + b.rotation * (local - b.localCom); }
inline Vec3d worldVector(const RigidBody& b, const Vec3d& local) { return b.rotation * local; }
inline Vec3d localPoint(const RigidBody& b, const Vec3d& world) {
  return transpose(b.rotation) * (world - b.com) + b.localCom;
}
// J^{-1} in world coordinates: R J_local^{-1} R^T.
inline Mat3d inverseInertiaWorld(const RigidBody& b) { return b.rotation * b.inverseInertiaLocal * transpose(b.rotation); }
inline Mat3d inertiaWorld(const RigidBody& b) { return b.rotation * b.inertiaLocal * transpose(b.rotation); }

// exp of a rotation vector as a unit quaternion.
Quatd quaternionFromRotationVector(const Vec3d& r);
// The rotation vector of a unit quaternion (its log), angle in [0, π].
Vec3d rotationVectorFromQuaternion(const Quatd& q);
// R ← exp(ΔR) R about G (section 2.2: small rotations as rotation vectors).
void applyRotation(RigidBody& b, const Vec3d& deltaR);
// Re-derives R from the quaternion, re-normalizing it (the re-orthogonalization of Eq. 4).
void syncRotation(RigidBody& b);

}  // namespace flexure
