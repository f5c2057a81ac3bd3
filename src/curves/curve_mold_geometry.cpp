#include "flexure/curves/curve_mold_geometry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "flexure/curves/curve_basis_row.h"

namespace flexure {

namespace {

// Power-basis coefficients of the four uniform cubic B-spline basis functions: b_k(t) = Σ_j C[k][j] t^j.
constexpr double kPower[4][4] = {{1.0 / 6, -0.5, 0.5, -1.0 / 6},
                                 {4.0 / 6, 0.0, -1.0, 0.5},
                                 {1.0 / 6, 0.5, 0.5, -0.5},
                                 {0.0, 0.0, 0.0, 1.0 / 6}};

using Cubic = std::array<double, 4>;

double evalCubic(const Cubic& c, double t) { return ((c[3] * t + c[2]) * t + c[1]) * t + c[0]; }

// f(t) = n·r(t) - offset on one span.
Cubic spanLineDistance(const BSplineShape& shape, const Eigen::VectorXd& q, int span, const Eigen::Vector2d& n,
                       double offset) {
  Cubic c{-offset, 0.0, 0.0, 0.0};
  for (int k = 0; k < 4; ++k) {
    const int i = shape.controlIndex(span, k);
    const double np = n.x() * q[2 * i] + n.y() * q[2 * i + 1];
    for (int j = 0; j < 4; ++j) c[static_cast<std::size_t>(j)] += np * kPower[k][j];
  }
  return c;
}

// Up to four parameters in [0, 1], in order (critical points, roots): a fixed array instead of
// a std::vector, because the crossing test asks for them for every span near every edge at every
// state the mold solver tries (no allocation per question).
struct UnitPoints {
  double t[4] = {0.0, 0.0, 0.0, 0.0};
  int count = 0;
  const double* begin() const { return t; }
  const double* end() const { return t + count; }
  void push(double x) { t[count++] = x; }
};

// Critical points of a cubic inside (0, 1), sorted.
UnitPoints criticalPoints(const Cubic& c) {
  double found[2];
  int n = 0;
  const double a = 3.0 * c[3], b = 2.0 * c[2], d = c[1];
  if (std::abs(a) < 1e-300) {
    if (std::abs(b) > 1e-300) found[n++] = -d / b;
  } else {
    const double disc = b * b - 4.0 * a * d;
    if (disc >= 0.0) {
      const double s = std::sqrt(disc);
      found[n++] = (-b - s) / (2.0 * a);
      found[n++] = (-b + s) / (2.0 * a);
    }
  }
  UnitPoints inside;
  for (int k = 0; k < n; ++k)
    if (found[k] > 0.0 && found[k] < 1.0) inside.push(found[k]);
  if (inside.count == 2 && inside.t[1] < inside.t[0]) std::swap(inside.t[0], inside.t[1]);
  return inside;
}

// Roots of f in [0, 1], f monotone between consecutive breakpoints (exact isolation).
UnitPoints rootsInUnit(const Cubic& c, double tolerance) {
  double breaks[4] = {0.0, 0.0, 0.0, 0.0};
  int count = 1;
  for (double t : criticalPoints(c)) breaks[count++] = t;
  breaks[count++] = 1.0;
  UnitPoints roots;
  for (int k = 0; k + 1 < count; ++k) {
    double lo = breaks[k], hi = breaks[k + 1];
    double flo = evalCubic(c, lo), fhi = evalCubic(c, hi);
    if (std::abs(flo) <= tolerance) { roots.push(lo); continue; }
    if (std::abs(fhi) <= tolerance) { roots.push(hi); continue; }
    if ((flo > 0.0) == (fhi > 0.0)) continue;
    for (int it = 0; it < 60; ++it) {
      const double mid = 0.5 * (lo + hi);
      const double fm = evalCubic(c, mid);
      if ((fm > 0.0) == (flo > 0.0)) { lo = mid; flo = fm; } else { hi = mid; }
    }
    roots.push(0.5 * (lo + hi));
  }
  return roots;
}

double edgeParameter(const MoldPolygon& mold, int e, const Eigen::Vector2d& x) {
  return (x - mold.vertex(e)).dot(mold.edgeVector(e)) / mold.edgeLengthSquared(e);
}

// False when no point in the convex hull of `points` projects onto edge e within the crossing
// test's σ ∈ [−1e-9, 1 + 1e-9]: σ(x) = (x − v_e)·d_e/|d_e|² is affine in x, so over the hull it
// lies between the points' smallest and largest σ. A span of the curve lies in the convex hull of
// its four control points (the B-spline convex hull property, Chen & Wu section 5.2: the
// variation diminishing argument of the halfspace rows), so with those four points a false here
// means no root of the span on e's line can pass the σ test. The margin covers the rounding of σ
// at a computed curve point (about 1e-16 (1 + |x − v_e|/|d_e|)) a million times over. A concave
// mold's edge lines cut through the cavity (a tooth's flanks extended), so many spans meet some
// edge's line far from the edge itself; each such pair cost an exact root isolation (60
// bisection steps per root) only for the σ test to drop every root.
// Margin on an edge's projection parameter t = (x − v)·d/|d|² of points x at most `reach` from
// v, with coordinates up to `magnitude`: a million times the rounding of t at a computed point.
double parameterMargin(double reach, double magnitude, double length) {
  return 1e-9 * (1.0 + (reach + magnitude) / length);
}

bool hullMayReachEdge(const Eigen::Vector2d* points, int count, const MoldPolygon& mold, int e) {
  const Eigen::Vector2d& v = mold.vertex(e);
  const Eigen::Vector2d& d = mold.edgeVector(e);
  const double len2 = mold.edgeLengthSquared(e);
  if (!(len2 > 0.0) || !std::isfinite(len2)) return true;  // a degenerate edge: σ is not a number, never skip
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, reach2 = 0.0, magnitude = v.cwiseAbs().maxCoeff();
  for (int k = 0; k < count; ++k) {
    const Eigen::Vector2d x = points[k] - v;
    const double sigma = x.dot(d) / len2;
    if (std::isnan(sigma)) return true;
    lo = std::min(lo, sigma);
    hi = std::max(hi, sigma);
    reach2 = std::max(reach2, x.squaredNorm());
    magnitude = std::max(magnitude, points[k].cwiseAbs().maxCoeff());
  }
  const double margin = parameterMargin(std::sqrt(reach2), magnitude, std::sqrt(len2));
  return !(hi < -1e-9 - margin || lo > 1.0 + 1e-9 + margin);
}

// The four control points of span s.
void spanControlPoints(const BSplineShape& shape, const Eigen::VectorXd& q, int s, Eigen::Vector2d* out) {
  for (int k = 0; k < 4; ++k) {
    const int i = shape.controlIndex(s, k);
    out[k] = Eigen::Vector2d(q[2 * i], q[2 * i + 1]);
  }
}

// The crossing test on one (edge, span) pair: a root of the span's distance to e's line inside
// the edge where the curve, a step δ to either side, is outside by more than `depth`.
bool spanCrossesEdge(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold, int e, int s,
                     double scale, double depth) {
  const int m = shape.spanCount();
  const Eigen::Vector2d& n = mold.inwardNormal(e);
  const double offset = mold.edgeOffset(e);
  bool allAbove = true;
  for (int k = 0; k < 4 && allAbove; ++k) {
    const int i = shape.controlIndex(s, k);
    allAbove = n.x() * q[2 * i] + n.y() * q[2 * i + 1] - offset > depth;
  }
  if (allAbove) return false;  // variation diminishing: the span cannot reach the line
  Eigen::Vector2d hull[4];
  spanControlPoints(shape, q, s, hull);
  if (!hullMayReachEdge(hull, 4, mold, e)) return false;
  const Cubic c = spanLineDistance(shape, q, s, n, offset);
  for (double t : rootsInUnit(c, depth)) {
    const double u = (s + t) / m;
    const Eigen::Vector2d x = curvePoint(shape, q, u);
    const double sigma = edgeParameter(mold, e, x);
    if (sigma < -1e-9 || sigma > 1.0 + 1e-9) continue;
    const double speed = std::max(curveDerivative(shape, q, u).norm(), 1e-300);
    const double du = 1e-8 * scale / speed;
    for (double side : {-du, du}) {
      const double us = shape.closed ? u + side : std::clamp(u + side, 0.0, 1.0);
      if (classifyPoint(mold, curvePoint(shape, q, us)).distance < -depth) return true;
    }
  }
  // A span lying entirely outside past this edge without a root is caught through the crossing
  // that led it there; the start state is checked by the caller.
  return false;
}

// Margin for quantities affine in the state along a path of states (line distances n·x − n·v):
// far above the rounding of an interpolated state q0 + s (q1 − q0) and of the dot product.
double pathMargin(const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, const MoldPolygon& mold) {
  const double extent = std::max({mold.coordinateScale(), q0.size() ? q0.cwiseAbs().maxCoeff() : 0.0,
                                  q1.size() ? q1.cwiseAbs().maxCoeff() : 0.0});
  return 1e-9 * extent;
}

}  // namespace

bool curveMeetsBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold, double tolerance) {
  const int m = shape.spanCount();
  for (int e = 0; e < mold.size(); ++e) {
    const Eigen::Vector2d& n = mold.inwardNormal(e);
    const double offset = mold.edgeOffset(e);
    for (int s = 0; s < m; ++s) {
      const Cubic c = spanLineDistance(shape, q, s, n, offset);
      // Quick reject: the span's control points all well inside this edge's halfspace.
      bool allAbove = true;
      for (int k = 0; k < 4 && allAbove; ++k) {
        const int i = shape.controlIndex(s, k);
        allAbove = n.x() * q[2 * i] + n.y() * q[2 * i + 1] - offset > tolerance;
      }
      if (allAbove) continue;  // variation diminishing: the span cannot reach the line
      for (double t : rootsInUnit(c, tolerance)) {
        const Eigen::Vector2d x = curvePoint(shape, q, (s + t) / m);
        const double sigma = edgeParameter(mold, e, x);
        if (sigma >= 0.0 && sigma <= 1.0) return true;
      }
    }
  }
  return false;
}

