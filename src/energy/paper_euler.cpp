#include "flexure/energy/paper_euler.h"

#include <cmath>

namespace flexure {

void PaperEuler::start(EnergyProblem& problem, const Eigen::VectorXd& psi) {
  h_ = settings_.paperStep;
  energy_ = problem.energy(psi);
  gradient_.resize(problem.freeCount());
  windowStart_ = energy_;
  quietSteps_ = 0;
}

StepOutcome PaperEuler::step(EnergyProblem& problem, Eigen::VectorXd& psi) {
  StepOutcome out;
  // ∇E by forward differences around the central value energy_ (n evaluations).
  const std::vector<int>& free = problem.freeIndices();
  Eigen::VectorXd probe = psi;
  for (std::size_t c = 0; c < free.size(); ++c) {
    const int i = free[c];
    probe[i] = psi[i] + settings_.paperDelta;
    gradient_[static_cast<Eigen::Index>(c)] = (problem.energy(probe) - energy_) / settings_.paperDelta;
    probe[i] = psi[i];
  }
  out.gradientNorm = gradient_.norm();
  out.energy = energy_;
  if (energy_ <= settings_.energyTolerance) {
    out.finished = true;
    out.stopReason = stop_reason::kEnergy;
    return out;
  }
  if (out.gradientNorm < settings_.gradientTolerance) {
    out.finished = true;
    out.stopReason = stop_reason::kGradient;
    return out;
  }
  // Euler: Ψ ← Ψ − h ∇E (the central value of the next step is this evaluation).
  Eigen::VectorXd next = psi;
  for (std::size_t c = 0; c < free.size(); ++c) next[free[c]] -= h_ * gradient_[static_cast<Eigen::Index>(c)];
  problem.projectToBounds(next);
  const double e = problem.energy(next);
  if (!std::isfinite(e) || e > energy_) {
    out.rolledBack = true;
    h_ *= 0.5;
    return out;
  }
  psi = next;
  energy_ = e;
  out.energy = e;
  out.accepted = true;
  // Stagnation: no relative progress over a long window of steps.
  if (++quietSteps_ >= 50 * settings_.stagnationWindow) {
    if (windowStart_ - energy_ <= settings_.stagnationRatio * windowStart_) {
      out.finished = true;
      out.stopReason = stop_reason::kStagnation;
    }
    windowStart_ = energy_;
    quietSteps_ = 0;
  }
  return out;
}

}  // namespace flexure
