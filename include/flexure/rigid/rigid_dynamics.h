#pragma once
// The animation algorithm of section 2.2, from t to t + dt:
//  1. free motion of each solid by the Euler equations (Eqs. 1-4) under gravity and the
//     applied forces and torques; R is re-orthogonalized (the quaternion re-normalized) after
//     Eq. 4; if a rotation ω dt exceeds the limit of the rotation-vector approximation, the
//     step is undone and dt halved ("the system goes back in time, and the time step is
//     reduced");
//  2. constraint processing (constraint_processing.h), with the ground plane and friction;
//  3. the velocities are taken from the displacement actually reached:
//     v = (x(t+dt) - x(t))/dt,  ω̃ = (R(t+dt) R^{-1}(t) - I)/dt — here ω = log(R(t+dt) R(t)^{-1})/dt,
//     the exact rotation vector whose first-order part is the paper's expression.
#include <vector>

#include "flexure/rigid/constraint_processing.h"

namespace flexure {

// What dynamicsStep keeps between steps when the caller lends it one (DynamicsOptions::workspace):
// the free-motion velocities of every solid, which step 1 holds until it knows that no rotation
// is too large. Kept, a step allocates nothing for them, and a chain of 10⁵ links does not
// first-touch 4.8 MB in its first frame (STYLE.md; docs/performance.md, issue 29).
struct DynamicsWorkspace {
  struct Velocities {
    Vec3d v, w;
  };
  std::vector<Velocities> next;
};

struct DynamicsOptions {
  Vec3d gravity{0, -9.81, 0};
  double timeStep = 0.01;   // largest step
  int minSubsteps = 1;      // at least this many steps per advance()
  double maxRotation = 0.2; // radians per step
  ProcessingOptions processing;  // scheme, iteration limit, tolerance; time and friction are set per step
  DynamicsWorkspace* workspace = nullptr;  // kept between steps when set (else a step's own)
};

struct DynamicsReport {
  int steps = 0;
  int rejectedSteps = 0;       // undone because a rotation was too large
  int iterations = 0;          // constraint iterations, summed over steps
  int largestIterations = 0;   // most iterations in one step
  bool converged = true;       // every step's processing converged
  double maxViolation = 0.0;   // after the last step
  std::vector<ViolatedConstraint> violated;  // after the last non-converged step
};

// Sums the active applied loads of each body at time t into force and torque.
void gatherLoads(RigidSystem& system, double time);
// Steps 1-3 once. Returns false (state untouched) when a rotation would exceed maxRotation.
bool dynamicsStep(RigidSystem& system, double time, double dt, const DynamicsOptions& options,
                  ProcessingResult& processing);
// The one-time work of the first step from `time` by `dt`, made beforehand: options.workspace
// sized for the system's solids and the direct scheme's analysis of the joints
// (prepareDirectWorkspace). The steps then move the solids exactly as without it. Returns
// whether the direct scheme's chain path applies.
bool prepareDynamics(const RigidSystem& system, double time, double dt, const DynamicsOptions& options);
// Integrates from t0 to t1 in steps of at most timeStep (fewer on rejection).
DynamicsReport advanceDynamics(RigidSystem& system, double t0, double t1, const DynamicsOptions& options);

}  // namespace flexure
