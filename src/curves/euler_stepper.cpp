#include "flexure/curves/euler_stepper.h"

#include <cmath>

namespace flexure {

namespace {

bool sameTerms(const std::vector<LinearConstraint>& a, const std::vector<LinearConstraint>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].terms != b[k].terms || a[k].sense != b[k].sense) return false;
  return true;
}

}  // namespace

EulerStepper::EulerStepper(const QuadraticEnergy& energy, std::vector<bool> frozen)
    : energy_(energy), frozen_(std::move(frozen)) {
  // λ_max(H) by power iteration, for the step size.
  const int n = static_cast<int>(energy.hessian.rows());
  Eigen::VectorXd v = Eigen::VectorXd::Ones(n).normalized();
  double lambda = 0.0;
  for (int it = 0; it < 60; ++it) {
    Eigen::VectorXd w = energy.hessian * v;
    for (int i = 0; i < n; ++i)
      if (!frozen_.empty() && frozen_[static_cast<std::size_t>(i)]) w[i] = 0.0;
    lambda = w.norm();
    if (!(lambda > 0.0)) break;
    v = w / lambda;
  }
  dt_ = lambda > 0.0 ? 1.8 / (1.02 * lambda) : 1.0;
}

void EulerStepper::prepareRows(const std::vector<LinearConstraint>& rows) {
  if (!rows_.empty() && sameTerms(rows, rows_)) {
    for (std::size_t k = 0; k < rows.size(); ++k) rows_[k].rhs = rows[k].rhs;
    return;
  }
  rows_ = rows;
  const int m = static_cast<int>(rows.size());
  A_.resize(m, m);
  auto frozen = [&](int i) { return !frozen_.empty() && frozen_[static_cast<std::size_t>(i)]; };
  for (int r = 0; r < m; ++r)
    for (int c = 0; c < m; ++c) {
      double s = 0.0;  // Σ_i J_ri J_ci (unit masses)
      for (const auto& [i, a] : rows[static_cast<std::size_t>(r)].terms) {
        if (frozen(i)) continue;
        for (const auto& [j, b] : rows[static_cast<std::size_t>(c)].terms)
          if (i == j) s += a * b;
      }
      A_(r, c) = s;
    }
  A_.diagonal().array() += 1e-13 * std::max(1e-300, m > 0 ? A_.diagonal().maxCoeff() : 1.0);
  allEqualities_ = true;
  for (const LinearConstraint& row : rows) allEqualities_ = allEqualities_ && row.sense == ConstraintSense::Equality;
  if (allEqualities_ && m > 0) equalityLdlt_.compute(A_);
}

Eigen::VectorXd EulerStepper::step(Eigen::VectorXd& q, const std::vector<LinearConstraint>& rows) {
  const int n = static_cast<int>(q.size());
  Eigen::VectorXd force = -energy_.gradient(q);  // f_a = -∂E/∂q (Eq. 7)
  for (int i = 0; i < n; ++i)
    if (!frozen_.empty() && frozen_[static_cast<std::size_t>(i)]) force[i] = 0.0;
  const int m = static_cast<int>(rows.size());
  Eigen::VectorXd lambda = Eigen::VectorXd::Zero(m);
  if (m > 0) {
    prepareRows(rows);
    Eigen::VectorXd b(m);
    for (int r = 0; r < m; ++r) {
      double jf = 0.0;
      for (const auto& [i, a] : rows[static_cast<std::size_t>(r)].terms) jf += a * force[i];
      b[r] = jf + rows[static_cast<std::size_t>(r)].value(q) / dt_;
    }
    if (allEqualities_) {
      lambda = equalityLdlt_.solve(-b);  // Eq. 12
    } else {
      std::vector<ConstraintSense> sense;
      for (const LinearConstraint& row : rows) sense.push_back(row.sense);
      lambda = solveMixedLcp(A_, b, sense).lambda;  // Eq. 15-16 with the GH group
    }
    for (int r = 0; r < m; ++r)
      for (const auto& [i, a] : rows[static_cast<std::size_t>(r)].terms)
        if (frozen_.empty() || !frozen_[static_cast<std::size_t>(i)]) force[i] += a * lambda[r];  // f_c = Jᵀλ
  }
  q += dt_ * force;  // Eq. 8, M = I
  lastSpeed_ = force.cwiseAbs().maxCoeff();
  return lambda;
}

}  // namespace flexure
