#include "flexure/curves/curve_basis_row.h"

#include <cmath>
#include <limits>

namespace flexure {

BasisRow basisRow(const BSplineShape& shape, double u, int order) {
  const SpanLocation loc = locateSpan(shape, u);
  const CubicBasis<double> basis(loc.t);
  const double m = shape.spanCount();
  const double scale = order == 0 ? 1.0 : (order == 1 ? m : m * m);
  const double* w = order == 0 ? basis.b : (order == 1 ? basis.d1 : basis.d2);
  BasisRow row;
  for (int k = 0; k < 4; ++k) {
    row.index[static_cast<std::size_t>(k)] = shape.controlIndex(loc.span, k);
    row.weight[static_cast<std::size_t>(k)] = scale * w[k];
  }
  return row;
}

namespace {

double refineClosest(const BSplineShape& shape, const Eigen::VectorXd& q, const Eigen::Vector2d& p, double u) {
  // Newton on g(u) = (r - p)·r', g' = |r'|² + (r - p)·r''.
  for (int it = 0; it < 30; ++it) {
    const Eigen::Vector2d d = curvePoint(shape, q, u) - p;
    const Eigen::Vector2d r1 = curveDerivative(shape, q, u, 1);
    const Eigen::Vector2d r2 = curveDerivative(shape, q, u, 2);
    const double g = d.dot(r1);
    double h = r1.squaredNorm() + d.dot(r2);
    if (h <= 1e-300) h = r1.squaredNorm() + 1e-300;
    double next = u - g / h;
    if (!shape.closed) next = std::clamp(next, 0.0, 1.0);
    const double step = std::abs(next - u);
    u = shape.closed ? next - std::floor(next) : next;
    if (step < 1e-15) break;
  }
  return u;
}

}  // namespace

double closestParameter(const BSplineShape& shape, const Eigen::VectorXd& q, const Eigen::Vector2d& p, double hint) {
  const int m = shape.spanCount();
  const int perSpan = 8;
  double bestU = 0.0, best = std::numeric_limits<double>::infinity();
  const int samples = m * perSpan;
  for (int i = 0; i <= samples; ++i) {
    const double u = double(i) / samples;
    if (hint >= 0.0) {
      double du = std::abs(u - hint);
      if (shape.closed) du = std::min(du, 1.0 - du);
      if (du > 1.5 / m) continue;
    }
    const double d = (curvePoint(shape, q, u) - p).squaredNorm();
    if (d < best) { best = d; bestU = u; }
  }
  const double refined = refineClosest(shape, q, p, bestU);
  // Keep the refinement only when it did not wander to a worse point.
  if ((curvePoint(shape, q, refined) - p).squaredNorm() <= best) return refined;
  return bestU;
}

}  // namespace flexure
