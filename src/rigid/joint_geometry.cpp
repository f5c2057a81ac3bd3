#include "flexure/rigid/joint_geometry.h"

#include <algorithm>
#include <cmath>

#include "flexure/rigid/point_in_sphere.h"
#include "flexure/rigid/point_to_curve.h"
#include "flexure/rigid/point_to_ring.h"
#include "flexure/rigid/point_to_segment.h"
#include "flexure/rigid/point_to_surface.h"

namespace flexure {

namespace {

// Pose of a body after an extra rotation r about its centre of mass (world frame).
struct Frame {
  Vec3d com, localCom;
  Mat3d rotation = Mat3d::identity();
  Vec3d toWorld(const Vec3d& p) const { return com + rotation * (p - localCom); }
  Vec3d vectorToWorld(const Vec3d& v) const { return rotation * v; }
  Vec3d toLocal(const Vec3d& x) const { return transpose(rotation) * (x - com) + localCom; }
};

Frame frameOf(const RigidSystem& s, int body, const Vec3d& r) {
  Frame f;
  if (body < 0) return f;
  const RigidBody& b = s.bodies[static_cast<std::size_t>(body)];
  f.com = b.com;
  f.localCom = b.localCom;
  f.rotation = squaredNorm(r) > 0.0 ? toMatrix(quaternionFromRotationVector(r)) * b.rotation : b.rotation;
  return f;
}

RegionProjection projectLocal(const JointRecord& j, const Vec3d& p) {
  RegionProjection r;
  switch (j.translation) {
    case TranslationKind::None: break;
    case TranslationKind::Point:
      r.nearest = j.point1;
      setPointRows(r, p);
      break;
    case TranslationKind::Segment: r = projectOntoSegment(p, j.point1, j.direction, j.min, j.max); break;
    case TranslationKind::Ring: r = projectOntoRing(p, j.point1, j.direction, j.min, j.max); break;
    case TranslationKind::Sphere: r = projectIntoSphere(p, j.point1, j.min, j.max); break;
    case TranslationKind::Curve: r = projectOntoCurve(p, j.curve, j.closedCurve); break;
    case TranslationKind::Surface: r = projectOntoSurface(p, j.surface); break;
  }
  return r;
}

}  // namespace

double JointViolation::largest() const { return std::max({translation, angle, twist}); }

namespace {

// A point-to-point joint with no extra rotations (every measurement of the direct scheme and of
// the stop rule): the general path below, term for term (the same products, so the same bits),
// without building frames or dispatching on the region. P' = P1 (section 4.1, the point region),
// its rows along object1's axes in world, errors the gap in object1's frame.
JointGeometry measurePointJoint(const RigidSystem& s, const JointRecord& j) {
  JointGeometry g;
  g.hasTranslation = true;
  const RigidBody* b1 = j.body1 >= 0 ? &s.bodies[static_cast<std::size_t>(j.body1)] : nullptr;
  const RigidBody* b2 = j.body2 >= 0 ? &s.bodies[static_cast<std::size_t>(j.body2)] : nullptr;
  g.moving = b2 ? b2->com + b2->rotation * (j.point2 - b2->localCom) : j.point2;
  g.permitted = b1 ? b1->com + b1->rotation * (j.point1 - b1->localCom) : j.point1;
  const Vec3d local = b1 ? transpose(b1->rotation) * (g.moving - b1->com) + b1->localCom : g.moving;
  const Vec3d d = local - j.point1;
  g.rows.nearest = g.permitted;
  g.rows.rowCount = 3;
  for (int k = 0; k < 3; ++k) {
    g.rows.rowDirection[k] = b1 ? b1->rotation.column(k) : Vec3d();
    if (!b1) g.rows.rowDirection[k][k] = 1.0;
  }
  g.rows.rowError[0] = d.x;
  g.rows.rowError[1] = d.y;
  g.rows.rowError[2] = d.z;
  g.translationViolation = norm(g.moving - g.permitted);
  return g;
}

}  // namespace

JointGeometry measureJointTranslation(const RigidSystem& s, const JointRecord& j, const Vec3d& r1, const Vec3d& r2) {
  JointGeometry g;
  if (j.translation == TranslationKind::None) return g;
  if (j.translation == TranslationKind::Point && squaredNorm(r1) == 0.0 && squaredNorm(r2) == 0.0)
    return measurePointJoint(s, j);
  const Frame f1 = frameOf(s, j.body1, r1), f2 = frameOf(s, j.body2, r2);
  g.hasTranslation = true;
  g.moving = f2.toWorld(j.point2);
  g.rows = projectLocal(j, f1.toLocal(g.moving));
  g.permitted = f1.toWorld(g.rows.nearest);
  g.rows.nearest = g.permitted;
  for (int k = 0; k < g.rows.rowCount; ++k) g.rows.rowDirection[k] = f1.vectorToWorld(g.rows.rowDirection[k]);
  g.translationViolation = norm(g.moving - g.permitted);
  return g;
}

AngularRow measureJointAngle(const RigidSystem& s, const JointRecord& j, const Vec3d& r1, const Vec3d& r2) {
  if (!j.angle.enabled) return {};
  const Frame f1 = frameOf(s, j.body1, r1), f2 = frameOf(s, j.body2, r2);
  return measureAngleLimit(f1.vectorToWorld(j.angle.axis1), f2.vectorToWorld(j.angle.axis2), j.angle.min, j.angle.max);
}

AngularRow measureJointTwist(const RigidSystem& s, const JointRecord& j, const Vec3d& r1, const Vec3d& r2) {
  if (!j.twist.enabled) return {};
  const Frame f1 = frameOf(s, j.body1, r1), f2 = frameOf(s, j.body2, r2);
  const Vec3d a1 = j.angle.enabled ? j.angle.axis1 : j.twist.axis1;
  const Vec3d a2 = j.angle.enabled ? j.angle.axis2 : j.twist.axis2;
  return measureTwistLimit(f1.vectorToWorld(a1), f2.vectorToWorld(a2), f1.vectorToWorld(j.twist.ref1),
                           f2.vectorToWorld(j.twist.ref2), j.twist.min, j.twist.max);
}

JointViolation measureJointViolation(const RigidSystem& s, const JointRecord& j) {
  JointViolation v;
  v.translation = measureJointTranslation(s, j).translationViolation;
  v.angle = std::fabs(measureJointAngle(s, j).error);
  v.twist = std::fabs(measureJointTwist(s, j).error);
  return v;
}

}  // namespace flexure
