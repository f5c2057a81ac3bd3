#pragma once
// --method, --max-iterations and --tolerance, shared by solve and animate.
#include <vector>

#include "arguments.h"
#include "flexure/core/solver_registry.h"

namespace flexure::cli {

// The solver options plus `extra` (the verb's own).
std::vector<OptionSpec> solveOptionSpecs(std::vector<OptionSpec> extra);
// Throws UsageError on an unknown method or a non-positive limit.
SolveOptions solveOptionsFrom(const Arguments& args);

}  // namespace flexure::cli
