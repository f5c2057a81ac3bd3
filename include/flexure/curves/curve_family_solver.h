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

class CurveFamilySolver final : public FamilySolver {
 public:
  std::string_view family() const override { return "curves"; }
  bool appliesTo(const Scene& scene) const override;
  SolveReport solve(Scene& scene, const SolveOptions& options) const override;
  SolveReport advance(Scene& scene, double t0, double t1, const SolveOptions& options) const override;

 private:
  SolveReport run(Scene& scene, double time, const SolveOptions& options) const;
};

}  // namespace flexure
