#include "flexure/energy/trust_region_lm.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flexure {

void TrustRegionLM::start(EnergyProblem& problem, const Eigen::VectorXd& psi) {
  radius_ = settings_.trustRadius;
  maxRadius_ = settings_.maxTrustRadius;
  lambda_ = 1e-3;
  nu_ = 2.0;
  stale_ = true;
  analysed_ = false;
  flowing_ = false;
  rounds_ = 0;
  lastLanding_ = -1.0;
  bestEnergy_ = std::numeric_limits<double>::infinity();
  bestPsi_.resize(0);
  history_.clear();
  checkpoint_ = psi;
  linearize(problem, psi);
}

bool TrustRegionLM::usesDensePath(const EnergyProblem& problem) const { return problem.freeCount() <= denseLimit_; }

// The trust region bounds each parameter's change, max_i |δ_i| ≤ Δ, not |δ|: the Euclidean
// length of a step that moves every part of a model by the same amount grows with the square
// root of the number of parts, so one Δ let a chain of 10 pipes take full Gauss-Newton steps
// and made a chain of 10 000 raise λ again every second step (issue 29: a chain of 1 000 pipes
// 67 steps to E < 1e-10, now 16; the pipefitting scene's path is unchanged).
double TrustRegionLM::stepSize(const Eigen::VectorXd& delta) { return delta.size() == 0 ? 0.0 : delta.lpNorm<Eigen::Infinity>(); }

void TrustRegionLM::linearize(EnergyProblem& problem, const Eigen::VectorXd& psi) {
  stale_ = false;
  if (usesDensePath(problem)) {
    energy_ = problem.linearize(psi, residual_, jacobian_);
    gradient_ = EnergyProblem::gradient(jacobian_, residual_);
    const Eigen::MatrixXd j(jacobian_);
    denseNormal_ = j.transpose() * j;
    return;
  }
  // Sparse path: J stays as the terms' dense blocks; ∇E = 2Jᵀr and JᵀJ come from them.
  energy_ = problem.linearizeBlocks(psi, residual_);
  problem.multiplyJacobianTransposed(residual_, gradient_);
  gradient_ *= 2.0;
  if (!analysed_) {
    normal_.analyse(problem);
    analysed_ = true;
  }
  normal_.assemble(problem);
}

// (JᵀJ + λI) δ = −Jᵀr = −∇E/2, raising λ until |δ| ≤ Δ.
bool TrustRegionLM::solveDampedSystem(const EnergyProblem& problem, Eigen::VectorXd& delta, bool& exact) {
  exact = false;
  const bool dense = usesDensePath(problem);
  const Eigen::VectorXd rhs = -0.5 * gradient_;
  for (int attempt = 0; attempt < 30; ++attempt) {
    bool factored = true;
    if (dense) {
      Eigen::MatrixXd damped = denseNormal_;
      damped.diagonal().array() += lambda_;
      denseLdlt_.compute(damped);
      delta = denseLdlt_.solve(rhs);
      factored = denseLdlt_.info() == Eigen::Success;
    } else {
      factored = normal_.solve(lambda_, rhs, delta);
    }
    if (!factored || !delta.allFinite()) {
      lambda_ = std::max(lambda_ * 10.0, 1e-9);
      continue;
    }
    if (stepSize(delta) <= radius_) return exact = true;
    lambda_ = std::max(lambda_ * 4.0, 1e-9);
  }
  if (delta.size() == 0 || !delta.allFinite() || stepSize(delta) == 0.0) return false;
  delta *= radius_ / stepSize(delta);
  return true;
}

// E − |r + Jδ|² for δ solving (JᵀJ + λI)δ = −Jᵀr = −∇E/2: then δᵀJᵀJδ = −½δᵀ∇E − λ|δ|², so the
// decrease is λ|δ|² − ½δᵀ∇E (Madsen, Nielsen & Tingleff 2004, Eq. 3.14 in their scaling), with no
// product with J and no cancellation of two nearly equal energies near the minimum.
double TrustRegionLM::dampedStepDecrease(double lambda, const Eigen::VectorXd& delta, const Eigen::VectorXd& gradient) {
  return lambda * delta.squaredNorm() - 0.5 * gradient.dot(delta);
}

// A step cut to the bounds or to the trust radius does not solve the damped system: its
// decrease is computed from J.
double TrustRegionLM::predictedDecreaseOf(const EnergyProblem& problem, const Eigen::VectorXd& delta, bool dampedSolution) {
  if (dampedSolution) return dampedStepDecrease(lambda_, delta, gradient_);
  if (usesDensePath(problem)) predicted_ = residual_ + jacobian_ * delta;
  else {
    problem.multiplyJacobian(delta, predicted_);
    predicted_ += residual_;
  }
  return energy_ - predicted_.squaredNorm();
}

bool TrustRegionLM::stagnated() {
  const std::size_t window = static_cast<std::size_t>(std::max(settings_.stagnationWindow, 2));
  if (history_.size() < window) return false;
  const double oldest = history_.front();
  return oldest - history_.back() <= settings_.stagnationRatio * std::max(oldest, 1e-300);
}

