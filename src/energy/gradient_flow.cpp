#include "flexure/energy/gradient_flow.h"

#include <cmath>

namespace flexure {

void GradientFlowIntegrator::start(EnergyProblem& problem, const Eigen::VectorXd& psi, double maxStep,
                                   double maxTurnCosine) {
  maxStep_ = maxStep;
  maxTurnCosine_ = maxTurnCosine;
  energy_ = problem.linearize(psi, residual_, jacobian_);
  gradient_ = EnergyProblem::gradient(jacobian_, residual_);
  const double g = gradient_.norm();
  h_ = g > 0.0 ? 0.1 * maxStep_ / g : 0.0;
}

StepOutcome GradientFlowIntegrator::step(EnergyProblem& problem, Eigen::VectorXd& psi) {
  StepOutcome out;
  out.energy = energy_;
  out.gradientNorm = gradient_.norm();
  if (out.gradientNorm == 0.0) return out;
  Eigen::VectorXd delta = -h_ * gradient_;
  if (delta.norm() > maxStep_) {
    delta *= maxStep_ / delta.norm();
    h_ = maxStep_ / out.gradientNorm;
  }
  Eigen::VectorXd trial = psi;
  const std::vector<int>& free = problem.freeIndices();
  for (std::size_t c = 0; c < free.size(); ++c) trial[free[c]] += delta[static_cast<Eigen::Index>(c)];
  problem.projectToBounds(trial);
  for (std::size_t c = 0; c < free.size(); ++c) delta[static_cast<Eigen::Index>(c)] = trial[free[c]] - psi[free[c]];

  const double e = problem.linearize(trial, trialResidual_, trialJacobian_);
  if (!std::isfinite(e)) {
    out.rolledBack = true;
    h_ *= 0.25;
    return out;
  }
  const Eigen::VectorXd g = EnergyProblem::gradient(trialJacobian_, trialResidual_);
  const double turn = g.norm() > 0.0 ? g.dot(gradient_) / (g.norm() * out.gradientNorm) : 1.0;
  // Armijo decrease and a bounded turn of the flow direction across the step.
  if (e <= energy_ + 1e-4 * gradient_.dot(delta) && turn >= maxTurnCosine_) {
    psi = trial;
    std::swap(residual_, trialResidual_);
    std::swap(jacobian_, trialJacobian_);
    gradient_ = g;
    energy_ = e;
    h_ *= 1.5;
    out.accepted = true;
    out.energy = e;
    out.gradientNorm = g.norm();
  } else {
    h_ *= 0.5;
  }
  return out;
}

}  // namespace flexure
