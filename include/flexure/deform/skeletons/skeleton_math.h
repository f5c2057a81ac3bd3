#pragma once
// Small helpers shared by the skeletons: mixing double geometry with points of any scalar type,
// frames, and unbounded boxes.
#include <limits>
#include <vector>

#include "flexure/core/field_visitor.h"
#include "flexure/core/vec.h"

namespace flexure::deform {

template <class S>
Vec3<S> lift(const Vec3d& v) {
  return Vec3<S>(S(v.x), S(v.y), S(v.z));
}

// S-valued offsets of a double point: (p - c).
template <class S>
Vec3<S> minus(const Vec3<S>& p, const Vec3d& c) {
  return {p.x - c.x, p.y - c.y, p.z - c.z};
}

template <class S>
S dotd(const Vec3<S>& a, const Vec3d& b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}

// Vector d scaled by a double-valued direction: s * dir.
template <class S>
Vec3<S> along(const Vec3d& dir, const S& s) {
  return {s * dir.x, s * dir.y, s * dir.z};
}

template <class S>
Vec3<S> mul(const Mat3d& m, const Vec3<S>& v) {
  return {v.x * m.m[0][0] + v.y * m.m[0][1] + v.z * m.m[0][2], v.x * m.m[1][0] + v.y * m.m[1][1] + v.z * m.m[1][2],
          v.x * m.m[2][0] + v.y * m.m[2][1] + v.z * m.m[2][2]};
}

// Two unit vectors completing the unit vector n to a right-handed orthonormal frame.
void orthonormalBasis(const Vec3d& n, Vec3d& u, Vec3d& v);

// A unit vector, or throws FieldError naming `what` for a (near) zero vector.
Vec3d unitOrThrow(const Vec3d& v, const char* what);

// Bounds of all space (unbounded skeletons: line, plane).
inline Bounds3 unboundedBounds() {
  const double inf = std::numeric_limits<double>::infinity();
  Bounds3 b;
  b.lo = {-inf, -inf, -inf};
  b.hi = {inf, inf, inf};
  return b;
}

// Flat [x0, y0, z0, x1, ...] lists of points as written in scene files.
std::vector<Vec3d> pointsFromFlat(const std::vector<double>& flat, const char* what);
std::vector<double> flatFromPoints(const std::vector<Vec3d>& points);

// The nearest point of segment [a, a + e] to p, as a parameter in [0, 1] (double decision).
inline double segmentParameter(const Vec3d& p, const Vec3d& a, const Vec3d& e, double invLength2) {
  const double t = dot(p - a, e) * invLength2;
  return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

// p - (a + t e): the offset from a segment's point at parameter t, with t differentiated where
// the nearest point is interior (t = ((p - a).e) / |e|^2) and fixed at an end.
template <class S>
Vec3<S> segmentOffset(const Vec3<S>& p, const Vec3d& a, const Vec3d& e, double invLength2) {
  const Vec3<S> pa = minus(p, a);
  const double t0 = segmentParameter(valueOf(p), a, e, invLength2);
  if (t0 <= 0.0) return pa;
  if (t0 >= 1.0) return pa - lift<S>(e);
  const S t = dotd(pa, e) * invLength2;
  return pa - along(e, t);
}

}  // namespace flexure::deform
