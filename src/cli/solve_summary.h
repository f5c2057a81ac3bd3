#pragma once
// What `solve` and `animate --stats` print: one JSON object for all the family solvers that
// applied. With one family, that report's toJson() keys at the top level; with several, the
// summary keys aggregated (converged: all, energy/iterations/evaluations/seconds: sums,
// max_violation: max, residuals: concatenated with their family) plus "families": {name: report}.
#include <nlohmann/json.hpp>
#include <vector>

#include "flexure/core/solver_registry.h"

namespace flexure::cli {

// Every registered FamilySolver whose appliesTo(scene) is true, in registration order.
std::vector<const FamilySolver*> applicableSolvers(const Scene& scene);

nlohmann::json summarizeReports(const std::vector<SolveReport>& reports);
bool allConverged(const std::vector<SolveReport>& reports);

}  // namespace flexure::cli
