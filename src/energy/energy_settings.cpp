#include "flexure/energy/energy_settings.h"

namespace flexure {

void EnergySettings::visitFields(FieldVisitor& v) {
  v.field("method", method);
  v.field("max_iterations", maxIterations);
  v.field("paper_max_iterations", paperMaxIterations);
  v.field("gradient_tolerance", gradientTolerance);
  v.field("energy_tolerance", energyTolerance);
  v.field("satisfied_tolerance", satisfiedTolerance);
  v.field("trust_radius", trustRadius);
  v.field("max_trust_radius", maxTrustRadius);
  v.field("flow_fallback", flowFallback);
  v.field("min_descent_cosine", minDescentCosine);
  v.field("paper_step", paperStep);
  v.field("paper_delta", paperDelta);
  v.field("stagnation_window", stagnationWindow);
  v.field("stagnation_ratio", stagnationRatio);
  if (v.isReading() || !drives.empty()) v.field("drives", drives);
  if (v.isReading() && method != "default" && method != "paper")
    throw FieldError("energy method must be \"default\" or \"paper\", not \"" + method + "\"");
}

}  // namespace flexure
