#pragma once
// Solving a scene with every family solver that applies, and the JSON that `flexure-cli solve`
// and `animate --stats` print for it. Shared by the CLI and the Python module (`scene.solve()`,
// `scene.bake()`), so a script gets exactly the report the command line prints.
//
// With one family, that report's toJson() keys at the top level; with several, the summary keys
// aggregated (converged: all, energy/iterations/evaluations/seconds: sums, max_violation: max,
// residuals: concatenated with their family) plus "families": {name: report}.
#include <nlohmann/json.hpp>
#include <vector>

#include "flexure/core/solver_registry.h"

namespace flexure {

// Every registered FamilySolver whose appliesTo(scene) is true, in registration order.
std::vector<const FamilySolver*> applicableSolvers(const Scene& scene);

// Runs solve() of every applicable solver in registration order (what `flexure-cli solve` does).
std::vector<SolveReport> solveScene(Scene& scene, const SolveOptions& options);

nlohmann::json summarizeReports(const std::vector<SolveReport>& reports);
bool allConverged(const std::vector<SolveReport>& reports);

// One `animate --stats` line: the summary of the frame's reports plus frame, time and seconds.
nlohmann::json frameStatsLine(int frame, double time, double seconds, const std::vector<SolveReport>& reports);

}  // namespace flexure
