#pragma once
// The paper's own method (Witkin et al. 1987, section 4, pipefitting), kept as the baseline:
// Euler steps on the gradient flow, Ψ_{t+1} = Ψ_t − h ∇E, with ∇E by forward differences —
// "evaluate E at the current Ψ, then add a small Δ to each parameter in turn, re-evaluate E and
// subtract the central value" — n + 1 energy evaluations per step for n free parameters.
// Stops when |∇E| ≤ ε. The only safeguard: a step that raises E or gives NaN/inf is rolled back
// and h halved (fixed-step Euler otherwise oscillates and runs away on stiff energies).
#include "flexure/energy/solver_method.h"

namespace flexure {

class PaperEuler final : public SolverMethod {
 public:
  explicit PaperEuler(const EnergySettings& settings) : settings_(settings) {}
  std::string_view name() const override { return "paper"; }
  void start(EnergyProblem& problem, const Eigen::VectorXd& psi) override;
  StepOutcome step(EnergyProblem& problem, Eigen::VectorXd& psi) override;

 private:
  EnergySettings settings_;
  Eigen::VectorXd gradient_;
  double energy_ = 0.0, h_ = 0.0;
  int quietSteps_ = 0;
  double windowStart_ = 0.0;
};

}  // namespace flexure
