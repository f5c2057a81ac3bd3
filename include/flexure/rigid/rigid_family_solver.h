#pragma once
// The "rigid" FamilySolver: solve() is the assembly mode (section 2.3), advance() the dynamics
// of section 2.2 from t0 to t1 with the scene's "rigid" settings. Both build a RigidSystem from
// the scene, run, and write poses and velocities back. Reports carry "iterations",
// "max_violation", "converged", the constraints still violated (the paper's warning) and, in
// extra, "substeps", "rejected_steps", "largest_step_iterations", "scheme".
#include "flexure/core/solver_registry.h"
#include "flexure/rigid/rigid_dynamics.h"
#include "flexure/rigid/rigid_settings.h"

namespace flexure {

class RigidFamilySolver final : public FamilySolver {
 public:
  std::string_view family() const override { return "rigid"; }
  bool appliesTo(const Scene& scene) const override;
  SolveReport solve(Scene& scene, const SolveOptions& options) const override;
  SolveReport advance(Scene& scene, double t0, double t1, const SolveOptions& options) const override;
  // A solid that is not fixed and feels gravity, a load or an initial velocity.
  bool hasDynamics(const Scene& scene) const override;
};

// The options the settings block and the caller's SolveOptions give, for direct use.
ProcessingOptions assemblyOptions(const RigidSettings& settings, const SolveOptions& options);
DynamicsOptions dynamicsOptions(const RigidSettings& settings, const SolveOptions& options);

}  // namespace flexure
