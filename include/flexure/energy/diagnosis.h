#pragma once
// After a solve: each constraint's own energy and residual, which are met, and what the result
// is — solved, a compromise of an over-determined system, or a non-zero local minimum
// (Witkin et al. 1987, section 1: "the energy minimum is a 'compromise' that is sometimes
// acceptable, nearly always informative, and often easily repaired").
#include <Eigen/Core>
#include <string>
#include <vector>

#include "flexure/core/solver_registry.h"
#include "flexure/energy/energy_problem.h"
#include "flexure/energy/energy_settings.h"

namespace flexure {

struct TermDiagnosis {
  std::string name, kind;
  double energy = 0.0;         // w_i E_i at the solution
  bool satisfied = true;
  bool movable = true;         // the term reads at least one free parameter
};

struct Diagnosis {
  std::vector<TermDiagnosis> terms;
  std::vector<std::string> unmet;  // names of unmet constraints, most violated first
  // "solved": every constraint met. "compromise": stopped at a minimum (|∇E| < ε or
  // stagnation) with unmet constraints — over-determined, or a non-zero local minimum.
  // "not converged": stopped by the iteration limit with unmet constraints.
  std::string verdict;
  bool solved() const { return verdict == "solved"; }
};

Diagnosis diagnose(const EnergyProblem& problem, const Eigen::VectorXd& psi, const EnergySettings& settings,
                   const std::string& stopReason);

// Copies a diagnosis into a SolveReport (residuals, converged flag, warnings, extras).
void applyDiagnosis(const Diagnosis& diagnosis, SolveReport& report);

}  // namespace flexure