bool curveCrossesBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold) {
  const double scale = mold.coordinateScale();
  const double depth = 1e-11 * scale;
  for (int e = 0; e < mold.size(); ++e)
    for (int s = 0; s < shape.spanCount(); ++s)
      if (spanCrossesEdge(shape, q, mold, e, s, scale, depth)) return true;
  return false;
}

bool curveCrossesBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold,
                          const std::vector<EdgeSpan>& pairs) {
  const double scale = mold.coordinateScale();
  const double depth = 1e-11 * scale;
  for (const EdgeSpan& p : pairs)
    if (spanCrossesEdge(shape, q, mold, p.edge, p.span, scale, depth)) return true;
  return false;
}

std::vector<EdgeSpan> crossingCandidates(const BSplineShape& shape, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1,
                                         const MoldPolygon& mold) {
  // A pair can answer only where spanCrossesEdge gets past both of its skips at some state on
  // the path. Each control point moves on a segment, so the span's control points at any state
  // lie in the convex hull of their eight ends: a pair whose eight ends are all above e's line by
  // more than depth + margin passes the allAbove skip at every state (n·x − n·v is affine), and a
  // pair whose eight ends cannot reach e's ends (hullMayReachEdge) passes the σ skip at every
  // state. Every other pair is a candidate.
  std::vector<EdgeSpan> out;
  const double depth = 1e-11 * mold.coordinateScale();
  const double margin = pathMargin(q0, q1, mold);
  for (int e = 0; e < mold.size(); ++e) {
    const Eigen::Vector2d& n = mold.inwardNormal(e);
    const double offset = mold.edgeOffset(e);
    for (int s = 0; s < shape.spanCount(); ++s) {
      Eigen::Vector2d ends[8];
      spanControlPoints(shape, q0, s, ends);
      spanControlPoints(shape, q1, s, ends + 4);
      bool allAbove = true;
      for (int k = 0; k < 8 && allAbove; ++k) allAbove = n.dot(ends[k]) - offset > depth + margin;
      if (allAbove || !hullMayReachEdge(ends, 8, mold, e)) continue;
      out.push_back({e, s});
    }
  }
  return out;
}

