#include "flexure/curves/curve_family_solver.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>

#include "flexure/core/scene.h"
#include "flexure/curves/curve_basis_row.h"
#include "flexure/curves/curve_constraints.h"
#include "flexure/curves/curve_mold_geometry.h"
#include "flexure/curves/curve_settings.h"
#include "flexure/curves/mes_curve.h"

namespace flexure {

namespace {

Eigen::Vector2d planar(const Vec3d& v) { return {v.x, v.y}; }

bool activeAt(const Constraint& c, double time) { return c.enabled && (std::isnan(time) || c.active.contains(time)); }

}  // namespace

SceneCurveProblem buildSceneCurveProblem(const Scene& scene, const MesCurve& curve, double time) {
  SceneCurveProblem out;
  CurveProblem& p = out.problem;
  p.shape = curve.shape();
  p.alpha = curve.alpha();
  p.beta = curve.beta();
  p.frozen.assign(static_cast<std::size_t>(curve.paramCount()), false);
  bool anyFrozen = false;
  for (int i = 0; i < curve.paramCount(); ++i)
    if (scene.parameters().isFrozen(curve.paramOffset() + i)) anyFrozen = p.frozen[static_cast<std::size_t>(i)] = true;
  if (!anyFrozen) p.frozen.clear();
  for (const auto& owned : scene.constraints) {
    const auto* c = dynamic_cast<const CurveConstraint*>(owned.get());
    if (!c || !activeAt(*c, time) || scene.find(c->curve) != &curve) continue;
    const int owner = static_cast<int>(out.sources.size());
    out.sources.push_back(c);
    if (const auto* f = dynamic_cast<const CurveForce*>(c)) {
      p.forces.push_back({f->u, c->weight * planar(f->force)});
    } else if (const auto* pr = dynamic_cast<const CurvePressure*>(c)) {
      p.pressures.push_back({pr->u0, pr->u1, c->weight * pr->p0, c->weight * pr->p1});
    } else if (const auto* t = dynamic_cast<const CurveThumbnail*>(c)) {
      appendThumbnailRows(p.shape, t->u, planar(t->point), owner, out.constraints.rows);
    } else if (const auto* r = dynamic_cast<const CurveRing*>(c)) {
      out.constraints.rings.push_back({planar(r->point), r->u, owner});
    } else if (const auto* tg = dynamic_cast<const CurveTangent*>(c)) {
      out.constraints.rows.push_back(tangentRow(p.shape, tg->u, planar(tg->direction), owner));
    } else if (const auto* rb = dynamic_cast<const CurveRubberband*>(c)) {
      p.rubberbands.push_back({rb->u, planar(rb->point), c->weight * rb->stiffness});
    } else if (const auto* h = dynamic_cast<const CurveHalfspace*>(c)) {
      const Eigen::Vector2d n = planar(h->normal);
      const double len = n.norm();
      std::vector<int> points = h->controlPoints;
      if (points.empty())
        for (int j = 0; j < p.shape.count; ++j) points.push_back(j);
      for (int j : points)
        if (j >= 0 && j < p.shape.count) out.constraints.rows.push_back(controlPointHalfspaceRow(j, n / len, h->offset / len, owner));
    } else if (const auto* m = dynamic_cast<const CurveMold*>(c)) {
      out.constraints.molds.push_back({MoldPolygon::fromFlat(m->vertices), m->keepControlPointsInside, owner});
    }
  }
  return out;
}

std::vector<ConstraintResidual> curveConstraintResiduals(const SceneCurveProblem& sp, const Eigen::VectorXd& q,
                                                         const Eigen::VectorXd& q0) {
  std::vector<ConstraintResidual> out;
  const BSplineShape& shape = sp.problem.shape;
  const double scale = std::max(1.0, q.cwiseAbs().maxCoeff());
  std::size_t moldIndex = 0;
  for (const Constraint* src : sp.sources) {
    ConstraintResidual res{src->name, std::string(src->kind()), 0.0, true};
    if (const auto* t = dynamic_cast<const CurveThumbnail*>(src)) {
      res.residual = (curvePoint(shape, q, t->u) - planar(t->point)).norm();
      res.satisfied = res.residual <= 1e-8 * scale;
    } else if (const auto* ring = dynamic_cast<const CurveRing*>(src)) {
      const double u = closestParameter(shape, q, planar(ring->point));
      res.residual = (curvePoint(shape, q, u) - planar(ring->point)).norm();
      res.satisfied = res.residual <= 1e-8 * scale;
    } else if (const auto* tg = dynamic_cast<const CurveTangent*>(src)) {
      const Eigen::Vector2d d = curveDerivative(shape, q, tg->u).normalized();
      const Eigen::Vector2d want = planar(tg->direction).normalized();
      res.residual = std::abs(std::asin(std::clamp(d.x() * want.y() - d.y() * want.x(), -1.0, 1.0)));
      res.satisfied = res.residual <= 1e-8;
    } else if (const auto* rb = dynamic_cast<const CurveRubberband*>(src)) {
      res.residual = (curvePoint(shape, q, rb->u) - planar(rb->point)).norm();  // a penalty: never exact
    } else if (const auto* h = dynamic_cast<const CurveHalfspace*>(src)) {
      const Eigen::Vector2d n = planar(h->normal).normalized();
      const double off = h->offset / planar(h->normal).norm();
      double worst = 0.0;
      for (int j = 0; j < shape.count; ++j)
        if (h->controlPoints.empty() || std::find(h->controlPoints.begin(), h->controlPoints.end(), j) != h->controlPoints.end())
          worst = std::max(worst, off - n.dot(q.segment<2>(2 * j)));
      res.residual = worst;
      res.satisfied = worst <= 1e-8 * scale;
    } else if (dynamic_cast<const CurveMold*>(src)) {
      // The molds of the problem in the order of their sources (buildSceneCurveProblem).
      const MoldConstraint& mold = sp.constraints.molds[moldIndex++];
      res.residual = std::max(0.0, -curveClearance(shape, q, mold.polygon));
      res.satisfied = moldStateLegal(shape, q, mold, controlPointsOutside(shape, q0, mold.polygon));
    } else {
      continue;  // loads have no residual
    }
    out.push_back(std::move(res));
  }
  return out;
}

bool CurveFamilySolver::appliesTo(const Scene& scene) const {
  for (const Node* n : scene.nodes())
    if (dynamic_cast<const MesCurve*>(n)) return true;
  return false;
}

bool CurveFamilySolver::hasDynamics(const Scene& scene) const {
  const auto* settings = scene.settings.tryGet<CurveSettings>();
  return settings && settings->method == "paper" && appliesTo(scene);
}

SolveReport CurveFamilySolver::solve(Scene& scene, const SolveOptions& options) const {
  return run(scene, std::numeric_limits<double>::quiet_NaN(), options);
}

SolveReport CurveFamilySolver::advance(Scene& scene, double, double t1, const SolveOptions& options) const {
  const auto* settings = scene.settings.tryGet<CurveSettings>();
  if (options.method == "default" && settings && settings->method == "paper")
    return stepPaper(scene, settings->eulerStepsPerFrame, t1);
  return run(scene, t1, options);
}

SolveReport CurveFamilySolver::stepPaper(Scene& scene, int steps, double time) const {
  SolveOptions o;
  o.method = "paper";
  o.maxIterations = std::max(1, steps);
  return run(scene, time, o);
}

SolveReport CurveFamilySolver::run(Scene& scene, double time, const SolveOptions& options) const {
  const auto start = std::chrono::steady_clock::now();
  SolveReport report;
  report.family = "curves";
  report.converged = true;
  int activeContacts = 0;
  double minClearance = std::numeric_limits<double>::infinity();
  bool anyMold = false;
  std::vector<std::string> reasons;
  for (Node* node : scene.nodes()) {
    auto* curve = dynamic_cast<MesCurve*>(node);
    if (!curve) continue;
    const SceneCurveProblem sp = buildSceneCurveProblem(scene, *curve, time);
    // A curve that no tool acts on stays as drawn (its energy alone would shrink or straighten it).
    if (sp.sources.empty()) continue;
    const Eigen::VectorXd q0 = curve->controlPoints(scene.parameters());
    CurveSolveOptions o;
    o.paperMethod = options.method == "paper";
    o.maxIterations = options.maxIterations;
    if (options.tolerance > 0.0) o.tolerance = options.tolerance;
    else if (o.paperMethod) o.tolerance = 1e-9;
    const CurveSolveResult r = solveCurveEquilibrium(sp.problem, q0, sp.constraints, o);
    if (!r.q.allFinite()) {
      report.rolledBack = true;
      report.converged = false;
      report.warnings.push_back(curve->name() + ": the solve produced non-finite values and was undone");
      continue;
    }
    curve->setControlPoints(scene.parameters(), r.q);
    report.energy += r.energy;
    report.iterations += r.iterations;
    report.converged = report.converged && r.converged;
    reasons.push_back(curve->name() + ": " + r.stopReason);
    for (const std::string& w : r.warnings) report.warnings.push_back(curve->name() + ": " + w);
    if (!r.convex) report.warnings.push_back(curve->name() + ": the energy is not convex (pressure exceeds the stiffness)");
    activeContacts += r.activeContacts;
    if (!sp.constraints.molds.empty()) {
      anyMold = true;
      minClearance = std::min(minClearance, r.minClearance);
    }
    // Write ring parameters back so the next solve starts from them.
    std::size_t ringIndex = 0;
    for (const Constraint* src : sp.sources)
      if (dynamic_cast<const CurveRing*>(src) && ringIndex < r.ringU.size())
        for (auto& owned : scene.constraints)
          if (owned.get() == src) static_cast<CurveRing&>(*owned).u = r.ringU[ringIndex++];

    for (ConstraintResidual& res : curveConstraintResiduals(sp, r.q, q0)) {
      report.maxViolation = std::max(report.maxViolation, res.satisfied ? 0.0 : res.residual);
      report.residuals.push_back(std::move(res));
    }
  }
  for (const std::string& s : reasons) report.stopReason += (report.stopReason.empty() ? "" : "; ") + s;
  report.extra["active_contacts"] = activeContacts;
  report.extra["min_mold_clearance"] = anyMold ? nlohmann::json(minClearance) : nlohmann::json(nullptr);
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace flexure
