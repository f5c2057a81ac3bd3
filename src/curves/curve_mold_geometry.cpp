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

// Critical points of a cubic inside (0, 1), sorted.
std::vector<double> criticalPoints(const Cubic& c) {
  std::vector<double> out;
  const double a = 3.0 * c[3], b = 2.0 * c[2], d = c[1];
  if (std::abs(a) < 1e-300) {
    if (std::abs(b) > 1e-300) out.push_back(-d / b);
  } else {
    const double disc = b * b - 4.0 * a * d;
    if (disc >= 0.0) {
      const double s = std::sqrt(disc);
      out.push_back((-b - s) / (2.0 * a));
      out.push_back((-b + s) / (2.0 * a));
    }
  }
  std::vector<double> inside;
  for (double t : out)
    if (t > 0.0 && t < 1.0) inside.push_back(t);
  std::sort(inside.begin(), inside.end());
  return inside;
}

// Roots of f in [0, 1], f monotone between consecutive breakpoints (exact isolation).
std::vector<double> rootsInUnit(const Cubic& c, double tolerance) {
  std::vector<double> breaks{0.0};
  for (double t : criticalPoints(c)) breaks.push_back(t);
  breaks.push_back(1.0);
  std::vector<double> roots;
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    double lo = breaks[k], hi = breaks[k + 1];
    double flo = evalCubic(c, lo), fhi = evalCubic(c, hi);
    if (std::abs(flo) <= tolerance) { roots.push_back(lo); continue; }
    if (std::abs(fhi) <= tolerance) { roots.push_back(hi); continue; }
    if ((flo > 0.0) == (fhi > 0.0)) continue;
    for (int it = 0; it < 60; ++it) {
      const double mid = 0.5 * (lo + hi);
      const double fm = evalCubic(c, mid);
      if ((fm > 0.0) == (flo > 0.0)) { lo = mid; flo = fm; } else { hi = mid; }
    }
    roots.push_back(0.5 * (lo + hi));
  }
  return roots;
}

double edgeParameter(const MoldPolygon& mold, int e, const Eigen::Vector2d& x) {
  const Eigen::Vector2d d = mold.edgeVector(e);
  return (x - mold.vertex(e)).dot(d) / d.squaredNorm();
}

}  // namespace

bool curveMeetsBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold, double tolerance) {
  const int m = shape.spanCount();
  for (int e = 0; e < mold.size(); ++e) {
    const Eigen::Vector2d n = mold.inwardNormal(e);
    const double offset = n.dot(mold.vertex(e));
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
  const int m = shape.spanCount();
  double scale = 1.0;
  for (const Eigen::Vector2d& v : mold.vertices) scale = std::max(scale, v.cwiseAbs().maxCoeff());
  const double depth = 1e-11 * scale;
  for (int e = 0; e < mold.size(); ++e) {
    const Eigen::Vector2d n = mold.inwardNormal(e);
    const double offset = n.dot(mold.vertex(e));
    for (int s = 0; s < m; ++s) {
      bool allAbove = true;
      for (int k = 0; k < 4 && allAbove; ++k) {
        const int i = shape.controlIndex(s, k);
        allAbove = n.x() * q[2 * i] + n.y() * q[2 * i + 1] - offset > depth;
      }
      if (allAbove) continue;
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
      // A span lying entirely outside past this edge without a root is caught through the
      // crossing that led it there; the start state is checked by the caller.
    }
  }
  return false;
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
  const Eigen::Vector2d n = mold.inwardNormal(edge);
  const double offset = n.dot(mold.vertex(edge));
  const int center = locateSpan(shape, uHint).span;
  double bestU = uHint, best = n.dot(curvePoint(shape, q, uHint)) - offset;
  for (int ds = -1; ds <= 1; ++ds) {
    int s = center + ds;
    if (shape.closed) s = (s + m) % m;
    if (s < 0 || s >= m) continue;
    const Cubic c = spanLineDistance(shape, q, s, n, offset);
    std::vector<double> candidates = criticalPoints(c);
    candidates.push_back(0.0);
    candidates.push_back(1.0);
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
    const Eigen::Vector2d n = mold.inwardNormal(e);
    const double offset = n.dot(mold.vertex(e));
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