std::vector<int> leavingCandidates(int count, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, const MoldPolygon& mold) {
  // classifyPoint returns 0 or the value of one of the entities whose region holds the point:
  // an edge e when its projection parameter t_e ∈ [0, 1] (value: the signed distance to e's
  // line), a vertex when t_i ≤ 0 and t_{i−1} ≥ 1 (value: +distance at a reflex vertex,
  // −distance at a convex one). Only an edge with a negative value or a convex vertex can make
  // a point count as outside. Along the path every control point moves on a segment, on which
  // the line distances and the t's are affine, so an entity is harmless on the whole segment
  // when its value is positive (by the margin) at both ends, or the point is out of its region
  // (by the margin) at both ends. A control point with a harmful entity is a candidate.
  std::vector<int> out;
  const int n = mold.size();
  const double margin = pathMargin(q0, q1, mold);
  for (int j = 0; j < count; ++j) {
    const Eigen::Vector2d a = q0.segment<2>(2 * j), b = q1.segment<2>(2 * j);
    bool harmful = false;
    for (int i = 0; i < n && !harmful; ++i) {
      const Eigen::Vector2d& v = mold.vertex(i);
      const double len = std::sqrt(mold.edgeLengthSquared(i));
      const Eigen::Vector2d& d = mold.edgeVector(i);
      const double ta = (a - v).dot(d) / mold.edgeLengthSquared(i), tb = (b - v).dot(d) / mold.edgeLengthSquared(i);
      const double magnitude = std::max({v.cwiseAbs().maxCoeff(), a.cwiseAbs().maxCoeff(), b.cwiseAbs().maxCoeff()});
      const double tMargin = parameterMargin(std::max((a - v).norm(), (b - v).norm()), magnitude, len);
      if (!(len > 0.0) || std::isnan(ta) || std::isnan(tb)) {
        harmful = true;
        break;
      }
      const bool outOfSlab = (ta < -tMargin && tb < -tMargin) || (ta > 1.0 + tMargin && tb > 1.0 + tMargin);
      const bool insideLine = mold.edgeDistance(i, a) > margin && mold.edgeDistance(i, b) > margin;
      if (!outOfSlab && !insideLine) harmful = true;
      if (harmful || mold.isReflex(i)) continue;
      // Convex vertex v_i: its sector needs t_i ≤ 0 and t_{i−1} ≥ 1.
      const int p = (i - 1 + n) % n;
      const Eigen::Vector2d& vp = mold.vertex(p);
      const Eigen::Vector2d& dp = mold.edgeVector(p);
      const double lenP = std::sqrt(mold.edgeLengthSquared(p));
      const double pa = (a - vp).dot(dp) / mold.edgeLengthSquared(p), pb = (b - vp).dot(dp) / mold.edgeLengthSquared(p);
      const double pMargin = parameterMargin(std::max((a - vp).norm(), (b - vp).norm()),
                                             std::max(magnitude, vp.cwiseAbs().maxCoeff()), lenP);
      if (!(lenP > 0.0) || std::isnan(pa) || std::isnan(pb)) {
        harmful = true;
        break;
      }
      const bool outOfSector = (ta > tMargin && tb > tMargin) || (pa < 1.0 - pMargin && pb < 1.0 - pMargin);
      if (!outOfSector) harmful = true;
    }
    if (harmful) out.push_back(j);
  }
  return out;
}

