#include "flexure/core/solve_summary.h"

#include <algorithm>

namespace flexure {

std::vector<const FamilySolver*> applicableSolvers(const Scene& scene) {
  std::vector<const FamilySolver*> out;
  for (const auto& s : SolverRegistry::instance().solvers())
    if (s->appliesTo(scene)) out.push_back(s.get());
  return out;
}

std::vector<SolveReport> solveScene(Scene& scene, const SolveOptions& options) {
  std::vector<SolveReport> reports;
  for (const FamilySolver* solver : applicableSolvers(scene)) reports.push_back(solver->solve(scene, options));
  return reports;
}

nlohmann::json frameStatsLine(int frame, double time, double seconds, const std::vector<SolveReport>& reports) {
  nlohmann::json line = summarizeReports(reports);
  line["frame"] = frame;
  line["time"] = time;
  line["seconds"] = seconds;
  return line;
}

bool allConverged(const std::vector<SolveReport>& reports) {
  return std::all_of(reports.begin(), reports.end(), [](const SolveReport& r) { return r.converged; });
}

nlohmann::json summarizeReports(const std::vector<SolveReport>& reports) {
  if (reports.size() == 1) return reports.front().toJson();
  nlohmann::json out;
  out["converged"] = allConverged(reports);
  double energy = 0.0, seconds = 0.0, maxViolation = 0.0;
  long long iterations = 0, evaluations = 0;
  bool rolledBack = false;
  nlohmann::json residuals = nlohmann::json::array();
  nlohmann::json warnings = nlohmann::json::array();
  nlohmann::json families = nlohmann::json::object();
  for (const SolveReport& r : reports) {
    energy += r.energy;
    seconds += r.seconds;
    maxViolation = std::max(maxViolation, r.maxViolation);
    iterations += r.iterations;
    evaluations += r.evaluations;
    rolledBack = rolledBack || r.rolledBack;
    nlohmann::json one = r.toJson();
    for (nlohmann::json res : one["residuals"]) {
      res["family"] = r.family;
      residuals.push_back(std::move(res));
    }
    for (const std::string& w : r.warnings) warnings.push_back(r.family + ": " + w);
    families[r.family] = std::move(one);
  }
  out["stop_reason"] = reports.empty() ? "no solver applies to this scene" : "see families";
  out["energy"] = energy;
  out["max_violation"] = maxViolation;
  out["iterations"] = iterations;
  out["evaluations"] = evaluations;
  out["seconds"] = seconds;
  out["rolled_back"] = rolledBack;
  out["residuals"] = residuals;
  out["warnings"] = warnings;
  out["families"] = families;
  return out;
}

}  // namespace flexure
