#include "flexure/rigid/rigid_body.h"

#include <cmath>

namespace flexure {

Quatd quaternionFromRotationVector(const Vec3d& r) {
  const double angle = norm(r);
  if (angle < 1e-12) return normalized(Quatd(1.0, 0.5 * r.x, 0.5 * r.y, 0.5 * r.z));
  const double s = std::sin(0.5 * angle) / angle;
  return {std::cos(0.5 * angle), r.x * s, r.y * s, r.z * s};
}

Vec3d rotationVectorFromQuaternion(const Quatd& qIn) {
  Quatd q = normalized(qIn);
  if (q.w < 0) q = {-q.w, -q.x, -q.y, -q.z};  // the shorter of the two rotations
  const Vec3d v(q.x, q.y, q.z);
  const double s = norm(v);
  if (s < 1e-12) return v * 2.0;
  return v * (2.0 * std::atan2(s, q.w) / s);
}

void syncRotation(RigidBody& b) {
  b.orientation = normalized(b.orientation);
  b.rotation = toMatrix(b.orientation);
}

void applyRotation(RigidBody& b, const Vec3d& deltaR) {
  b.orientation = quaternionFromRotationVector(deltaR) * b.orientation;
  syncRotation(b);
}

}  // namespace flexure
