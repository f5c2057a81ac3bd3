#pragma once
// The exact equilibrium of an MES curve: E(q) = ½ qᵀHq - bᵀq is quadratic (Chen & Wu section 3,
// "quadratic potential energy has one stationary point"), so ∂E/∂q = 0 (Eq. 7) is one sparse
// linear solve. Constraints act through multipliers, H q = b + Jᵀλ (Eq. 11):
//   * equality rows (thumbnails, tangents, rings: the hinge group GH of section 5.3) are solved
//     exactly in the KKT system [H Jᵀ; J 0] — the direct counterpart of Eq. 12;
//   * inequality rows (halfspaces, molds) form the contact problem of Eq. 13-16 with the
//     equality-constrained compliance in place of M⁻¹: A = J_I S J_Iᵀ, b = J_I q_E - c_I, where
//     S g is the q part of the KKT solve with right-hand side (g, 0) and q_E the equality-only
//     equilibrium; it is solved by the pivoting solver of mixed_lcp.h (λ >= 0, C >= 0, λC = 0).
//
// The KKT matrix is factored once per change of H or of the equality rows (Eigen's
// SimplicialLDLT on the matrix pre-permuted by kkt_ordering.h: the curve's own banded order, an
// open curve's H having half-bandwidth 7, or AMD's when rows join distant coordinates) and reused
// while only the loads change. It is regularized to the quasi-definite [H+εI Jᵀ; J -δI] (so any
// ordering factors it) and iterative refinement against the exact system removes ε and δ. ε is
// smaller for a long curve whose smoothest mode H shows to lie below the usual one (a Rayleigh
// quotient, before factoring) or whose refinement stalls; the permuted matrix is kept as the upper
// triangle Eigen factors in place (preordered_ldlt.h), so the latter only rewrites its diagonal
// and factors numerically again on the same symbolic analysis. Modes
// that nothing fixes (a free curve's translations) have a zero residual and so never move: the
// solver returns the minimizer nearest the start, where the paper's gradient dynamics stops.
// Frozen coordinates keep their values (identity rows).
#include <Eigen/Core>
#include <string>
#include <vector>

#include "flexure/curves/kkt_ordering.h"
#include "flexure/curves/linear_constraint.h"
#include "flexure/curves/preordered_ldlt.h"

namespace flexure {

struct EquilibriumResult {
  Eigen::VectorXd q;
  Eigen::VectorXd lambda;            // one multiplier (constraint force) per row
  Eigen::VectorXd constraintValues;  // C(q) per row
  bool solved = false;
  bool convex = true;  // false when H is indefinite on the constraint space (pressure too strong)
  int refinements = 0;
  int pivots = 0;
  std::string failure;
};

class DirectEquilibrium {
 public:
  // Sets H and the frozen coordinates (empty: none). Factorization happens in solve(), once per
  // distinct set of equality rows.
  void setHessian(const Eigen::SparseMatrix<double>& hessian, const std::vector<bool>& frozen);
  // Minimizes ½qᵀHq - bᵀq subject to rows, holding frozen entries at qStart.
  EquilibriumResult solve(const Eigen::VectorXd& b, const Eigen::VectorXd& qStart,
                          const std::vector<LinearConstraint>& rows);

 private:
  bool isFrozen(int i) const { return !frozen_.empty() && frozen_[static_cast<std::size_t>(i)]; }
  // ε = regularization · H's largest diagonal entry (direct_equilibrium.cpp: why two values).
  bool factorKkt(const std::vector<LinearConstraint>& equalities, double regularization);
  double startingRegularization() const;  // 1e-11, or 1e-14 where 1e-11 would stall (see .cpp)
  // The same KKT matrix with another ε, factored numerically only (same order, same pattern).
  bool refactorKkt(double regularization);
  void locateRegularizedDiagonal();
  bool checkFactorization();  // success and inertia of ldlt_
  Eigen::SparseMatrix<double> lowerKkt(const std::vector<LinearConstraint>& equalities) const;
  // Solves the exact KKT system for right-hand side (g, c) with iterative refinement; `converged`
  // says whether the refinement reached the solution (false: it stalled).
  Eigen::VectorXd solveKkt(const Eigen::VectorXd& rhs, int* refinements, int maxRefinements = 30,
                           bool* converged = nullptr) const;
  Eigen::VectorXd applyKkt(const Eigen::VectorXd& x) const;
  void applyKktInto(const Eigen::VectorXd& x, Eigen::VectorXd& y) const;  // y sized n + m, not x
  // The regularized system, once; x sized, not rhs.
  void solveFactoredInto(const Eigen::VectorXd& rhs, Eigen::VectorXd& x) const;

  Eigen::SparseMatrix<double> hessian_;
  std::vector<bool> frozen_;
  std::vector<LinearConstraint> equalities_;  // those the current factorization holds
  KktPermutation order_;  // old index → position in the factored matrix
  // P K Pᵀ by its upper triangle, factored as it is stored (preordered_ldlt.h: no copies).
  Eigen::SparseMatrix<double> permuted_;
  std::vector<int> regularizedEntry_;   // where each free coordinate's H_ii + ε sits in permuted_
  std::vector<double> hessianDiagonal_;  // that H_ii
  PreorderedLdlt ldlt_;
  double maxDiagonal_ = 1.0;  // of H: ε and δ are relative to it
  double epsilon_ = 0.0, delta_ = 0.0, regularization_ = 0.0;
  bool factored_ = false;
  bool convex_ = true;
};

}  // namespace flexure
