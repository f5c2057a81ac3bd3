#pragma once
// Small geometric value types, templated on the scalar so the same code runs on doubles and on
// jets. Eigen is used for linear algebra in the solvers; these types are for geometry, where
// readable names (Vec3, Mat3, Quat) and cheap nesting of jets matter more.
#include <cstddef>

#include "flexure/core/jet.h"

namespace flexure {

template <class S>
struct Vec3 {
  S x{}, y{}, z{};
  constexpr Vec3() = default;
  constexpr Vec3(S x_, S y_, S z_) : x(x_), y(y_), z(z_) {}
  template <class U>
  static Vec3 from(const Vec3<U>& o) { return Vec3(S(o.x), S(o.y), S(o.z)); }

  S& operator[](int i) { return i == 0 ? x : (i == 1 ? y : z); }
  const S& operator[](int i) const { return i == 0 ? x : (i == 1 ? y : z); }
  Vec3& operator+=(const Vec3& o) { x += o.x; y += o.y; z += o.z; return *this; }
  Vec3& operator-=(const Vec3& o) { x -= o.x; y -= o.y; z -= o.z; return *this; }
  Vec3& operator*=(const S& s) { x *= s; y *= s; z *= s; return *this; }
};
using Vec3d = Vec3<double>;

template <class S> Vec3<S> operator+(Vec3<S> a, const Vec3<S>& b) { return a += b; }
template <class S> Vec3<S> operator-(Vec3<S> a, const Vec3<S>& b) { return a -= b; }
template <class S> Vec3<S> operator-(const Vec3<S>& a) { return {-a.x, -a.y, -a.z}; }
template <class S> Vec3<S> operator*(const Vec3<S>& a, const S& s) { return {a.x * s, a.y * s, a.z * s}; }
template <class S> Vec3<S> operator*(const S& s, const Vec3<S>& a) { return {a.x * s, a.y * s, a.z * s}; }
template <class S> Vec3<S> operator/(const Vec3<S>& a, const S& s) { return {a.x / s, a.y / s, a.z / s}; }
template <class S> Vec3<S> operator*(const Vec3<S>& a, double s) requires(!std::is_same_v<S, double>) {
  return {a.x * s, a.y * s, a.z * s};
}
template <class S> Vec3<S> operator*(double s, const Vec3<S>& a) requires(!std::is_same_v<S, double>) {
  return {a.x * s, a.y * s, a.z * s};
}
template <class S> Vec3<S> cwiseProduct(const Vec3<S>& a, const Vec3<S>& b) { return {a.x * b.x, a.y * b.y, a.z * b.z}; }
template <class S> S dot(const Vec3<S>& a, const Vec3<S>& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
template <class S> Vec3<S> cross(const Vec3<S>& a, const Vec3<S>& b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class S> S squaredNorm(const Vec3<S>& a) { return dot(a, a); }
template <class S> S norm(const Vec3<S>& a) { return sqrt(dot(a, a)); }
template <class S> Vec3<S> normalized(const Vec3<S>& a) { return a / norm(a); }
template <class S> Vec3<double> valueOf(const Vec3<S>& a) { return {value(a.x), value(a.y), value(a.z)}; }
template <class S> bool isFinite(const Vec3<S>& a) { return isFinite(a.x) && isFinite(a.y) && isFinite(a.z); }

// Row-major 3x3 matrix.
template <class S>
struct Mat3 {
  S m[3][3]{};
  static Mat3 identity() {
    Mat3 r;
    for (int i = 0; i < 3; ++i) r.m[i][i] = S(1);
    return r;
  }
  static Mat3 fromColumns(const Vec3<S>& c0, const Vec3<S>& c1, const Vec3<S>& c2) {
    Mat3 r;
    for (int i = 0; i < 3; ++i) { r.m[i][0] = c0[i]; r.m[i][1] = c1[i]; r.m[i][2] = c2[i]; }
    return r;
  }
  S& operator()(int i, int j) { return m[i][j]; }
  const S& operator()(int i, int j) const { return m[i][j]; }
  Vec3<S> column(int j) const { return {m[0][j], m[1][j], m[2][j]}; }
  Vec3<S> row(int i) const { return {m[i][0], m[i][1], m[i][2]}; }
};
using Mat3d = Mat3<double>;

template <class S> Vec3<S> operator*(const Mat3<S>& a, const Vec3<S>& v) {
  return {a.m[0][0] * v.x + a.m[0][1] * v.y + a.m[0][2] * v.z,
          a.m[1][0] * v.x + a.m[1][1] * v.y + a.m[1][2] * v.z,
          a.m[2][0] * v.x + a.m[2][1] * v.y + a.m[2][2] * v.z};
}
template <class S> Mat3<S> operator*(const Mat3<S>& a, const Mat3<S>& b) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.m[i][j] = a.m[i][0] * b.m[0][j] + a.m[i][1] * b.m[1][j] + a.m[i][2] * b.m[2][j];
  return r;
}
template <class S> Mat3<S> transpose(const Mat3<S>& a) {
  Mat3<S> r;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) r.m[i][j] = a.m[j][i];
  return r;
}
template <class S> S determinant(const Mat3<S>& a) {
  return a.m[0][0] * (a.m[1][1] * a.m[2][2] - a.m[1][2] * a.m[2][1]) -
         a.m[0][1] * (a.m[1][0] * a.m[2][2] - a.m[1][2] * a.m[2][0]) +
         a.m[0][2] * (a.m[1][0] * a.m[2][1] - a.m[1][1] * a.m[2][0]);
}
// Cofactor matrix: cof(A) = det(A) A^{-T}. Normals transform by A^{-T} (Barr 1984); the
// cofactor form needs no division and stays finite where A is singular.
template <class S> Mat3<S> cofactor(const Mat3<S>& a) {
  Mat3<S> c;
  for (int i = 0; i < 3; ++i) {
    const int i1 = (i + 1) % 3, i2 = (i + 2) % 3;
    for (int j = 0; j < 3; ++j) {
      const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
      c.m[i][j] = a.m[i1][j1] * a.m[i2][j2] - a.m[i1][j2] * a.m[i2][j1];
    }
  }
  return c;
}
template <class S> Mat3<S> inverseTranspose(const Mat3<S>& a) {
  Mat3<S> c = cofactor(a);
  const S inv = S(1) / determinant(a);
  for (auto& row : c.m)
    for (S& e : row) e = e * inv;
  return c;
}
template <class S> Mat3<S> inverse(const Mat3<S>& a) { return transpose(inverseTranspose(a)); }

// Unit quaternion rotations. Parameters store a free 4-vector; it is normalized inside every
// evaluation (Witkin et al. 1987, pipefitting: "a quaternion rotation is specified by a 4-vector").
template <class S>
struct Quat {
  S w{1}, x{}, y{}, z{};
  constexpr Quat() = default;
  constexpr Quat(S w_, S x_, S y_, S z_) : w(w_), x(x_), y(y_), z(z_) {}
  static Quat fromAxisAngle(const Vec3<S>& axis, const S& angle) {
    const Vec3<S> a = normalized(axis);
    const S s = sin(angle * 0.5);
    return {cos(angle * 0.5), a.x * s, a.y * s, a.z * s};
  }
};
using Quatd = Quat<double>;

template <class S> Quat<S> normalized(const Quat<S>& q) {
  const S n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return {q.w / n, q.x / n, q.y / n, q.z / n};
}
template <class S> Quat<S> conjugate(const Quat<S>& q) { return {q.w, -q.x, -q.y, -q.z}; }
template <class S> Quat<S> operator*(const Quat<S>& a, const Quat<S>& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
// Rotation matrix of a unit quaternion.
template <class S> Mat3<S> toMatrix(const Quat<S>& q) {
  Mat3<S> r;
  const S xx = q.x * q.x, yy = q.y * q.y, zz = q.z * q.z;
  const S xy = q.x * q.y, xz = q.x * q.z, yz = q.y * q.z, wx = q.w * q.x, wy = q.w * q.y, wz = q.w * q.z;
  r.m[0][0] = 1.0 - 2.0 * (yy + zz); r.m[0][1] = 2.0 * (xy - wz);       r.m[0][2] = 2.0 * (xz + wy);
  r.m[1][0] = 2.0 * (xy + wz);       r.m[1][1] = 1.0 - 2.0 * (xx + zz); r.m[1][2] = 2.0 * (yz - wx);
  r.m[2][0] = 2.0 * (xz - wy);       r.m[2][1] = 2.0 * (yz + wx);       r.m[2][2] = 1.0 - 2.0 * (xx + yy);
  return r;
}
template <class S> Vec3<S> rotate(const Quat<S>& q, const Vec3<S>& v) { return toMatrix(q) * v; }

// Axis-aligned bounds in double precision (used for culling, never differentiated).
struct Bounds3 {
  Vec3d lo{1e300, 1e300, 1e300};
  Vec3d hi{-1e300, -1e300, -1e300};
  bool empty() const { return lo.x > hi.x; }
  // A NaN coordinate is ignored, as std::fmin/fmax would (this compiles to min/max instructions;
  // fmin/fmax are calls into libm, and bounds are taken over every vertex of every frame).
  void extend(const Vec3d& p) {
    lo = {p.x < lo.x ? p.x : lo.x, p.y < lo.y ? p.y : lo.y, p.z < lo.z ? p.z : lo.z};
    hi = {p.x > hi.x ? p.x : hi.x, p.y > hi.y ? p.y : hi.y, p.z > hi.z ? p.z : hi.z};
  }
  void extend(const Bounds3& b) { if (!b.empty()) { extend(b.lo); extend(b.hi); } }
  Bounds3 padded(double r) const { Bounds3 b = *this; if (!empty()) { b.lo -= Vec3d(r, r, r); b.hi += Vec3d(r, r, r); } return b; }
  bool contains(const Vec3d& p) const {
    return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y && p.z >= lo.z && p.z <= hi.z;
  }
  bool overlaps(const Bounds3& b) const {
    return !(empty() || b.empty() || b.lo.x > hi.x || b.hi.x < lo.x || b.lo.y > hi.y || b.hi.y < lo.y ||
             b.lo.z > hi.z || b.hi.z < lo.z);
  }
  Vec3d center() const { return (lo + hi) * 0.5; }
  Vec3d extent() const { return hi - lo; }
};

}  // namespace flexure
