// solve FILE: runs every family solver that applies to the scene (energy, rigid, curves, ...)
// and prints one JSON report; -o writes the solved scene.
#include <iostream>

#include "flexure/core/solve_summary.h"
#include "flexure/io/scene_file.h"
#include "scene_loading.h"
#include "solve_options.h"
#include "verb.h"

namespace flexure::cli {

namespace {

int runSolve(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to solve)");
  const SolveOptions options = solveOptionsFrom(args);
  const auto scene = openScene(args.positional()[0]);
  const std::vector<SolveReport> reports = solveScene(*scene, options);
  const nlohmann::json summary = summarizeReports(reports);
  if (const auto out = args.value("--output")) saveScene(*scene, *out);
  std::cout << summary.dump(2) << "\n";
  return allConverged(reports) ? kExitOk : kExitNotConverged;
}

}  // namespace

const Verb& solveVerb() {
  static const Verb verb{
      "solve",
      "run every solver that applies; print one JSON report; -o writes the solved scene",
      "usage: flexure-cli solve FILE [-o OUT.json] [--method default|paper] [--max-iterations N]\n"
      "                         [--tolerance T]\n\n"
      "Runs every registered family solver whose scene has something for it (energy constraints,\n"
      "rigid solids, MES curves, ...) from the stored state, and prints one JSON object. With one\n"
      "family, its report: converged, stop_reason, energy, max_violation, iterations,\n"
      "evaluations, seconds, rolled_back, residuals [{name, kind, residual, satisfied}], warnings\n"
      "and the family's own figures. With several, the same keys aggregated plus\n"
      "\"families\": {name: report}. FILE may be any importable format (.obj, description files).\n\n"
      "options:\n"
      "  -o, --output OUT.json    write the solved scene (atomically)\n"
      "  --method default|paper   the fast default method, or the paper's own as a baseline\n"
      "  --max-iterations N       iteration limit (default: each solver's own)\n"
      "  --tolerance T            convergence tolerance (default: each solver's own)\n\n"
      "exit: 0 converged, 3 not converged (the report says why), 1 error, 2 bad command line\n",
      solveOptionSpecs({{"--output", "-o", true}}),
      runSolve};
  return verb;
}

}  // namespace flexure::cli
