#pragma once
// One solver step of the GUI (the solver panel's "Step", the command line's --after-steps):
// one iteration of every registered solver that applies to the scene, starting from the
// current Ψ. Runs on the calling thread; issue 7's solver thread calls the same function.
#include <vector>

#include "flexure/core/scene.h"
#include "flexure/core/solver_registry.h"

namespace flexure::app {

// Returns the reports of the solvers that ran (empty when none applies).
std::vector<SolveReport> runSolverStep(Scene& scene);

}  // namespace flexure::app