StepOutcome TrustRegionLM::land(EnergyProblem& problem, Eigen::VectorXd& psi, const char* reason) {
  StepOutcome out;
  out.energy = energy_;
  out.gradientNorm = gradient_.norm();
  if (energy_ <= settings_.energyTolerance) {
    out.finished = true;
    out.stopReason = stop_reason::kEnergy;
    return out;
  }
  const bool sameMinimum = lastLanding_ >= 0.0 && std::abs(lastLanding_ - energy_) <= 1e-6 * std::max(energy_, 1e-300);
  if (energy_ < bestEnergy_) {
    bestEnergy_ = energy_;
    bestPsi_ = psi;
  }
  if (sameMinimum || rounds_ >= 3 || !settings_.flowFallback) {
    out.finished = true;
    out.stopReason = reason;
    return out;
  }
  // Gauss-Newton stalled above zero: go back to the last flow checkpoint and follow the flow.
  lastLanding_ = energy_;
  ++rounds_;
  psi = checkpoint_;
  flowing_ = true;
  flowSteps_ = 0;
  maxRadius_ *= 0.5;
  radius_ = std::min(radius_, maxRadius_);
  flow_.start(problem, psi, maxRadius_);
  flowStartEnergy_ = flow_.energy();
  flowTarget_ = 0.5 * bestEnergy_;
  out.energy = flowStartEnergy_;
  out.accepted = true;  // Ψ changed (returned to the checkpoint)
  return out;
}

StepOutcome TrustRegionLM::flowStep(EnergyProblem& problem, Eigen::VectorXd& psi) {
  StepOutcome out = flow_.step(problem, psi);
  ++flowSteps_;
  const bool reached = flow_.energy() <= std::max(flowTarget_, settings_.energyTolerance);
  const bool stalled = flow_.gradientNorm() < settings_.gradientTolerance ||
                       (flowSteps_ % 50 == 0 && flowStartEnergy_ - flow_.energy() <= 1e-6 * flowStartEnergy_);
  if (flowSteps_ % 50 == 0) flowStartEnergy_ = flow_.energy();
  if (reached || stalled || flowSteps_ >= 150) {
    flowing_ = false;
    checkpoint_ = psi;
    history_.clear();
    lambda_ = 1e-3;
    nu_ = 2.0;
    stale_ = true;
  }
  return out;
}

void TrustRegionLM::finish(EnergyProblem& problem, Eigen::VectorXd& psi) {
  // Stopped mid-recovery (iteration limit) above the best landing: return that landing.
  if (bestPsi_.size() == psi.size() && problem.uncountedEnergy(psi) > bestEnergy_) psi = bestPsi_;
}

StepOutcome TrustRegionLM::step(EnergyProblem& problem, Eigen::VectorXd& psi) {
  if (flowing_) return flowStep(problem, psi);
  if (stale_) linearize(problem, psi);
  StepOutcome out;
  out.energy = energy_;
  out.gradientNorm = gradient_.norm();
  if (problem.freeCount() == 0) {
    out.finished = true;
    out.stopReason = stop_reason::kNoFreeParameters;
    return out;
  }
  if (energy_ <= settings_.energyTolerance) {
    out.finished = true;
    out.stopReason = stop_reason::kEnergy;
    return out;
  }
  if (out.gradientNorm < settings_.gradientTolerance) return land(problem, psi, stop_reason::kGradient);
  if (stagnated() || lambda_ > 1e16 || radius_ < 1e-14) return land(problem, psi, stop_reason::kStagnation);

  Eigen::VectorXd delta;
  bool solvedExactly = false;
  if (!solveDampedSystem(problem, delta, solvedExactly)) return land(problem, psi, stop_reason::kStagnation);
  // Stay near the flow: the step must point downhill within the cone cos ≥ minDescentCosine.
  const double cosine = -gradient_.dot(delta) / (out.gradientNorm * delta.norm());
  if (!(cosine >= settings_.minDescentCosine)) {
    lambda_ *= 4.0;
    return out;
  }
  Eigen::VectorXd trial = psi;
  const std::vector<int>& free = problem.freeIndices();
  for (std::size_t c = 0; c < free.size(); ++c) trial[free[c]] += delta[static_cast<Eigen::Index>(c)];
  const bool projected = problem.projectToBounds(trial);
  for (std::size_t c = 0; c < free.size(); ++c) delta[static_cast<Eigen::Index>(c)] = trial[free[c]] - psi[free[c]];

  const double e = problem.residuals(trial, trialResidual_);
  if (!std::isfinite(e)) {
    out.rolledBack = true;
    lambda_ = std::max(lambda_ * 10.0, 1e-6);
    radius_ *= 0.25;
    return out;
  }
  const double predictedDecrease = predictedDecreaseOf(problem, delta, solvedExactly && !projected);
  const double gain = predictedDecrease > 0.0 ? (energy_ - e) / predictedDecrease : -1.0;
  if (e < energy_ && gain > 1e-4) {
    psi = trial;
    stale_ = true;
    out.accepted = true;
    out.energy = e;
    // Nielsen's λ update; the trust radius follows the gain.
    lambda_ *= std::max(1.0 / 3.0, 1.0 - std::pow(2.0 * gain - 1.0, 3));
    lambda_ = std::max(lambda_, 1e-12);
    nu_ = 2.0;
    if (gain > 0.75) radius_ = std::min(2.0 * radius_, maxRadius_);
    else if (gain < 0.25) radius_ *= 0.5;
    history_.push_back(e);
    while (static_cast<int>(history_.size()) > std::max(settings_.stagnationWindow, 2)) history_.pop_front();
  } else {
    lambda_ *= nu_;
    nu_ *= 2.0;
    radius_ *= 0.5;
  }
  return out;
}

}  // namespace flexure
