#include "flexure/curves/mixed_lcp.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <limits>

namespace flexure {

namespace {

enum class Group { Clamped, NotClamped, Unprocessed };

// Baraff 1994, "fdirection": the change of forces Δλ that raises a_d at unit rate while every
// clamped row keeps a_i constant: Δλ_d = 1, A_CC Δλ_C = -A_Cd, Δλ_other = 0.
Eigen::VectorXd forceDirection(const Eigen::MatrixXd& A, const std::vector<int>& clamped, int d) {
  Eigen::VectorXd delta = Eigen::VectorXd::Zero(A.rows());
  delta[d] = 1.0;
  const int k = static_cast<int>(clamped.size());
  if (k == 0) return delta;
  Eigen::MatrixXd acc(k, k);
  Eigen::VectorXd rhs(k);
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) acc(i, j) = A(clamped[i], clamped[j]);
    rhs[i] = -A(clamped[i], d);
  }
  const Eigen::VectorXd x = acc.ldlt().solve(rhs);
  for (int i = 0; i < k; ++i) delta[clamped[i]] = x[i];
  return delta;
}

// Solves the equality (GH) rows alone: A_EE λ_E = -b_E.
void solveEqualities(const Eigen::MatrixXd& A, const Eigen::VectorXd& b, const std::vector<int>& eq,
                     Eigen::VectorXd& lambda) {
  const int k = static_cast<int>(eq.size());
  if (k == 0) return;
  Eigen::MatrixXd aee(k, k);
  Eigen::VectorXd rhs(k);
  for (int i = 0; i < k; ++i) {
    for (int j = 0; j < k; ++j) aee(i, j) = A(eq[i], eq[j]);
    rhs[i] = -b[eq[i]];
  }
  const Eigen::VectorXd x = aee.ldlt().solve(rhs);
  for (int i = 0; i < k; ++i) lambda[eq[i]] = x[i];
}

}  // namespace

MixedLcpResult solveMixedLcp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                             const std::vector<ConstraintSense>& sense, double tolerance) {
  const int m = static_cast<int>(b.size());
  MixedLcpResult out;
  out.lambda = Eigen::VectorXd::Zero(m);
  std::vector<Group> group(static_cast<std::size_t>(m), Group::Unprocessed);
  std::vector<int> clamped;
  for (int i = 0; i < m; ++i)
    if (sense[static_cast<std::size_t>(i)] == ConstraintSense::Equality) {
      group[static_cast<std::size_t>(i)] = Group::Clamped;
      clamped.push_back(i);
    }
  // Section 5.3: the hinge group is clamped from the start and never leaves it.
  solveEqualities(A, b, clamped, out.lambda);
  out.a = A * out.lambda + b;

  const double scale = std::max(1.0, b.cwiseAbs().maxCoeff());
  const double tol = tolerance * scale;
  const int maxPivots = 20 * m + 50;
  auto isEquality = [&](int i) { return sense[static_cast<std::size_t>(i)] == ConstraintSense::Equality; };

  for (int d = 0; d < m; ++d) {
    if (isEquality(d)) continue;
    if (out.a[d] >= -tol) {
      group[static_cast<std::size_t>(d)] = Group::NotClamped;
      continue;
    }
    // Drive a_d to zero (Baraff 1994, "drive-to-zero"), pivoting rows between the groups.
    while (out.a[d] < -tol) {
      if (++out.pivots > maxPivots) {
        out.failure = "pivot limit reached";
        return out;
      }
      const Eigen::VectorXd df = forceDirection(A, clamped, d);
      const Eigen::VectorXd da = A * df;
      if (da[d] <= 1e-300) {
        out.failure = "constraint " + std::to_string(d) + " is dependent on the clamped set";
        return out;
      }
      double step = -out.a[d] / da[d];
      int blocking = d;
      for (int i : clamped) {
        if (isEquality(i) || df[i] >= 0.0) continue;
        const double s = -out.lambda[i] / df[i];
        if (s < step) { step = s; blocking = i; }
      }
      for (int i = 0; i < m; ++i) {
        if (group[static_cast<std::size_t>(i)] != Group::NotClamped || da[i] >= 0.0) continue;
        const double s = -out.a[i] / da[i];
        if (s < step) { step = s; blocking = i; }
      }
      out.lambda += step * df;
      out.a += step * da;
      if (blocking == d) {
        out.a[d] = 0.0;
        group[static_cast<std::size_t>(d)] = Group::Clamped;
        clamped.push_back(d);
      } else if (group[static_cast<std::size_t>(blocking)] == Group::Clamped) {
        out.lambda[blocking] = 0.0;
        group[static_cast<std::size_t>(blocking)] = Group::NotClamped;
        clamped.erase(std::find(clamped.begin(), clamped.end(), blocking));
      } else {
        out.a[blocking] = 0.0;
        group[static_cast<std::size_t>(blocking)] = Group::Clamped;
        clamped.push_back(blocking);
      }
    }
  }
  // Recompute a from λ to remove drift accumulated by the pivots.
  out.a = A * out.lambda + b;
  out.solved = true;
  return out;
}

}  // namespace flexure
