#pragma once
// The "curves" FamilySolver: for every mes-curve of a scene, gathers the enabled constraints of
// the curves family that name it, builds its CurveProblem and CurveConstraintSet, solves
// (direct by default; options.method == "paper" runs the Euler iteration of Eq. 8) and writes
// the control points back into Ψ. advance(t0, t1) re-solves at t1 with the constraints active
// at t1, starting from the current state (a static solver).
//
// Report: "energy" (E = S - W, Eq. 2), one residual per constraint (distance for thumbnails and
// rings, angle for tangents, violation for halfspaces and molds), and in extra
// "active_contacts" and "min_mold_clearance" (null without molds).
//
// Animation: with the scene setting curves.method = "paper", advance() runs
// euler_steps_per_frame Euler steps of the paper's dynamics instead of the instant solve;
// stepPaper() is the same step-wise entry point for a GUI that animates the solution process
// frame by frame (Chen & Wu: "a vivid portrayal of the solution process").
#include "flexure/core/solver_registry.h"
#include "flexure/curves/curve_contact_solver.h"

namespace flexure {

class Scene;
class MesCurve;
class Constraint;

// The problem of one curve as the scene states it, at time `time` (NaN: ignore intervals).
struct SceneCurveProblem {
  CurveProblem problem;
  CurveConstraintSet constraints;
  std::vector<const Constraint*> sources;  // owner index → scene constraint
};
SceneCurveProblem buildSceneCurveProblem(const Scene& scene, const MesCurve& curve, double time);

// The residual and verdict of each of the curve's constraints in state q, for a solve that
// started from q0 (loads have none): distances for thumbnails and rings, the angle of tangents,
// violations of halfspaces, the depth a mold is entered (satisfied: moldStateLegal, the test
// the solver applies to every state it accepts). The one source of ConstraintResidual for the
// curves family: its report, hence `flexure-cli solve`, the solver thread's results and the
// constraint list.
std::vector<ConstraintResidual> curveConstraintResiduals(const SceneCurveProblem& problem, const Eigen::VectorXd& q,
                                                         const Eigen::VectorXd& q0);

class CurveFamilySolver final : public FamilySolver {
 public:
  std::string_view family() const override { return "curves"; }
  bool appliesTo(const Scene& scene) const override;
  SolveReport solve(Scene& scene, const SolveOptions& options) const override;
  SolveReport advance(Scene& scene, double t0, double t1, const SolveOptions& options) const override;
  // The paper's Euler method (settings "method": "paper") moves the curves a few steps a frame.
  bool hasDynamics(const Scene& scene) const override;
  // `steps` Euler steps (Eq. 8) of every curve with the constraints active at `time` (NaN: all).
  SolveReport stepPaper(Scene& scene, int steps, double time) const;

 private:
  SolveReport run(Scene& scene, double time, const SolveOptions& options) const;
};

}  // namespace flexure
