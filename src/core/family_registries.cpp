#include <algorithm>
#include <cctype>

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/importer_registry.h"
#include "flexure/core/solver_registry.h"

namespace flexure {

nlohmann::json SolveReport::toJson() const {
  nlohmann::json j;
  j["family"] = family;
  j["converged"] = converged;
  j["stop_reason"] = stopReason;
  j["iterations"] = iterations;
  j["evaluations"] = evaluations;
  j["seconds"] = seconds;
  j["energy"] = energy;
  j["max_violation"] = maxViolation;
  j["rolled_back"] = rolledBack;
  nlohmann::json res = nlohmann::json::array();
  for (const ConstraintResidual& r : residuals)
    res.push_back({{"name", r.name}, {"kind", r.kind}, {"residual", r.residual}, {"satisfied", r.satisfied}});
  j["residuals"] = res;
  j["warnings"] = warnings;
  for (auto it = extra.begin(); it != extra.end(); ++it) j[it.key()] = it.value();
  return j;
}

SolverRegistry& SolverRegistry::instance() {
  static SolverRegistry registry;
  return registry;
}

void SolverRegistry::add(std::unique_ptr<FamilySolver> solver) {
  if (find(solver->family())) return;
  solvers_.push_back(std::move(solver));
}

const FamilySolver* SolverRegistry::find(std::string_view family) const {
  for (const auto& s : solvers_)
    if (s->family() == family) return s.get();
  return nullptr;
}

BenchmarkRegistry& BenchmarkRegistry::instance() {
  static BenchmarkRegistry registry;
  return registry;
}

void BenchmarkRegistry::add(BenchmarkSuite suite) {
  for (const auto& s : suites_)
    if (s.name == suite.name) return;
  suites_.push_back(std::move(suite));
}

void BenchmarkRegistry::extend(const std::string& name, std::function<void(nlohmann::json& out, bool quick)> more) {
  for (auto& s : suites_) {
    if (s.name != name) continue;
    s.run = [run = std::move(s.run), more = std::move(more)](bool quick) {
      nlohmann::json out = run(quick);
      more(out, quick);
      return out;
    };
    return;
  }
}

ImporterRegistry& ImporterRegistry::instance() {
  static ImporterRegistry registry;
  return registry;
}

void ImporterRegistry::add(SceneImporter importer) {
  for (const auto& i : importers_)
    if (i.extension == importer.extension) return;
  importers_.push_back(std::move(importer));
}

const SceneImporter* ImporterRegistry::forPath(std::string_view path) const {
  const auto dot = path.rfind('.');
  if (dot == std::string_view::npos) return nullptr;
  std::string ext(path.substr(dot));
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  for (const auto& i : importers_)
    if (i.extension == ext) return &i;
  return nullptr;
}

}  // namespace flexure
