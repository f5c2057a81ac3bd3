#include "flexure/curves/linear_constraint.h"

namespace flexure {

LinearConstraint curvePointRow(const BSplineShape& shape, double u, int order, const Eigen::Vector2d& a, double rhs,
                               ConstraintSense sense, int owner) {
  const BasisRow row = basisRow(shape, u, order);
  LinearConstraint c;
  c.rhs = rhs;
  c.sense = sense;
  c.owner = owner;
  // Closed curves with three points repeat an index within a span: merge repeated entries.
  auto add = [&c](int idx, double coeff) {
    for (auto& term : c.terms)
      if (term.first == idx) { term.second += coeff; return; }
    c.terms.emplace_back(idx, coeff);
  };
  for (int k = 0; k < 4; ++k) {
    const auto ks = static_cast<std::size_t>(k);
    add(2 * row.index[ks], row.weight[ks] * a.x());
    add(2 * row.index[ks] + 1, row.weight[ks] * a.y());
  }
  return c;
}

void appendThumbnailRows(const BSplineShape& shape, double u, const Eigen::Vector2d& target, int owner,
                         std::vector<LinearConstraint>& rows) {
  rows.push_back(curvePointRow(shape, u, 0, Eigen::Vector2d(1, 0), target.x(), ConstraintSense::Equality, owner));
  rows.push_back(curvePointRow(shape, u, 0, Eigen::Vector2d(0, 1), target.y(), ConstraintSense::Equality, owner));
}

LinearConstraint tangentRow(const BSplineShape& shape, double u, const Eigen::Vector2d& direction, int owner) {
  const Eigen::Vector2d d = direction.normalized();
  const Eigen::Vector2d n(d.y(), -d.x());  // Rot(z,-90°) d
  return curvePointRow(shape, u, 1, n, 0.0, ConstraintSense::Equality, owner);
}

LinearConstraint controlPointHalfspaceRow(int controlPoint, const Eigen::Vector2d& normal, double offset, int owner) {
  LinearConstraint c;
  c.terms = {{2 * controlPoint, normal.x()}, {2 * controlPoint + 1, normal.y()}};
  c.rhs = offset;
  c.sense = ConstraintSense::Inequality;
  c.owner = owner;
  return c;
}

}  // namespace flexure
