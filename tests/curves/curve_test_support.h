#pragma once
// Control points of straight curves, the starting shape of most curve tests.
#include <Eigen/Core>

namespace flexure::test {

// n control points (x0, y0, x1, y1, ...) of a uniform cubic B-spline whose curve runs straight
// from r(0) = a to r(1) = b: the end points lie one span beyond the ends (Chen & Wu's
// parameterisation, the curve's parameter range being the n − 3 inner spans).
inline Eigen::VectorXd straightCurve(int n, const Eigen::Vector2d& a, const Eigen::Vector2d& b) {
  Eigen::VectorXd q(2 * n);
  for (int i = 0; i < n; ++i) q.segment<2>(2 * i) = a + (b - a) * (double(i - 1) / double(n - 3));
  return q;
}

// A straight curve of length L along x: r(0) = (0, 0), r(1) = (L, 0).
inline Eigen::VectorXd straightCurve(int n, double length) {
  return straightCurve(n, Eigen::Vector2d::Zero(), Eigen::Vector2d(length, 0.0));
}

}  // namespace flexure::test
