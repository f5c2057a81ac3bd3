#pragma once
// The energy solver driver: builds the problem from a scene's active energy constraints (plus
// any extra terms, such as a drag spring), runs one method step by step, writes Ψ back to the
// scene after every step, and reports. Stepwise use (watching assembly, a GUI solver thread):
//
//   EnergySolver solver(scene, settings);
//   solver.init();
//   while (solver.step()) draw(scene);     // one iteration per call
//   SolveReport report = solver.report();  // converged, energy, residuals, stop reason ...
//
// Frozen parameters never move (they are not columns of the problem); bounds hold (every
// trial Ψ is projected into them).
#include <chrono>
#include <memory>
#include <string>

#include "flexure/core/solver_registry.h"
#include "flexure/energy/diagnosis.h"
#include "flexure/energy/solver_method.h"

namespace flexure {

struct SolverState {
  Eigen::VectorXd psi;
  double energy = 0.0;
  double gradientNorm = 0.0;
  int iterations = 0;
  long long evaluations = 0;
  double seconds = 0.0;
  std::string phase;
  bool finished = false;
  std::string stopReason;
  bool rolledBack = false;  // some step was rolled back
};

class EnergySolver {
 public:
  EnergySolver(Scene& scene, EnergySettings settings, double time = 0.0);
  ~EnergySolver();
  // Extra terms (not owned, must outlive the solver), e.g. the user's drag spring. Call init()
  // after changing them.
  void addTerm(const EnergyConstraint* term, double weightScale = 1.0);
  // Multiplies the weights of the scene's own constraints (not the extra terms).
  void setSceneWeightScale(double scale) { sceneScale_ = scale; }
  // Leaves the scene's constraints out (only extra terms are solved).
  void setUseSceneTerms(bool use) { useScene_ = use; }
  void removeTerm(const EnergyConstraint* term);
  // (Re)builds the problem from the scene's current Ψ and structure and starts the method.
  void init();
  // One iteration; returns false once stopped. Writes Ψ back to the scene.
  bool step();
  // Steps until stopped or the iteration limit; returns the report.
  SolveReport run(const std::atomic<bool>* cancel = nullptr);

  const SolverState& state() const { return state_; }
  SolveReport report() const;
  // Replaces the settings; takes effect at the next init().
  void setSettings(const EnergySettings& settings) { settings_ = settings; }
  EnergyProblem& problem() { return *problem_; }
  const EnergySettings& settings() const { return settings_; }
  int maxIterations() const;

 private:
  Scene& scene_;
  EnergySettings settings_;
  double time_;
  std::vector<const EnergyConstraint*> extra_;
  std::vector<double> extraScale_;
  double sceneScale_ = 1.0;
  bool useScene_ = true;
  std::unique_ptr<EnergyProblem> problem_;
  std::unique_ptr<SolverMethod> method_;
  SolverState state_;
};

// Creates the method named by settings.method ("default" or "paper"); throws on unknown names.
std::unique_ptr<SolverMethod> makeSolverMethod(const EnergySettings& settings);

}  // namespace flexure
