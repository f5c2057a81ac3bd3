#include "flexure/energy/diagnosis.h"

#include <algorithm>

#include "flexure/energy/solver_method.h"

namespace flexure {

Diagnosis diagnose(const EnergyProblem& problem, const Eigen::VectorXd& psi, const EnergySettings& settings,
                   const std::string& stopReason) {
  Diagnosis d;
  const std::vector<double> energies = problem.termEnergies(psi);
  const ValueAccess values(psi);
  std::vector<std::pair<double, std::string>> unmet;
  for (int i = 0; i < problem.termCount(); ++i) {
    const EnergyConstraint& t = problem.term(i);
    TermDiagnosis td;
    td.name = t.name.empty() ? std::string(t.kind()) : t.name;
    td.kind = std::string(t.kind());
    td.energy = energies[static_cast<std::size_t>(i)];
    td.satisfied = t.isSatisfied(values, td.energy, settings.satisfiedTolerance);
    td.movable = !problem.termParameters(i).empty();
    if (!td.satisfied) unmet.emplace_back(td.energy, td.name);
    d.terms.push_back(std::move(td));
  }
  std::sort(unmet.begin(), unmet.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  for (auto& u : unmet) d.unmet.push_back(u.second);
  if (d.unmet.empty()) d.verdict = "solved";
  else if (stopReason == stop_reason::kIterations || stopReason == stop_reason::kCancelled) d.verdict = "not converged";
  else d.verdict = "compromise";
  return d;
}

void applyDiagnosis(const Diagnosis& diagnosis, SolveReport& report) {
  report.residuals.clear();
  report.maxViolation = 0.0;
  for (const TermDiagnosis& t : diagnosis.terms) {
    report.residuals.push_back({t.name, t.kind, t.energy, t.satisfied});
    if (!t.satisfied) report.maxViolation = std::max(report.maxViolation, t.energy);
  }
  report.converged = diagnosis.solved();
  report.extra["verdict"] = diagnosis.verdict;
  report.extra["unmet"] = diagnosis.unmet;
  if (diagnosis.verdict == "compromise") {
    std::string names;
    for (const std::string& n : diagnosis.unmet) names += (names.empty() ? "" : ", ") + n;
    report.warnings.push_back("stopped at a non-zero minimum (" + report.stopReason +
                              "): the compromise of an over-determined system or a local minimum; unmet: " + names);
  }
  for (const TermDiagnosis& t : diagnosis.terms)
    if (!t.movable && !t.satisfied)
      report.warnings.push_back("constraint '" + t.name + "' depends only on frozen parameters and cannot be met");
}

}  // namespace flexure
