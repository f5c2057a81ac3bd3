#include "flexure/rigid/rigid_settings.h"

namespace flexure {

void RigidSettings::visitFields(FieldVisitor& v) {
  v.field("gravity", gravity);
  v.field("time_step", timeStep);
  v.field("substeps", substeps);
  v.field("iterations", iterations);
  v.field("assembly_iterations", assemblyIterations);
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
    if (!(alpha > 0.0 && alpha <= 1.0) || !(assemblyAlpha > 0.0 && assemblyAlpha <= 1.0))
      throw FieldError("alpha and assembly_alpha must lie in (0, 1]");
    if (timeStep <= 0.0) throw FieldError("time_step must be positive");
    if (substeps < 1) throw FieldError("substeps must be at least 1");
    if (iterations < 1 || assemblyIterations < 1) throw FieldError("iteration limits must be at least 1");
    if (scheme != "direct" && scheme != "paper" && scheme != "paper-momentum")
      throw FieldError("scheme must be \"direct\", \"paper\" or \"paper-momentum\"");
  }
}

}  // namespace flexure
