#pragma once
// Follows the paper's gradient flow dΨ/dt = −∇E (Witkin et al. 1987, section 2) with exact
// gradients and an adaptive explicit Euler step: a step is accepted only if E decreases
// (Armijo) and the gradient turns by less than a small angle across it, so the discrete path
// stays close to the continuous flow line — and hence in the same basin. The step length grows
// while the flow is straight and shrinks where it bends. Used by the default method to recover
// when a Gauss-Newton step lands at a non-zero minimum.
#include <Eigen/Core>
#include <Eigen/SparseCore>

#include "flexure/energy/solver_method.h"

namespace flexure {

class GradientFlowIntegrator {
 public:
  // maxStep bounds |ΔΨ| per step; maxTurnCosine is the least cos(∇E_old, ∇E_new) accepted.
  void start(EnergyProblem& problem, const Eigen::VectorXd& psi, double maxStep, double maxTurnCosine = 0.9);
  StepOutcome step(EnergyProblem& problem, Eigen::VectorXd& psi);
  double energy() const { return energy_; }
  double gradientNorm() const { return gradient_.norm(); }

 private:
  Eigen::VectorXd residual_, gradient_, trialResidual_;
  Eigen::SparseMatrix<double> jacobian_, trialJacobian_;
  double energy_ = 0.0, h_ = 0.0, maxStep_ = 1.0, maxTurnCosine_ = 0.9;
};

}  // namespace flexure
