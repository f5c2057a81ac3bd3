#pragma once
// One way of moving Ψ downhill on E (the default trust-region Levenberg-Marquardt, the paper's
// Euler steps). The EnergySolver driver calls step() once per iteration, so assembly can be
// watched and a GUI thread can run one step at a time.
#include <Eigen/Core>
#include <string>
#include <string_view>

#include "flexure/energy/energy_problem.h"
#include "flexure/energy/energy_settings.h"

namespace flexure {

struct StepOutcome {
  double energy = 0.0;        // E at the (possibly unchanged) Ψ after the step
  double gradientNorm = 0.0;  // |∇E| there, when known
  bool accepted = false;      // Ψ moved
  bool rolledBack = false;    // the trial produced NaN/inf or a runaway energy and was undone
  bool finished = false;
  std::string stopReason;     // set when finished
};

class SolverMethod {
 public:
  virtual ~SolverMethod() = default;
  virtual std::string_view name() const = 0;
  // Called once before the first step, with the start Ψ (full vector).
  virtual void start(EnergyProblem& problem, const Eigen::VectorXd& psi) = 0;
  // One iteration; updates psi in place (free entries only, within bounds).
  virtual StepOutcome step(EnergyProblem& problem, Eigen::VectorXd& psi) = 0;
  // Called once when the driver stops (for any reason); a method may put back a better Ψ it
  // has seen (the default method's best landing point).
  virtual void finish(EnergyProblem&, Eigen::VectorXd&) {}
  // What the method is doing now ("lm", "flow", "euler"), for watching and reports.
  virtual std::string phase() const { return std::string(name()); }
};

// Stop reasons shared by the methods.
namespace stop_reason {
inline constexpr const char* kEnergy = "energy below tolerance";
inline constexpr const char* kGradient = "gradient below tolerance";
inline constexpr const char* kStagnation = "stagnation";
inline constexpr const char* kIterations = "iteration limit";
inline constexpr const char* kNoFreeParameters = "no free parameters";
inline constexpr const char* kCancelled = "cancelled";
}  // namespace stop_reason

}  // namespace flexure
