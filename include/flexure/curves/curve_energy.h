#pragma once
// The potential energy of an MES curve, E = S - W (Eq. 2).
//
//   S(q) = ∫ α(u)|r'|² + β(u)|r''|² du                                      (Eq. 1)
//   W(q) = Σ f·(r(u*) - r0(u*))                                              (Eq. 3)
//        + Σ ∫_{u0}^{u1} p(u) [Rot(z,-90°) r'(u)]·(r(u) - r0(u)) du           (Eq. 4-6)
//   + rubberbands ½ k_p |r(u*) - p*|² (penalty energy, section 4.1).
//
// S is quadratic in q: S = qᵀ K q, K assembled once from exact per-span integrals (Gauss-Legendre
// with 3 nodes integrates the degree-4 integrands exactly; α, β are constant per span). The
// pressure work is, as the paper says, quadratic in q once r0 (the geometry before the load is
// applied) is fixed: W_p = (q - q0)ᵀ Gᵀ q with G = ∫ p B'ᵀ Rotᵀ B du. So E(q) is the quadratic
//   E(q) = ½ qᵀ H q - bᵀ q + const,   H = 2K + Σ k_p BᵀB - (G + Gᵀ),
//                                      b = Σ Bᵀ f + Σ k_p Bᵀ p* - G q0.
#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "flexure/curves/curve_problem.h"

namespace flexure {

// K with S(q) = qᵀ K q, 2n×2n in the interleaved layout (x and y blocks are identical).
Eigen::SparseMatrix<double> assembleStiffness(const CurveProblem& problem);

// G of one pressure load: W_p(q; q0) = (q - q0)ᵀ Gᵀ q.
Eigen::SparseMatrix<double> assemblePressureCoupling(const BSplineShape& shape, const PressureLoad& load);

struct QuadraticEnergy {
  Eigen::SparseMatrix<double> hessian;  // H
  Eigen::VectorXd linear;               // b
  double constant = 0.0;
  double value(const Eigen::VectorXd& q) const { return 0.5 * q.dot(hessian * q) - linear.dot(q) + constant; }
  Eigen::VectorXd gradient(const Eigen::VectorXd& q) const { return hessian * q - linear; }
};

// E(q) of the whole problem with reference geometry q0 (the configuration before the loads).
QuadraticEnergy buildQuadraticEnergy(const CurveProblem& problem, const Eigen::VectorXd& q0);

// Direct evaluation of the pieces by quadrature along the curve (independent of the matrices;
// used to report energies and to check the assembly).
double strainEnergy(const CurveProblem& problem, const Eigen::VectorXd& q);
double externalWork(const CurveProblem& problem, const Eigen::VectorXd& q, const Eigen::VectorXd& q0);
double penaltyEnergy(const CurveProblem& problem, const Eigen::VectorXd& q);
inline double potentialEnergy(const CurveProblem& problem, const Eigen::VectorXd& q, const Eigen::VectorXd& q0) {
  return strainEnergy(problem, q) - externalWork(problem, q, q0) + penaltyEnergy(problem, q);
}

}  // namespace flexure

namespace flexure {
// Σ Bᵀ(u*) f of concentrated loads (Eq. 3's gradient): what changes in b when only forces change.
Eigen::VectorXd pointLoadVector(const BSplineShape& shape, const std::vector<PointLoad>& loads);
}  // namespace flexure
