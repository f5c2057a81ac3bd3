#include "solver_stepping.h"

namespace flexure::app {

std::vector<SolveReport> runSolverStep(Scene& scene) {
  std::vector<SolveReport> reports;
  SolveOptions options;
  options.maxIterations = 1;
  for (const auto& solver : SolverRegistry::instance().solvers())
    if (solver->appliesTo(scene)) reports.push_back(solver->solve(scene, options));
  return reports;
}

}  // namespace flexure::app
