#include "flexure/rigid/rigid_dynamics.h"

#include <algorithm>
#include <cmath>

namespace flexure {

namespace {

void gatherLoadsOf(RigidSystem& s, std::size_t i, double time) {
  RigidBody& b = s.bodies[i];
  b.force = {};
  b.torque = {};
  for (const AppliedLoad& l : s.loads[i]) {
    if (time < l.from || time > l.until) continue;
    b.force += l.force;
    b.torque += l.torque + cross(b.rotation * (l.point - b.localCom), l.force);
  }
}

}  // namespace

void gatherLoads(RigidSystem& s, double time) {
  for (std::size_t i = 0; i < s.bodies.size(); ++i) gatherLoadsOf(s, i, time);
}

namespace {

using Velocities = DynamicsWorkspace::Velocities;

// Eqs. 1-2 for one body; returns the new velocities.
Velocities integrateVelocities(const RigidBody& b, const Vec3d& gravity, double dt) {
  const Vec3d acceleration = b.force * b.inverseMass + (b.physical ? gravity : Vec3d());
  const Mat3d J = inertiaWorld(b);
  const Vec3d gyroscopic = cross(b.angularVelocity, J * b.angularVelocity);
  return {b.velocity + acceleration * dt,                                               // Eq. 1
          b.angularVelocity + inverseInertiaWorld(b) * (b.torque - gyroscopic) * dt};  // Eq. 2
}

}  // namespace

bool dynamicsStep(RigidSystem& s, double time, double dt, const DynamicsOptions& o, ProcessingResult& processing) {
  const double t1 = time + dt;
  std::vector<Velocities> local;
  std::vector<Velocities>& next = o.workspace ? o.workspace->next : local;
  next.resize(s.bodies.size());  // (a fixed solid's entry is never read)
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    gatherLoadsOf(s, i, time);  // (gatherLoads, in the same pass over the solids)
    const RigidBody& b = s.bodies[i];
    if (b.fixed) continue;
    next[i] = integrateVelocities(b, o.gravity, dt);
    if (norm(next[i].w) * dt > o.maxRotation) return false;  // go back in time, reduce dt
  }
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    RigidBody& b = s.bodies[i];
    b.comAtStepStart = b.com;
    b.orientationAtStepStart = b.orientation;
    if (b.fixed) continue;
    b.velocity = next[i].v;
    b.angularVelocity = next[i].w;
    b.com += b.velocity * dt;  // Eq. 3
    // Eq. 4, R ← (I + dt ω̃) R, in quaternion form q ← q + (dt/2) ω q, then re-normalized
    // (the re-orthogonalization of R).
    const Vec3d w = b.angularVelocity * (0.5 * dt);
    const Quatd dq = Quatd(0.0, w.x, w.y, w.z) * b.orientation;
    b.orientation = {b.orientation.w + dq.w, b.orientation.x + dq.x, b.orientation.y + dq.y, b.orientation.z + dq.z};
    syncRotation(b);
  }
  ProcessingOptions po = o.processing;
  po.time = t1;
  po.friction = true;
  ContactBudget budget;  // sized by processConstraints when there is a floor to touch
  po.contactBudget = &budget;
  processing = processConstraints(s, po);
  for (RigidBody& b : s.bodies) {  // step 3
    if (b.fixed) continue;
    b.velocity = (b.com - b.comAtStepStart) / dt;
    b.angularVelocity = rotationVectorFromQuaternion(b.orientation * conjugate(b.orientationAtStepStart)) / dt;
  }
  return true;
}

bool prepareDynamics(const RigidSystem& s, double time, double dt, const DynamicsOptions& o) {
  if (o.workspace) o.workspace->next.resize(s.bodies.size());
  ProcessingOptions po = o.processing;
  po.time = time + dt;  // as dynamicsStep sets it
  return prepareDirectWorkspace(s, po);
}

DynamicsReport advanceDynamics(RigidSystem& s, double t0, double t1, const DynamicsOptions& o) {
  DynamicsReport report;
  const int steps = std::max(o.minSubsteps, static_cast<int>(std::ceil((t1 - t0) / o.timeStep - 1e-9)));
  const double nominal = (t1 - t0) / steps;
  double t = t0;
  double dt = nominal;
  while (t < t1 - 1e-12) {
    dt = std::min(dt, t1 - t);
    ProcessingResult r;
    if (!dynamicsStep(s, t, dt, o, r)) {
      ++report.rejectedSteps;
      dt *= 0.5;
      if (dt < nominal / 1024.0) {  // never hang: after ten halvings take the step anyway
        dt = nominal / 1024.0;
        DynamicsOptions forced = o;
        forced.maxRotation = 1e300;
        dynamicsStep(s, t, dt, forced, r);
      } else {
        continue;
      }
    }
    t += dt;
    ++report.steps;
    report.iterations += r.iterations;
    report.largestIterations = std::max(report.largestIterations, r.iterations);
    if (!r.converged) {
      report.converged = false;
      report.violated = r.violated;
    }
    report.maxViolation = r.maxViolation;
    dt = std::min(nominal, dt * 2.0);  // recover the nominal step after a rejection
  }
  return report;
}

}  // namespace flexure
