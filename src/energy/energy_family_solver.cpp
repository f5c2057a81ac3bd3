#include "flexure/energy/energy_family_solver.h"

#include "flexure/core/scene.h"
#include "flexure/energy/energy_solver.h"

namespace flexure {

bool EnergyFamilySolver::appliesTo(const Scene& scene) const {
  for (const auto& c : scene.constraints)
    if (c->family() == "energy") return true;
  return false;
}

SolveReport EnergyFamilySolver::solveAt(Scene& scene, double time, const SolveOptions& options) const {
  EnergySettings settings;
  if (const auto* stored = scene.settings.tryGet<EnergySettings>()) settings = *stored;
  if (!options.method.empty()) settings.method = options.method;  // the caller's choice wins
  if (options.maxIterations > 0) {
    settings.maxIterations = options.maxIterations;
    settings.paperMaxIterations = options.maxIterations;
  }
  if (options.tolerance > 0.0) settings.gradientTolerance = options.tolerance;
  EnergySolver solver(scene, settings, time);
  return solver.run(options.cancel);
}

namespace {

// EnergySolver's stepwise API (energy_solver.h) behind the family-neutral FamilyStepper.
class EnergyStepper final : public FamilyStepper {
 public:
  EnergyStepper(Scene& scene, const EnergySettings& settings, double time) : solver_(scene, settings, time) {
    solver_.init();
  }
  void step() override { solver_.step(); }
  SolveReport report() const override {
    SolveReport report = solver_.report();
    report.converged = report.converged || solver_.state().finished;
    return report;
  }

 private:
  EnergySolver solver_;
};

}  // namespace

std::unique_ptr<FamilyStepper> EnergyFamilySolver::makeStepper(Scene& scene, const SolveOptions& options,
                                                               double time) const {
  EnergySettings settings;
  if (const auto* stored = scene.settings.tryGet<EnergySettings>()) settings = *stored;
  if (!options.method.empty() && options.method != "default") settings.method = options.method;
  if (options.tolerance > 0.0) settings.gradientTolerance = options.tolerance;
  return std::make_unique<EnergyStepper>(scene, settings, time);
}

SolveReport EnergyFamilySolver::solve(Scene& scene, const SolveOptions& options) const {
  return solveAt(scene, 0.0, options);
}

SolveReport EnergyFamilySolver::advance(Scene& scene, double, double t1, const SolveOptions& options) const {
  return solveAt(scene, t1, options);
}

}  // namespace flexure
