#pragma once
// Uniform cubic B-splines in a plane (Chen & Wu, section 6: "a uniform cubic B-spline curve").
//
// A curve has n control points p_0..p_{n-1} stored interleaved in q = (x0, y0, x1, y1, ...),
// the layout of an MES curve's slice of Ψ. The global parameter u runs over [0, 1]:
//   open curve   m = n - 3 spans (n >= 4), span s uses p_s .. p_{s+3}
//   closed curve m = n spans (n >= 3), span s uses p_s .. p_{s+3} with indices taken mod n,
//                and u wraps around (u and u + 1 are the same point).
// With x = u m, s = floor(x), t = x - s:  r(u) = Σ_k b_k(t) p_{s+k},
//   r'(u) = m Σ b_k'(t) p_{s+k},  r''(u) = m² Σ b_k''(t) p_{s+k}  (derivatives in u, not t).
// Everything is templated on the scalar so that the same code gives values and exact jets.
#include <algorithm>
#include <cmath>

#include "flexure/core/jet.h"
#include "flexure/core/vec.h"

namespace flexure {

// Shape of a uniform cubic B-spline: how many control points and whether it closes on itself.
struct BSplineShape {
  int count = 0;  // control points
  bool closed = false;

  int spanCount() const { return closed ? count : count - 3; }
  bool valid() const { return closed ? count >= 3 : count >= 4; }
  // Index of the k-th control point (k = 0..3) of span s.
  int controlIndex(int span, int k) const { return closed ? (span + k) % count : span + k; }
};

// Span and local parameter of a global u (clamped into [0, 1] for open curves, wrapped for closed).
struct SpanLocation {
  int span = 0;
  double t = 0.0;
};

inline double wrapParameter(const BSplineShape& shape, double u) {
  if (shape.closed) return u - std::floor(u);
  return std::clamp(u, 0.0, 1.0);
}

inline SpanLocation locateSpan(const BSplineShape& shape, double u) {
  const int m = shape.spanCount();
  const double x = wrapParameter(shape, u) * m;
  const int s = std::clamp(static_cast<int>(std::floor(x)), 0, m - 1);
  return {s, x - s};
}

// The four basis functions of a uniform cubic B-spline on one span and their first and second
// derivatives with respect to the local parameter t ∈ [0, 1].
template <class S>
struct CubicBasis {
  S b[4], d1[4], d2[4];
  explicit CubicBasis(const S& t) {
    const S s = S(1.0) - t;
    const S t2 = t * t, t3 = t2 * t;
    b[0] = s * s * s / 6.0;
    b[1] = (3.0 * t3 - 6.0 * t2 + 4.0) / 6.0;
    b[2] = (-3.0 * t3 + 3.0 * t2 + 3.0 * t + 1.0) / 6.0;
    b[3] = t3 / 6.0;
    d1[0] = -0.5 * s * s;
    d1[1] = 0.5 * (3.0 * t2 - 4.0 * t);
    d1[2] = 0.5 * (-3.0 * t2 + 2.0 * t + 1.0);
    d1[3] = 0.5 * t2;
    d2[0] = s;
    d2[1] = 3.0 * t - 2.0;
    d2[2] = 1.0 - 3.0 * t;
    d2[3] = t;
  }
};

// Point and derivatives of the curve at u, read from interleaved control-point coordinates q
// (any indexable of S). The z components are zero.
template <class S>
struct CurveSample {
  Vec3<S> r, r1, r2;  // r(u), r'(u), r''(u)
};

template <class S, class Coords>
CurveSample<S> sampleCurve(const BSplineShape& shape, const Coords& q, const S& u) {
  const int m = shape.spanCount();
  const double uw = wrapParameter(shape, value(u));
  const SpanLocation loc = locateSpan(shape, uw);
  // Keep u's derivative lanes: t = u m - s (shifted by the wrap, which is a constant).
  const S t = (u + (uw - value(u))) * double(m) - double(loc.span);
  const CubicBasis<S> basis(t);
  CurveSample<S> out;
  for (int k = 0; k < 4; ++k) {
    const int i = shape.controlIndex(loc.span, k);
    const S x = q[2 * i], y = q[2 * i + 1];
    out.r.x += basis.b[k] * x;
    out.r.y += basis.b[k] * y;
    out.r1.x += basis.d1[k] * x;
    out.r1.y += basis.d1[k] * y;
    out.r2.x += basis.d2[k] * x;
    out.r2.y += basis.d2[k] * y;
  }
  out.r1 = out.r1 * S(double(m));
  out.r2 = out.r2 * S(double(m) * double(m));
  return out;
}

// Eq. 5: n̂ = Rot(z, -90°) r'/|r'|, the unit normal on the curve's right-hand side.
template <class S>
Vec3<S> rightNormal(const Vec3<S>& tangent) {
  const S len = sqrt(tangent.x * tangent.x + tangent.y * tangent.y);
  return {tangent.y / len, -tangent.x / len, S(0.0)};
}

// Rot(z, -90°) applied to a plane vector without normalizing (Eq. 6 uses Rot r').
template <class S>
Vec3<S> rotateMinus90(const Vec3<S>& v) {
  return {v.y, -v.x, S(0.0)};
}

}  // namespace flexure