double curveClearance(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold) {
  const int m = shape.spanCount();
  const int samples = 32 * m;
  double best = std::numeric_limits<double>::infinity();
  double bestU = 0.0;
  for (int i = 0; i <= samples; ++i) {
    const double u = double(i) / samples;
    const double d = classifyPoint(mold, curvePoint(shape, q, u)).distance;
    if (d < best) { best = d; bestU = u; }
  }
  // Golden-section refinement around the best sample.
  double a = std::max(0.0, bestU - 1.0 / samples), b = std::min(1.0, bestU + 1.0 / samples);
  const double g = 0.5 * (std::sqrt(5.0) - 1.0);
  for (int it = 0; it < 40; ++it) {
    const double x1 = b - g * (b - a), x2 = a + g * (b - a);
    const double f1 = classifyPoint(mold, curvePoint(shape, q, x1)).distance;
    const double f2 = classifyPoint(mold, curvePoint(shape, q, x2)).distance;
    best = std::min({best, f1, f2});
    if (f1 < f2) b = x2; else a = x1;
  }
  return best;
}

double parallelTangentPoint(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold, int edge,
                            double uHint) {
  const int m = shape.spanCount();
  const Eigen::Vector2d& n = mold.inwardNormal(edge);
  const double offset = mold.edgeOffset(edge);
  const int center = locateSpan(shape, uHint).span;
  double bestU = uHint, best = n.dot(curvePoint(shape, q, uHint)) - offset;
  for (int ds = -1; ds <= 1; ++ds) {
    int s = center + ds;
    if (shape.closed) s = (s + m) % m;
    if (s < 0 || s >= m) continue;
    const Cubic c = spanLineDistance(shape, q, s, n, offset);
    UnitPoints candidates = criticalPoints(c);
    candidates.push(0.0);
    candidates.push(1.0);
    for (double t : candidates) {
      const double f = evalCubic(c, t);
      if (f < best) { best = f; bestU = (s + t) / m; }
    }
  }
  return bestU;
}

MoldTouch nearestTouch(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold) {
  MoldTouch best;
  best.gap = std::numeric_limits<double>::infinity();
  const int m = shape.spanCount();
  // Type-1: parallel tangent points over each edge (local minima of the distance to its line).
  for (int e = 0; e < mold.size(); ++e) {
    const Eigen::Vector2d& n = mold.inwardNormal(e);
    const double offset = mold.edgeOffset(e);
    for (int s = 0; s < m; ++s) {
      const Cubic c = spanLineDistance(shape, q, s, n, offset);
      for (double t : criticalPoints(c)) {
        if (6.0 * c[3] * t + 2.0 * c[2] <= 0.0) continue;  // a maximum of the distance
        const double u = (s + t) / m;
        const double sigma = edgeParameter(mold, e, curvePoint(shape, q, u));
        const double f = evalCubic(c, t);
        if (sigma > 0.0 && sigma < 1.0 && f < best.gap) best = {MoldTouch::Type::Edge, e, u, f};
      }
    }
  }
  // Type-2: reflex vertices against their orthogonal projection on the curve.
  for (int v = 0; v < mold.size(); ++v) {
    if (!mold.isReflex(v)) continue;
    const double u = closestParameter(shape, q, mold.vertex(v));
    const double d = (curvePoint(shape, q, u) - mold.vertex(v)).norm();
    if (d < best.gap) best = {MoldTouch::Type::Vertex, v, u, d};
  }
  return best;
}

}  // namespace flexure
