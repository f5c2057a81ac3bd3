#pragma once
// The default method: a trust-region Levenberg-Marquardt (Gauss-Newton) iteration on the
// residual form r(Ψ) of the energy (energy_problem.h), with safeguards that keep it in the
// basin the paper's gradient flow would reach (issue 3):
//
//   step      (JᵀJ + λI) δ = −Jᵀr,  assembled from the terms' blocks of J into a fixed sparse
//             pattern and solved with Eigen's SimplicialLDLT (normal_equations.h: ordering and
//             symbolic factorization once per solve). A dense LDLT of the same equations is
//             kept as the tests' reference (setDenseLimit); it is not faster even at 13
//             parameters (pipefitting: 5.3 against 3.4 µs per step), so it is off by default.
//   bound     max_i |δ_i| ≤ Δ (each parameter's change, whatever the model's size); λ is
//             raised until the step fits, Δ ≤ maxTrustRadius always. Damping by the identity
//             makes large λ steps point along −∇E, i.e. along the flow.
//   accept    only if E decreases with gain ratio ρ = (E − E')/(E − |r + Jδ|²) > 10⁻⁴ and the step
//             keeps cos(δ, −∇E) ≥ minDescentCosine; else λ ↑, Δ ↓.
//   landing   when the iteration stalls (|∇E| < ε or stagnation) at a non-zero E*, the step
//             sequence may have crossed into another basin than the flow's. It then returns to
//             the last flow checkpoint (first the start) and follows the gradient flow itself
//             (gradient_flow.h) until E < E*/2 (the flow is in a better basin), the flow stalls,
//             or 150 flow steps, and resumes Gauss-Newton from there with a halved Δ bound
//             (at most 3 rounds). Landing twice at the same E* means that minimum is the flow's
//             own; the best landing point is returned and reported as a non-zero minimum.
//   rollback  a trial with NaN/inf energy is discarded (rolled back) with λ ×10, Δ ÷4.
#include <Eigen/Dense>
#include <Eigen/SparseCholesky>
#include <deque>
#include <vector>

#include "flexure/energy/gradient_flow.h"
#include "flexure/energy/normal_equations.h"

namespace flexure {

class TrustRegionLM final : public SolverMethod {
 public:
  explicit TrustRegionLM(const EnergySettings& settings) : settings_(settings) {}
  std::string_view name() const override { return "default"; }
  std::string phase() const override { return flowing_ ? "flow" : "lm"; }
  void finish(EnergyProblem& problem, Eigen::VectorXd& psi) override;
  void start(EnergyProblem& problem, const Eigen::VectorXd& psi) override;
  StepOutcome step(EnergyProblem& problem, Eigen::VectorXd& psi) override;

  int fallbackRounds() const { return rounds_; }
  // Problems with at most this many free parameters take the dense path (default kDenseLimit:
  // none); tests set a large value to compare the sparse and the dense step on one problem.
  void setDenseLimit(int columns) { denseLimit_ = columns; }
  static constexpr int kDenseLimit = 0;
  // The decrease E − |r + Jδ|² the linear model predicts for δ that solves the damped system
  // with ∇E = gradient (the gain ratio's denominator, taken without J).
  static double dampedStepDecrease(double lambda, const Eigen::VectorXd& delta, const Eigen::VectorXd& gradient);

 private:
  void linearize(EnergyProblem& problem, const Eigen::VectorXd& psi);
  // exact: δ solves (JᵀJ + λI)δ = −Jᵀr (not cut to the trust radius after 30 raises of λ).
  bool solveDampedSystem(const EnergyProblem& problem, Eigen::VectorXd& delta, bool& exact);
  double predictedDecreaseOf(const EnergyProblem& problem, const Eigen::VectorXd& delta, bool dampedSolution);
  bool usesDensePath(const EnergyProblem& problem) const;
  static double stepSize(const Eigen::VectorXd& delta);  // the size the trust radius bounds
  // Called when Gauss-Newton stalls at E > tolerance; returns the outcome to report.
  StepOutcome land(EnergyProblem& problem, Eigen::VectorXd& psi, const char* reason);
  StepOutcome flowStep(EnergyProblem& problem, Eigen::VectorXd& psi);
  bool stagnated();

  EnergySettings settings_;
  Eigen::VectorXd residual_, gradient_, trialResidual_, predicted_;
  // Sparse path: J as the problem's term blocks, JᵀJ + λI in a fixed pattern.
  NormalEquations normal_;
  // Problems with ≤ denseLimit_ free parameters factor JᵀJ + λI densely: same equations, the
  // reference the sparse path is tested against (measured slower at every size, docs/energy.md).
  int denseLimit_ = kDenseLimit;
  Eigen::SparseMatrix<double> jacobian_;
  Eigen::MatrixXd denseNormal_;
  Eigen::LDLT<Eigen::MatrixXd> denseLdlt_;
  bool analysed_ = false, stale_ = true;
  double energy_ = 0.0, lambda_ = 1e-3, nu_ = 2.0, radius_ = 0.25, maxRadius_ = 0.5;
  std::deque<double> history_;  // energies after accepted steps

  // Basin recovery.
  bool flowing_ = false;
  GradientFlowIntegrator flow_;
  Eigen::VectorXd checkpoint_, bestPsi_;
  double bestEnergy_ = 0.0;
  double flowTarget_ = 0.0, flowStartEnergy_ = 0.0, lastLanding_ = -1.0;
  int flowSteps_ = 0, rounds_ = 0;
};

}  // namespace flexure
