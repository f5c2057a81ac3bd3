#include "flexure/core/primitives/bezier_patch.h"

#include <algorithm>
#include <string>

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> BezierPatchPrimitive::parameterSpecs() const {
  static const char* kAxes[3] = {".x", ".y", ".z"};
  static constexpr double kDome[4] = {0.0, 1.0, 1.0, 0.0};  // inner control points raised
  std::vector<ParamSpec> specs;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const double at[3] = {-1.0 + 2.0 * i / 3.0, -1.0 + 2.0 * j / 3.0, 0.4 * kDome[i] * kDome[j]};
      for (int c = 0; c < 3; ++c)
        specs.push_back({"p" + std::to_string(i) + std::to_string(j) + kAxes[c], at[c]});
    }
  return specs;
}

std::unique_ptr<Node> BezierPatchPrimitive::cloneNode() const { return std::make_unique<BezierPatchPrimitive>(); }

// The patch lies in the convex hull of its control points.
Bounds3 BezierPatchPrimitive::bounds(const ParamAccess<double>& params) const {
  const double* q = params.of(*this);
  Bounds3 b;
  for (int k = 0; k < 16; ++k) b.extend(Vec3d(q[3 * k], q[3 * k + 1], q[3 * k + 2]));
  return b;
}

namespace {

// Cubic Bernstein polynomials (order 0) or their first/second derivatives at t.
template <class S> void bernstein(const S& t, int order, S b[4]) {
  const S s = 1.0 - t;
  if (order == 0) {
    b[0] = s * s * s; b[1] = 3.0 * t * s * s; b[2] = 3.0 * t * t * s; b[3] = t * t * t;
  } else if (order == 1) {
    b[0] = -3.0 * s * s; b[1] = 3.0 * s * s - 6.0 * t * s; b[2] = 6.0 * t * s - 3.0 * t * t; b[3] = 3.0 * t * t;
  } else {
    b[0] = 6.0 * s; b[1] = 18.0 * t - 12.0; b[2] = 6.0 - 18.0 * t; b[3] = 6.0 * t;
  }
}

// Σ_i Σ_j wu_i wv_j p_ij, weights and control points of any (mixable) scalar types.
template <class S, class W> Vec3<S> combine(const S* q, const W wu[4], const W wv[4]) {
  Vec3<S> r(S(0.0), S(0.0), S(0.0));
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const W w = wu[i] * wv[j];
      const int k = BezierPatchPrimitive::slot(i, j, 0);
      r.x += q[k] * w; r.y += q[k + 1] * w; r.z += q[k + 2] * w;
    }
  return r;
}

// P and its first and second partial derivatives at (u, v), in double precision.
struct Frame {
  Vec3d p, pu, pv, puu, puv, pvv;
};
Frame frameAt(const double* q, double u, double v) {
  double bu[3][4], bv[3][4];
  for (int o = 0; o < 3; ++o) { bernstein(u, o, bu[o]); bernstein(v, o, bv[o]); }
  return {combine(q, bu[0], bv[0]), combine(q, bu[1], bv[0]), combine(q, bu[0], bv[1]),
          combine(q, bu[2], bv[0]), combine(q, bu[1], bv[1]), combine(q, bu[0], bv[2])};
}

// True when (u, v) is off the border of the unit square (the closest point is a true foot point).
bool interior(double u, double v) { return u > 1e-9 && u < 1.0 - 1e-9 && v > 1e-9 && v < 1.0 - 1e-9; }

}  // namespace

void BezierPatchPrimitive::closestParameters(const double* q, const Vec3d& x, double& u, double& v) {
  // Coarse start: the best of a 9 x 9 grid.
  constexpr int kGrid = 8;
  double best = 1e300;
  for (int i = 0; i <= kGrid; ++i)
    for (int j = 0; j <= kGrid; ++j) {
      double bu[4], bv[4];
      bernstein(double(i) / kGrid, 0, bu);
      bernstein(double(j) / kGrid, 0, bv);
      const double d = squaredNorm(combine(q, bu, bv) - x);
      if (d < best) { best = d; u = double(i) / kGrid; v = double(j) / kGrid; }
    }
  // Newton on f = ½|P - x|²: g = (Pu·d, Pv·d), H = JᵀJ + (Puu·d, Puv·d; Puv·d, Pvv·d). Where H
  // is not positive definite (far from the patch, behind a fold) fall back to Gauss-Newton (JᵀJ).
  for (int it = 0; it < 40; ++it) {
    const Frame f = frameAt(q, u, v);
    const Vec3d d = f.p - x;
    const double gu = dot(f.pu, d), gv = dot(f.pv, d);
    double a = dot(f.pu, f.pu) + dot(f.puu, d), b = dot(f.pu, f.pv) + dot(f.puv, d), c = dot(f.pv, f.pv) + dot(f.pvv, d);
    if (a <= 0.0 || a * c - b * b <= 1e-14 * (a * c + 1e-300)) {
      a = dot(f.pu, f.pu); b = dot(f.pu, f.pv); c = dot(f.pv, f.pv);
    }
    const double det = a * c - b * b;
    if (!(det > 0.0)) break;
    const double du = -(c * gu - b * gv) / det, dv = -(a * gv - b * gu) / det;
    const double nu = std::clamp(u + du, 0.0, 1.0), nv = std::clamp(v + dv, 0.0, 1.0);
    const double step = std::abs(nu - u) + std::abs(nv - v);
    u = nu;
    v = nv;
    if (step < 1e-15) break;
  }
}

template <class S>
Vec3<S> BezierPatchPrimitive::positionT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
  S bu[4], bv[4];
  bernstein(u, 0, bu);
  bernstein(v, 0, bv);
  return combine(p.of(*this), bu, bv);
}

template <class S>
S BezierPatchPrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* q = p.of(*this);
  double values[48];
  for (int k = 0; k < 48; ++k) values[k] = value(q[k]);
  double u = 0.5, v = 0.5;
  closestParameters(values, valueOf(x), u, v);
  // Evaluated again in S at the fixed foot point, which carries the exact derivatives.
  double b0u[4], b0v[4], b1u[4], b1v[4];
  bernstein(u, 0, b0u); bernstein(v, 0, b0v); bernstein(u, 1, b1u); bernstein(v, 1, b1v);
  const Vec3<S> foot = combine(q, b0u, b0v);
  const Vec3<S> n = normalized(cross(combine(q, b1u, b0v), combine(q, b0u, b1v)));
  const Vec3<S> d = x - foot;
  if (interior(u, v)) return dot(d, n);
  const S distance = safeNorm(d);
  return dot(d, n) < 0.0 ? -distance : distance;
}

#define INSTANTIATE(S)                                             \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(BezierPatchPrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(BezierPatchPrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
