#include "flexure/rigid/rigid_family_solver.h"

#include <chrono>

#include "flexure/core/scene.h"
#include "flexure/rigid/joint_geometry.h"
#include "flexure/rigid/solid_operator.h"

namespace flexure {

namespace {

const RigidSettings& settingsOf(const Scene& scene) {
  static const RigidSettings defaults;
  const RigidSettings* s = scene.settings.tryGet<RigidSettings>();
  return s ? *s : defaults;
}

ProcessingScheme schemeFor(const RigidSettings& settings, const SolveOptions& options) {
  if (options.method == "paper") return ProcessingScheme::Paper;
  if (options.method == "paper-momentum") return ProcessingScheme::PaperMomentum;
  if (options.method == "direct") return ProcessingScheme::Direct;
  return processingSchemeFromName(settings.scheme);
}

GroundPlane groundOf(const RigidSettings& s) { return {s.groundNormal, s.groundOffset, s.friction}; }

void fillReport(SolveReport& report, const RigidSystem& system, const std::vector<ViolatedConstraint>& violated,
                double tolerance, double time, const GroundPlane* ground) {
  report.family = "rigid";
  report.maxViolation = maxJointViolation(system, time, ground);
  for (const JointRecord& j : system.joints) {
    if (!isJointActive(j, time) || j.goal) continue;  // a goal is not a constraint
    ConstraintResidual r;
    r.name = j.name;
    r.kind = j.kind;
    r.residual = measureJointViolation(system, j).largest();
    r.satisfied = r.residual <= tolerance;
    report.residuals.push_back(r);
  }
  for (const ViolatedConstraint& v : violated)
    report.warnings.push_back("constraint '" + v.name + "' (" + v.kind + ") still violated by " + std::to_string(v.violation));
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

ProcessingOptions assemblyOptions(const RigidSettings& s, const SolveOptions& options) {
  ProcessingOptions o;
  o.scheme = schemeFor(s, options);
  o.maxIterations = options.maxIterations > 0 ? options.maxIterations : s.assemblyIterations;
  o.tolerance = options.tolerance > 0 ? options.tolerance : s.tolerance;
  o.maxStep = s.assemblyStep;
  o.alphaScale = s.assemblyAlpha;
  return o;
}

DynamicsOptions dynamicsOptions(const RigidSettings& s, const SolveOptions& options) {
  DynamicsOptions d;
  d.gravity = s.gravity;
  d.timeStep = s.timeStep;
  d.minSubsteps = s.substeps;
  d.maxRotation = s.maxRotation;
  d.processing.scheme = schemeFor(s, options);
  d.processing.maxIterations = options.maxIterations > 0 ? options.maxIterations : s.iterations;
  d.processing.tolerance = options.tolerance > 0 ? options.tolerance : s.tolerance;
  d.processing.alphaScale = s.alpha;
  return d;
}

bool RigidFamilySolver::appliesTo(const Scene& scene) const {
  for (const Node* n : scene.nodes())
    if (n->type() == SolidOperator::kType) return true;
  return false;
}

bool RigidFamilySolver::hasDynamics(const Scene& scene) const {
  const bool gravity = squaredNorm(settingsOf(scene).gravity) > 0.0;
  for (const Node* n : scene.nodes()) {
    const auto* solid = dynamic_cast<const SolidOperator*>(n);
    if (!solid || solid->fixed) continue;
    if (gravity || !solid->loads.empty() || squaredNorm(solid->velocity) > 0.0 || squaredNorm(solid->angularVelocity) > 0.0)
      return true;
  }
  return false;
}

SolveReport RigidFamilySolver::solve(Scene& scene, const SolveOptions& options) const {
  const auto start = std::chrono::steady_clock::now();
  const RigidSettings& settings = settingsOf(scene);
  RigidSystem system = buildRigidSystem(scene, settings.ground);
  ProcessingOptions o = assemblyOptions(settings, options);
  const GroundPlane ground = groundOf(settings);
  if (settings.ground) o.ground = &ground;
  const ProcessingResult r = processConstraints(system, o);
  writeBack(system, scene);
  SolveReport report;
  report.converged = r.converged;
  report.iterations = r.iterations;
  report.stopReason = r.stopReason;
  report.paced = r.turnBounded;
  fillReport(report, system, r.violated, o.tolerance, o.time, o.ground);
  report.extra["scheme"] = std::string(processingSchemeName(o.scheme));
  report.seconds = secondsSince(start);
  return report;
}

SolveReport RigidFamilySolver::advance(Scene& scene, double t0, double t1, const SolveOptions& options) const {
  const auto start = std::chrono::steady_clock::now();
  const RigidSettings& settings = settingsOf(scene);
  RigidSystem system = buildRigidSystem(scene, settings.ground);
  DynamicsOptions d = dynamicsOptions(settings, options);
  const GroundPlane ground = groundOf(settings);
  if (settings.ground) d.processing.ground = &ground;
  DirectJointSolver workspace;
  d.processing.workspace = &workspace;
  const DynamicsReport r = advanceDynamics(system, t0, t1, d);
  writeBack(system, scene);
  SolveReport report;
  report.converged = r.converged;
  report.iterations = r.iterations;
  report.stopReason = r.converged ? "all constraints satisfied" : "iteration limit in some step";
  fillReport(report, system, r.violated, d.processing.tolerance, t1, d.processing.ground);
  report.extra["substeps"] = r.steps;
  report.extra["rejected_steps"] = r.rejectedSteps;
  report.extra["largest_step_iterations"] = r.largestIterations;
  report.extra["scheme"] = std::string(processingSchemeName(d.processing.scheme));
  report.seconds = secondsSince(start);
  return report;
}

}  // namespace flexure
