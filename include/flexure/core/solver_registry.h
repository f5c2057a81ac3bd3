#pragma once
// Each technique registers one FamilySolver; the CLI (solve, animate), the solver thread and
// the timeline run every solver that applies to a scene, without knowing any of them.
//   energy   Witkin et al. 1987   moves free entries of Ψ
//   rigid    Gascuel 1994         moves solids' poses and velocities
//   curves   Chen & Wu            moves MES curve control points
//   deform   Jin et al. 2000      (no solve; its parameters are driven by others)
#include <atomic>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace flexure {

class Scene;

struct SolveOptions {
  std::string method = "default";  // "default" or "paper" (the paper's own method, a baseline)
  int maxIterations = -1;          // -1: the solver's own default
  double tolerance = -1.0;         // -1: the solver's own default
  const std::atomic<bool>* cancel = nullptr;
};

struct ConstraintResidual {
  std::string name;  // constraint name
  std::string kind;
  double residual = 0.0;  // energy (energy family) or violation distance/angle (others)
  bool satisfied = true;
};

struct SolveReport {
  std::string family;
  bool converged = false;
  std::string stopReason;  // "gradient below tolerance", "stagnation", "iteration limit", ...
  int iterations = 0;
  long long evaluations = 0;
  double seconds = 0.0;
  double energy = 0.0;
  double maxViolation = 0.0;
  bool rolledBack = false;  // a step produced NaN/inf or diverged and was undone
  // Stopped at a bound on how far one call may move the model (a drag's bounded turn, so that
  // it never jumps): not converged, and the caller calls again at the next display frame.
  bool paced = false;
  std::vector<ConstraintResidual> residuals;
  std::vector<std::string> warnings;
  nlohmann::json extra = nlohmann::json::object();  // family-specific figures
  nlohmann::json toJson() const;
};

// One iteration at a time of a family's solve, for callers that watch it converge (the solver
// thread publishes Ψ between iterations and stays responsive to edits and drags).
class FamilyStepper {
 public:
  virtual ~FamilyStepper() = default;
  // One iteration; writes Ψ back to the scene it was made for.
  virtual void step() = 0;
  // The report so far; `converged` is true once the solve has stopped.
  virtual SolveReport report() const = 0;
};

class FamilySolver {
 public:
  virtual ~FamilySolver() = default;
  virtual std::string_view family() const = 0;
  // True when the scene holds anything this solver moves or checks.
  virtual bool appliesTo(const Scene& scene) const = 0;
  // Brings the scene to a configuration satisfying its constraints (assembly).
  virtual SolveReport solve(Scene& scene, const SolveOptions& options) const = 0;
  // Advances the scene from time t0 to t1 (t1 > t0) for animation: dynamics integrate, static
  // solvers re-solve at t1 starting from the current state. Constraints consult their active
  // interval at t1.
  virtual SolveReport advance(Scene& scene, double t0, double t1, const SolveOptions& options) const = 0;
  // The stepwise form of solve() at `time`, or null when the family solves only in bounded
  // calls (then the caller calls solve() with an iteration budget). options.method "default"
  // keeps the scene's own method setting.
  virtual std::unique_ptr<FamilyStepper> makeStepper(Scene& scene, const SolveOptions& options, double time) const {
    (void)scene, (void)options, (void)time;
    return nullptr;
  }
  // What shows progress: the energy (true: a solver that minimizes one, Witkin et al.) or the
  // largest constraint violation (false). The solver thread's rollback rule and the energy
  // plot read it.
  virtual bool minimizesEnergy() const { return false; }
  // True when advance() moves the scene as time passes without any key: dynamics (free solids
  // under gravity, loads or initial velocities; a curve's paper Euler steps). With keyframe
  // tracks it is what makes a scene an animation (anim/animated_scene.h): exports then write the
  // timeline's frames by default (issue 28).
  virtual bool hasDynamics(const Scene& scene) const {
    (void)scene;
    return false;
  }
};

class SolverRegistry {
 public:
  static SolverRegistry& instance();
  void add(std::unique_ptr<FamilySolver> solver);
  const std::vector<std::unique_ptr<FamilySolver>>& solvers() const { return solvers_; }
  const FamilySolver* find(std::string_view family) const;

 private:
  std::vector<std::unique_ptr<FamilySolver>> solvers_;
};

}  // namespace flexure
