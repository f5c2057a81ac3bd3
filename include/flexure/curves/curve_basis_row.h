#pragma once
// The linear maps q ↦ r(u), r'(u), r''(u) of a uniform cubic B-spline as the four control-point
// indices and weights they touch: the rows of the Jacobians J = ∂C/∂q of every constraint on
// a curve point (thumbnail, ring, tangent, halfspace at u) and of the load vectors (Eq. 3).
#include <Eigen/Core>
#include <array>

#include "flexure/curves/cubic_bspline.h"

namespace flexure {

struct BasisRow {
  std::array<int, 4> index{};     // control points
  std::array<double, 4> weight{};  // d^order r / du^order = Σ weight_k p_{index_k}

  Eigen::Vector2d apply(const Eigen::VectorXd& q) const {
    Eigen::Vector2d r = Eigen::Vector2d::Zero();
    for (int k = 0; k < 4; ++k) r += weight[static_cast<std::size_t>(k)] * q.segment<2>(2 * index[static_cast<std::size_t>(k)]);
    return r;
  }
};

// order 0: r(u), 1: r'(u), 2: r''(u), derivatives with respect to the global u.
BasisRow basisRow(const BSplineShape& shape, double u, int order);

// Point, first and second derivative at u from q.
inline Eigen::Vector2d curvePoint(const BSplineShape& shape, const Eigen::VectorXd& q, double u) {
  return basisRow(shape, u, 0).apply(q);
}
inline Eigen::Vector2d curveDerivative(const BSplineShape& shape, const Eigen::VectorXd& q, double u, int order = 1) {
  return basisRow(shape, u, order).apply(q);
}

// Parameter of the point of the curve closest to p (global search over samples per span, then
// Newton on (r(u) - p)·r'(u) = 0). `hint` >= 0 restricts the search to a neighbourhood.
double closestParameter(const BSplineShape& shape, const Eigen::VectorXd& q, const Eigen::Vector2d& p,
                        double hint = -1.0);

}  // namespace flexure
