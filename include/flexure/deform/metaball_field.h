#pragma once
// The deformation field of one generalized metaball, templated on the scalar type of the point
// (S) and of its parameters (T: either double or S). Shared by the per-point operator path
// (values and jets) and by the parallel batch path.
//
//   F(P)   = f(r(P, C), R)                                    Eq. 2, with the metric of sec. 4
//   delta(P) = F dD + (S^ R^(theta F) - I)(P - O)             Eq. 5 and section 5, M^ = T S R
//   Deform(P) = P + sum_i delta_i(P)                          Eq. 8
// where S^ = 1 + F (S - 1) and O is the pivot of the constraint's local frame. With no rotation
// and unit scale, delta = F dD, exactly Eq. 5.
#include "flexure/deform/metaball.h"

namespace flexure::deform {

// True when x is exactly zero, derivatives included (a jet seeded on a zero angle still rotates).
inline bool exactlyZero(double x) { return x == 0.0; }
template <class T, int N>
bool exactlyZero(const Jet<T, N>& x) {
  if (!exactlyZero(x.a)) return false;
  for (const T& d : x.v)
    if (!exactlyZero(d)) return false;
  return true;
}

// What the potential needs besides the normalized offset.
template <class T>
struct PotentialShape {
  Metric metric = Metric::L2;
  PotentialKind kind = PotentialKind::Wyvill;
  int degree = 3;
  T metricU{};
  T innerFraction{};  // R_U / R
  const T* controls = nullptr;  // g1 .. g(m-1)
};

// f of Eq. 3 or section 4 at the normalized offset q = (d_x / R_x, d_y / R_y, d_z / R_z).
template <class S, class T>
S potentialAt(const PotentialShape<T>& shape, const Vec3<S>& q) {
  const bool hasInner = shape.innerFraction > 0.0;
  S t;
  if (shape.metric == Metric::L2) {
    const S x = squaredNorm(q);
    if (x >= 1.0) return S(0.0);
    // Eq. 3 as a function of r^2: no square root (section 3.1's remark).
    if (!hasInner && shape.kind == PotentialKind::Wyvill) return wyvillOfSquare(x);
    if (hasInner && x <= shape.innerFraction * shape.innerFraction) return S(1.0);
    if (!(x > 0.0)) return S(1.0);
    t = sqrt(x);
  } else {
    t = normalizedDistance(shape.metric, q, S(shape.metricU));
    if (t >= 1.0) return S(0.0);
    if (t <= shape.innerFraction) return S(1.0);
  }
  const S s = hasInner ? S((t - shape.innerFraction) / (1.0 - shape.innerFraction)) : t;
  if (shape.kind == PotentialKind::Wyvill) return wyvillOfSquare(S(s * s));
  std::array<S, kMaxPotentialDegree> g{};
  for (int j = 0; j + 1 < shape.degree; ++j) g[static_cast<std::size_t>(j)] = S(shape.controls[j]);
  return bezierPotential(g.data(), shape.degree, s);
}

// (S^ R^(theta F) - I) local: the local rotation and scale of section 5 at potential F, about
// the pivot (local = P - O). Rotation by the quaternion (cos(theta F / 2), sin(theta F / 2) n).
template <class S, class T>
Vec3<S> rotateScaleOffset(const Vec3<S>& local, const S& F, const T& angle, const Vec3<T>& axis, const Vec3<T>& scale,
                          bool rotates, bool scales, const Mat3d* frame = nullptr, const Mat3d* frameT = nullptr) {
  Vec3<S> y = local;
  if (rotates) {
    const T axisNorm = sqrt(squaredNorm(axis));
    const Vec3<S> n(S(axis.x / axisNorm), S(axis.y / axisNorm), S(axis.z / axisNorm));
    const S half = F * angle * 0.5;
    const S c = cos(half), s = sin(half);
    // Rodrigues form of the quaternion rotation: y = v + 2 w (n x v) + 2 n x (n x v), w = cos, n scaled by sin.
    const Vec3<S> qv = n * s;
    const Vec3<S> t = cross(qv, y) * S(2.0);
    y = y + t * c + cross(qv, t);
  }
  if (scales) {  // along the axes of the constraint's frame
    if (frame) y = mul(*frameT, y);
    y.x = y.x * (1.0 + F * (scale.x - 1.0));
    y.y = y.y * (1.0 + F * (scale.y - 1.0));
    y.z = y.z * (1.0 + F * (scale.z - 1.0));
    if (frame) y = mul(*frame, y);
  }
  return y - local;
}

}  // namespace flexure::deform
