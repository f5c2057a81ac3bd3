#pragma once
// The contact problem of Chen & Wu section 4.3 (Eq. 13-16) with the equality group of
// section 5.3, solved by pivoting in the manner of Baraff's QPSOLVE (Baraff 1994, "Fast contact
// force computation for nonpenetrating rigid bodies", section 4: fdirection / maxstep /
// drive-to-zero).
//
// Given a symmetric positive semi-definite A (m×m) and b, find λ with a = A λ + b such that
//   inequality rows (contact group GC/GNC):  λ_i >= 0,  a_i >= 0,  λ_i a_i = 0
//   equality rows   (hinge group GH):        a_i = 0,   λ_i of any sign.
// In the curve solvers A = J H⁻¹ Jᵀ and b = J H⁻¹ f − c (direct equilibrium, H the energy's
// Hessian) or A = J M⁻¹ Jᵀ, b = J M⁻¹ f_a + C/Δt (Eq. 16, the Euler baseline), so λ are the
// Lagrange multipliers (constraint forces) and a the constraint values/rates.
#include <Eigen/Core>
#include <string>
#include <vector>

namespace flexure {

enum class ConstraintSense { Equality, Inequality };

struct MixedLcpResult {
  Eigen::VectorXd lambda;  // multipliers (contact forces)
  Eigen::VectorXd a;       // A λ + b
  int pivots = 0;
  bool solved = false;
  std::string failure;  // why it stopped, when not solved
};

// `tolerance` is the accepted negative slack of a_i on inequality rows (relative to |b|).
MixedLcpResult solveMixedLcp(const Eigen::MatrixXd& A, const Eigen::VectorXd& b,
                             const std::vector<ConstraintSense>& sense, double tolerance = 1e-12);

}  // namespace flexure
