#pragma once
// Scalar constraints that are linear in the control points, C(q) = Σ c_k q_{i_k} - rhs, with
// C = 0 (bilateral, section 5.1; the hinge group GH of section 5.3) or C >= 0 (unilateral,
// section 4.3). Every constraint of the curve family reduces to such rows at a given state:
//   thumbnail  r(u*) - p* = 0                (two rows)
//   ring       n̂(u)·(r(u) - p*) = 0 at the closest u (one row), finally r(u) - p* = 0
//   tangent    r'(u*)·n̂ = 0                 (one row)
//   halfspace  n·p_j - c >= 0 on a control point, or n·r(u) - c >= 0 on a curve point.
// Their gradients ∂C/∂q are the rows of J in Eq. 10-12 and Eq. 14-16.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "flexure/curves/curve_basis_row.h"
#include "flexure/curves/mixed_lcp.h"

namespace flexure {

struct LinearConstraint {
  std::vector<std::pair<int, double>> terms;  // (index into q, coefficient)
  double rhs = 0.0;
  ConstraintSense sense = ConstraintSense::Equality;
  int owner = -1;  // caller's tag (which scene constraint produced the row)

  double value(const Eigen::VectorXd& q) const {
    double c = -rhs;
    for (const auto& [i, a] : terms) c += a * q[i];
    return c;
  }
};

// a·r(u) (order 0) or a·r'(u) (order 1) against rhs, as one row.
LinearConstraint curvePointRow(const BSplineShape& shape, double u, int order, const Eigen::Vector2d& a, double rhs,
                               ConstraintSense sense, int owner = -1);
// Thumbnail (section 5.1): r(u*) = p*, two rows.
void appendThumbnailRows(const BSplineShape& shape, double u, const Eigen::Vector2d& target, int owner,
                         std::vector<LinearConstraint>& rows);
// Tangent (section 5.1): r'(u*)·n̂ = 0 with n̂ ⟂ the wanted direction.
LinearConstraint tangentRow(const BSplineShape& shape, double u, const Eigen::Vector2d& direction, int owner = -1);
// Halfspace n·p_j >= offset on control point j (section 5.2, H_i(q_j) >= 0).
LinearConstraint controlPointHalfspaceRow(int controlPoint, const Eigen::Vector2d& normal, double offset, int owner = -1);

}  // namespace flexure
