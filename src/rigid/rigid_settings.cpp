#include "flexure/rigid/rigid_settings.h"

#include <string>

namespace flexure {

void RigidSettings::visitFields(FieldVisitor& v) {
  v.field("gravity", gravity);
  v.field("time_step", timeStep);
  v.field("substeps", substeps, IntRange{1, kMaxSubsteps});
  v.field("iterations", iterations, IntRange{1, kMaxIterations});
  v.field("assembly_iterations", assemblyIterations, IntRange{1, kMaxAssemblyIterations});
  v.field("tolerance", tolerance);
  v.field("max_rotation", maxRotation);
  v.field("alpha", alpha);
  v.field("assembly_alpha", assemblyAlpha);
  v.field("assembly_step", assemblyStep);
  v.field("scheme", scheme);
  v.field("ground", ground);
  v.field("ground_normal", groundNormal);
  v.field("ground_offset", groundOffset);
  v.field("friction", friction);
  if (v.isReading()) {
    if (!(alpha > 0.0 && alpha <= 1.0)) throw FieldError::about("alpha", "alpha must lie in (0, 1]");
    if (!(assemblyAlpha > 0.0 && assemblyAlpha <= 1.0))
      throw FieldError::about("assembly_alpha", "assembly_alpha must lie in (0, 1]");
    // advance(t0, t1) runs (t1 - t0) / time_step substeps: a tiny step is an endless loop.
    if (!(timeStep > 0.0)) throw FieldError::about("time_step", "time_step must be positive");
    if (timeStep < kMinTimeStep)
      throw FieldError::about("time_step", "time_step must be at least " + std::to_string(kMinTimeStep) + " s");
    if (scheme != "direct" && scheme != "paper" && scheme != "paper-momentum")
      throw FieldError::about("scheme", "scheme must be \"direct\", \"paper\" or \"paper-momentum\"");
  }
}

}  // namespace flexure
