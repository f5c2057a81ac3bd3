#include "flexure/energy/energy_settings.h"

namespace flexure {

namespace {
// Limits on values read from a file (docs/scene-format.md, "Limits"): iteration counts bound a
// solve's loop (the paper's method defaults to 200,000 small steps), the window a history kept
// per step.
constexpr int kMaxIterations = 100000000;
constexpr int kMaxStagnationWindow = 10000;
}  // namespace

void EnergySettings::visitFields(FieldVisitor& v) {
  v.field("method", method);
  v.field("max_iterations", maxIterations, IntRange{0, kMaxIterations});
  v.field("paper_max_iterations", paperMaxIterations, IntRange{0, kMaxIterations});
  v.field("gradient_tolerance", gradientTolerance);
  v.field("energy_tolerance", energyTolerance);
  v.field("satisfied_tolerance", satisfiedTolerance);
  v.field("trust_radius", trustRadius);
  v.field("max_trust_radius", maxTrustRadius);
  v.field("flow_fallback", flowFallback);
  v.field("min_descent_cosine", minDescentCosine);
  v.field("paper_step", paperStep);
  v.field("paper_delta", paperDelta);
  v.field("stagnation_window", stagnationWindow, IntRange{1, kMaxStagnationWindow});
  v.field("stagnation_ratio", stagnationRatio);
  if (v.isReading() || !drives.empty()) v.field("drives", drives);
  if (v.isReading() && method != "default" && method != "paper")
    throw FieldError::about("method", "energy method must be \"default\" or \"paper\", not \"" + method + "\"");
}

}  // namespace flexure
