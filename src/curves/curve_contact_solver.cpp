#include "flexure/curves/curve_contact_solver.h"

#include <cmath>
#include <limits>
#include <memory>

#include "flexure/curves/curve_mold_geometry.h"
#include "flexure/curves/direct_equilibrium.h"
#include "flexure/curves/euler_stepper.h"

namespace flexure {

namespace {

// Rows tagged by where they come from, so multipliers can be read back.
enum class RowSource { Fixed, Ring, Contact, ExactVertexRing, VertexWedge, ConvexMold };
struct RowTag {
  RowSource source;
  int index;
};

// n̂(u)·(r(u) - p) = 0 with n̂ frozen at the current state: the frictionless ring row.
LinearConstraint ringRow(const BSplineShape& shape, const Eigen::VectorXd& q, double u, const Eigen::Vector2d& p) {
  Eigen::Vector2d t = curveDerivative(shape, q, u);
  if (!(t.norm() > 1e-12 * std::max(1.0, q.cwiseAbs().maxCoeff()))) t = Eigen::Vector2d(1, 0);
  const Eigen::Vector2d n(t.y() / t.norm(), -t.x() / t.norm());
  return curvePointRow(shape, u, 0, n, n.dot(p), ConstraintSense::Equality);
}

// Direction from a reflex vertex out of the obstacle into the cavity (bisector of the inward normals).
Eigen::Vector2d cavityDirection(const MoldPolygon& mold, int v) {
  Eigen::Vector2d d = mold.inwardNormal(v - 1) + mold.inwardNormal(v);
  return d.norm() > 1e-300 ? d.normalized() : mold.inwardNormal(v);
}

// A control point counts as outside only beyond round-off of its halfspace rows.
constexpr double kInsideTolerance = 1e-11;

// Search for the ring parameter where the reduced energy E*(u) = min E subject to r(u) = p* is
// least: dE*/du = g(u) = -λ·r'(u), zero when the ring's force has no tangential component (a
// frictionless ring). Expanding steps find a bracket g(lo) < 0 < g(hi), then regula falsi
// (Illinois) closes it; an open curve may slide until the ring sits at one of its ends.
struct RingSearch {
  double lo = 0.0, hi = 0.0, gLo = 0.0, gHi = 0.0;
  bool hasLo = false, hasHi = false;
  int side = 0;  // which end regula falsi kept last (Illinois halving)
  double h = 0.0;
  double g = 0.0;
  double step = 1.0;  // last |Δu|
  int spans = 1;
  bool closed = false;
  double next(double current) {
    if (h == 0.0) h = 0.05 / spans;
    if (g < 0.0) { lo = current; gLo = g; hasLo = true; }
    else if (g > 0.0) { hi = current; gHi = g; hasHi = true; }
    else { step = 0.0; return current; }
    double nu;
    if (hasLo && hasHi && (closed ? std::abs(hi - lo) < 0.5 : true) && lo != hi) {
      double a = gLo, b = gHi;
      if (side == 1) a *= 0.5;
      if (side == -1) b *= 0.5;
      nu = lo - a * (hi - lo) / (b - a);
      side = g < 0.0 ? 1 : -1;
    } else {
      nu = current + (g < 0.0 ? h : -h);  // E* decreases towards larger u when g < 0
      h *= 2.0;
    }
    if (closed) nu -= std::floor(nu);
    else nu = std::clamp(nu, 0.0, 1.0);
    step = std::abs(nu - current);
    return nu;
  }
};

struct ContactState {
  const CurveProblem& problem;
  const CurveConstraintSet& set;
  std::vector<RingConstraint> rings;
  std::vector<RingSearch> ringSearch;
  std::vector<MoldContact> contacts;
  std::vector<std::vector<bool>> exemptControlPoints;  // per mold: control points outside at the start
};

bool anyConcave(const CurveConstraintSet& set) {
  for (const MoldConstraint& m : set.molds)
    if (!m.polygon.isConvex()) return true;
  return false;
}

// A concave mold's events at state q (section 5.2.1): one of `controlPoints` leaving the cavity
// (beyond round-off), or the curve crossing the boundary on one of `pairs` (all pairs when null).
bool concaveMoldViolated(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold,
                         const std::vector<int>& controlPoints, const std::vector<EdgeSpan>* pairs) {
  for (int j : controlPoints)
    if (classifyPoint(mold, q.segment<2>(2 * j)).distance < -kInsideTolerance) return true;
  return pairs ? curveCrossesBoundary(shape, q, mold, *pairs) : curveCrossesBoundary(shape, q, mold);
}

// What of each concave mold can raise an event somewhere on the search path q0 → q1 (issue 17
// item 3): the event search tests up to 58 states of one path per pass, and classifying every
// control point and root-testing every (edge, span) pair at each state was 77 % of a solve of
// mold-concave's drag. Candidates are found once per path (curve_mold_geometry.h); at every state
// of the path the restricted test answers as the full one (bench curves mold_concave_drag: 10.0
// -> 4.8 ms per step, the same iterations and states).
struct PathCandidates {
  std::vector<std::vector<int>> controlPoints;  // per mold: non-exempt control points that may leave
  std::vector<std::vector<EdgeSpan>> pairs;     // per mold: (edge, span) pairs that may cross
};

PathCandidates pathCandidates(const ContactState& st, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1) {
  PathCandidates c;
  c.controlPoints.resize(st.set.molds.size());
  c.pairs.resize(st.set.molds.size());
  const BSplineShape& shape = st.problem.shape;
  for (std::size_t k = 0; k < st.set.molds.size(); ++k) {
    const MoldConstraint& mold = st.set.molds[k];
    if (mold.polygon.isConvex()) continue;
    if (mold.keepControlPointsInside)
      for (int j : leavingCandidates(shape.count, q0, q1, mold.polygon))
        if (!st.exemptControlPoints[k][static_cast<std::size_t>(j)]) c.controlPoints[k].push_back(j);
    c.pairs[k] = crossingCandidates(shape, q0, q1, mold.polygon);
  }
  return c;
}

// True when state q, a state of the path `candidates` were found for, violates a concave mold
// (the events of section 5.2.1): the same answer as testing q with moldStateLegal.
bool moldEvent(const ContactState& st, const PathCandidates& candidates, const Eigen::VectorXd& q) {
  for (std::size_t k = 0; k < st.set.molds.size(); ++k) {
    const MoldConstraint& mold = st.set.molds[k];
    if (mold.polygon.isConvex()) continue;
    if (concaveMoldViolated(st.problem.shape, q, mold.polygon, candidates.controlPoints[k], &candidates.pairs[k]))
      return true;
  }
  return false;
}

// Adds the halfspaces of control points outside a concave mold at state q (Fig. 3); true when
// one was added.
bool activateControlPointContacts(ContactState& st, const Eigen::VectorXd& q) {
  const BSplineShape& shape = st.problem.shape;
  for (std::size_t k = 0; k < st.set.molds.size(); ++k) {
    const MoldConstraint& mold = st.set.molds[k];
    if (mold.polygon.isConvex() || !mold.keepControlPointsInside) continue;
    for (int j = 0; j < shape.count; ++j) {
      if (st.exemptControlPoints[k][static_cast<std::size_t>(j)]) continue;
      const InclusionResult r = classifyPoint(mold.polygon, q.segment<2>(2 * j));
      if (r.distance >= -kInsideTolerance) continue;
      // Fig. 3: an edge activates its halfspace, a vertex both neighbouring halfspaces.
      std::vector<int> edges;
      if (r.entity == MoldEntity::Edge) edges = {r.index};
      else edges = {(r.index - 1 + mold.polygon.size()) % mold.polygon.size(), r.index};
      bool added = false;
      for (int e : edges) {
        bool exists = false;
        for (const MoldContact& c : st.contacts)
          exists = exists || (c.kind == MoldContact::Kind::ControlPointEdge && c.mold == int(k) && c.feature == e &&
                              c.controlPoint == j);
        if (!exists) st.contacts.push_back({MoldContact::Kind::ControlPointEdge, int(k), e, j, 0.0, 0.0});
        added = added || !exists;
      }
      if (added) return true;
    }
  }
  return false;
}

// Adds (or updates) the contact that the first event at qHit / qSafe calls for; true when a new
// constraint was activated (false: an active contact slid along the curve).
bool activateContact(ContactState& st, const Eigen::VectorXd& qSafe, const Eigen::VectorXd& qHit) {
  const BSplineShape& shape = st.problem.shape;
  if (activateControlPointContacts(st, qHit)) return true;
  // A curve contact: the mold feature nearest to the curve at the last legal state.
  double bestGap = std::numeric_limits<double>::infinity();
  int bestMold = -1;
  MoldTouch best;
  for (std::size_t k = 0; k < st.set.molds.size(); ++k) {
    if (st.set.molds[k].polygon.isConvex()) continue;
    const MoldTouch t = nearestTouch(shape, qSafe, st.set.molds[k].polygon);
    if (t.gap < bestGap) { bestGap = t.gap; best = t; bestMold = int(k); }
  }
  if (bestMold < 0) return false;
  const MoldContact::Kind kind =
      best.type == MoldTouch::Type::Vertex ? MoldContact::Kind::VertexRing : MoldContact::Kind::CurvePointEdge;
  const double span = 1.0 / shape.spanCount();
  for (MoldContact& c : st.contacts)
    if (c.kind == kind && c.mold == bestMold && c.feature == best.feature && std::abs(c.u - best.u) < span) {
      c.u = best.u;  // the same contact, slid along the curve
      return false;
    }
  st.contacts.push_back({kind, bestMold, best.feature, -1, best.u, 0.0});
  return true;
}

bool anyVertexRing(const ContactState& st) {
  for (const MoldContact& c : st.contacts)
    if (c.kind == MoldContact::Kind::VertexRing) return true;
  return false;
}

// The curve through a reflex vertex v held by a ring stays out of the obstacle near v when
// neither of its directions ±r'(u) points into the obstacle's wedge between v's edges a (into v)
// and b (out of v): n_a·r' and n_b·r' of opposite signs. Two unilateral rows s n_a·r'(u) >= 0,
// -s n_b·r'(u) >= 0 keep that, with the sign pattern least violated at state q (the legal one
// when q touches v). They are the limit of a type-1 contact (section 5.2.1) whose touching point
// has run into the vertex: a curve pulled round a tooth's tip toward its flank meets the flank
// first at the tip, where the flank has no parallel tangent point to activate.
void appendWedgeRows(const BSplineShape& shape, const Eigen::VectorXd& q, double u, const MoldPolygon& mold, int v,
                     int owner, std::vector<LinearConstraint>& rows) {
  const Eigen::Vector2d na = mold.inwardNormal((v - 1 + mold.size()) % mold.size());
  const Eigen::Vector2d nb = mold.inwardNormal(v);
  const Eigen::Vector2d t = curveDerivative(shape, q, u);
  const double a = na.dot(t), b = nb.dot(t);
  const double s = std::min(a, -b) >= std::min(-a, b) ? 1.0 : -1.0;
  rows.push_back(curvePointRow(shape, u, 1, s * na, 0.0, ConstraintSense::Inequality, owner));
  rows.push_back(curvePointRow(shape, u, 1, -s * nb, 0.0, ConstraintSense::Inequality, owner));
}

struct PassRows {
  std::vector<LinearConstraint> rows;
  std::vector<RowTag> tags;
};

// The rows of one pass at state q, at the parameters the contacts and rings hold now: fixed
// rows, rings, convex molds' halfspaces and the active contacts. A vertex ring is its normal row
// at the closest point (Chen & Wu's ring), or, with exactVertexRings, r(u) = v and its wedge rows.
PassRows passRows(const ContactState& st, const Eigen::VectorXd& q, bool paperMethod, bool exactVertexRings) {
  const BSplineShape& shape = st.problem.shape;
  const CurveConstraintSet& constraints = st.set;
  PassRows p;
  std::vector<LinearConstraint>& rows = p.rows;
  std::vector<RowTag>& tags = p.tags;
  rows = constraints.rows;
  tags.assign(rows.size(), RowTag{RowSource::Fixed, 0});
  for (std::size_t k = 0; k < tags.size(); ++k) tags[k].index = int(k);
  for (std::size_t k = 0; k < st.rings.size(); ++k) {
    const RingConstraint& ring = st.rings[k];
    if (paperMethod) {
      rows.push_back(ringRow(shape, q, ring.u, ring.point));
      tags.push_back({RowSource::Ring, int(k)});
    } else {
      appendThumbnailRows(shape, ring.u, ring.point, ring.owner, rows);  // r(u) = p* exactly
      tags.push_back({RowSource::Ring, int(k)});
      tags.push_back({RowSource::Ring, int(k)});
    }
  }
  for (std::size_t k = 0; k < constraints.molds.size(); ++k) {
    const MoldConstraint& mold = constraints.molds[k];
    if (!mold.polygon.isConvex()) continue;
    for (int e = 0; e < mold.polygon.size(); ++e) {
      const Eigen::Vector2d n = mold.polygon.inwardNormal(e);
      for (int j = 0; j < shape.count; ++j) {
        rows.push_back(controlPointHalfspaceRow(j, n, n.dot(mold.polygon.vertex(e)), mold.owner));
        tags.push_back({RowSource::ConvexMold, int(k)});
      }
    }
  }
  for (std::size_t c = 0; c < st.contacts.size(); ++c) {
    const MoldContact& contact = st.contacts[c];
    const MoldPolygon& poly = constraints.molds[static_cast<std::size_t>(contact.mold)].polygon;
    const int owner = constraints.molds[static_cast<std::size_t>(contact.mold)].owner;
    if (contact.kind == MoldContact::Kind::ControlPointEdge) {
      const Eigen::Vector2d n = poly.inwardNormal(contact.feature);
      rows.push_back(controlPointHalfspaceRow(contact.controlPoint, n, n.dot(poly.vertex(contact.feature)), owner));
    } else if (contact.kind == MoldContact::Kind::CurvePointEdge) {
      const Eigen::Vector2d n = poly.inwardNormal(contact.feature);
      rows.push_back(curvePointRow(shape, contact.u, 0, n, n.dot(poly.vertex(contact.feature)),
                                   ConstraintSense::Inequality, owner));
    } else if (exactVertexRings) {
      appendThumbnailRows(shape, contact.u, poly.vertex(contact.feature), owner, rows);
      tags.push_back({RowSource::ExactVertexRing, int(c)});
      tags.push_back({RowSource::ExactVertexRing, int(c)});
      appendWedgeRows(shape, q, contact.u, poly, contact.feature, owner, rows);
      tags.push_back({RowSource::VertexWedge, int(c)});
      tags.push_back({RowSource::VertexWedge, int(c)});
      continue;
    } else {
      rows.push_back(ringRow(shape, q, contact.u, poly.vertex(contact.feature)));
      rows.back().owner = owner;
    }
    tags.push_back({RowSource::Contact, int(c)});
  }
  return p;
}

}  // namespace

std::vector<bool> controlPointsOutside(const BSplineShape& shape, const Eigen::VectorXd& q0, const MoldPolygon& mold) {
  std::vector<bool> outside(static_cast<std::size_t>(shape.count));
  for (int j = 0; j < shape.count; ++j) outside[static_cast<std::size_t>(j)] = !classifyPoint(mold, q0.segment<2>(2 * j)).inside;
  return outside;
}

bool moldStateLegal(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldConstraint& mold,
                    const std::vector<bool>& exemptControlPoints) {
  if (mold.polygon.isConvex()) {
    // The contact rows of section 5.2: every control point in every edge's halfspace.
    const double tolerance = 1e-9 * std::max(1.0, q.cwiseAbs().maxCoeff());
    for (int e = 0; e < mold.polygon.size(); ++e)
      for (int j = 0; j < shape.count; ++j)
        if (mold.polygon.edgeDistance(e, q.segment<2>(2 * j)) < -tolerance) return false;
    return true;
  }
  std::vector<int> checked;
  if (mold.keepControlPointsInside)
    for (int j = 0; j < shape.count; ++j) {
      const bool exempt = static_cast<std::size_t>(j) < exemptControlPoints.size() && exemptControlPoints[static_cast<std::size_t>(j)];
      if (!exempt) checked.push_back(j);
    }
  return !concaveMoldViolated(shape, q, mold.polygon, checked, nullptr);
}

CurveSolveResult solveCurveEquilibrium(const CurveProblem& problem, const Eigen::VectorXd& q0,
                                       const CurveConstraintSet& constraints, const CurveSolveOptions& options) {
  CurveSolveResult out;
  const BSplineShape& shape = problem.shape;
  const QuadraticEnergy energy = buildQuadraticEnergy(problem, q0);
  DirectEquilibrium direct;
  direct.setHessian(energy.hessian, problem.frozen);
  std::unique_ptr<EulerStepper> euler;
  if (options.paperMethod) euler = std::make_unique<EulerStepper>(energy, problem.frozen);

  ContactState st{problem, constraints, constraints.rings, {}, {}, {}};
  st.ringSearch.assign(constraints.rings.size(), RingSearch{});
  for (RingSearch& r : st.ringSearch) {
    r.spans = shape.spanCount();
    r.closed = shape.closed;
  }
  for (const MoldConstraint& mold : constraints.molds) st.exemptControlPoints.push_back(controlPointsOutside(shape, q0, mold.polygon));
  const bool concave = anyConcave(constraints);
  if (concave)
    for (const MoldConstraint& mold : constraints.molds)
      if (!mold.polygon.isConvex() && curveCrossesBoundary(shape, q0, mold.polygon))
        out.warnings.push_back("the curve starts on or across a concave mold's boundary; the paper assumes it starts inside");

  const double scale = std::max(1.0, q0.cwiseAbs().maxCoeff());
  const int maxIterations = options.maxIterations > 0 ? options.maxIterations : (options.paperMethod ? 2000000 : 300);
  Eigen::VectorXd q = q0;
  int stalls = 0;
  for (int iter = 0; iter < maxIterations; ++iter) {
    out.iterations = iter + 1;
    // 1. Where this pass's rows sit on the curve, then the rows.
    for (std::size_t k = 0; k < st.rings.size(); ++k) {
      RingConstraint& ring = st.rings[k];
      if (options.paperMethod) {
        // Dynamics: the frictionless ring as its normal row at the closest point.
        if (iter % 8 == 0) ring.u = closestParameter(shape, q, ring.point, iter == 0 ? -1.0 : ring.u);
      } else if (iter == 0) {
        ring.u = closestParameter(shape, q, ring.point, -1.0);
      } else if (st.ringSearch[k].step > 0.0) {
        ring.u = st.ringSearch[k].next(ring.u);  // Direct: u moves by RingSearch on dE*/du = -λ·r'(u).
      }
    }
    for (MoldContact& contact : st.contacts) {
      const MoldPolygon& poly = constraints.molds[static_cast<std::size_t>(contact.mold)].polygon;
      if (contact.kind == MoldContact::Kind::CurvePointEdge)
        contact.u = parallelTangentPoint(shape, q, poly, contact.feature, contact.u);
      else if (contact.kind == MoldContact::Kind::VertexRing)
        contact.u = closestParameter(shape, q, poly.vertex(contact.feature), contact.u);
    }
    PassRows pass = passRows(st, q, options.paperMethod, false);

    // 2. Proposal.
    Eigen::VectorXd proposal = q;
    Eigen::VectorXd lambda;
    if (options.paperMethod) {
      lambda = euler->step(proposal, pass.rows);
    } else {
      EquilibriumResult eq = direct.solve(energy.linear, q, pass.rows);
      if (eq.solved && anyVertexRing(st)) {
        // Vertex rings held exactly where the curve slid to (passRows): the normal row lets a
        // ring's point slide along the tangent, so the proposal passes the vertex on the
        // obstacle's side by a second-order amount; resolved with r(u) = v at the slid point.
        for (MoldContact& contact : st.contacts)
          if (contact.kind == MoldContact::Kind::VertexRing)
            contact.u = closestParameter(shape, eq.q, constraints.molds[static_cast<std::size_t>(contact.mold)].polygon.vertex(contact.feature), contact.u);
        pass = passRows(st, q, false, true);
        eq = direct.solve(energy.linear, q, pass.rows);
      }
      out.convex = eq.convex;
      if (!eq.solved) {
        out.stopReason = eq.failure;
        break;
      }
      proposal = eq.q;
      lambda = eq.lambda;
    }
    const std::vector<RowTag>& tags = pass.tags;
    if (!options.paperMethod) {
      // dE*/du = -λ·r'(u) with λ the ring's two multipliers (the force on the curve).
      for (std::size_t k = 0; k < st.rings.size(); ++k) {
        Eigen::Vector2d force = Eigen::Vector2d::Zero();
        int component = 0;
        for (std::size_t r = 0; r < tags.size(); ++r)
          if (tags[r].source == RowSource::Ring && tags[r].index == int(k)) force[component++] = lambda[int(r)];
        st.ringSearch[k].g = -force.dot(curveDerivative(shape, proposal, st.rings[k].u));
      }
    }
    for (std::size_t r = 0; r < tags.size(); ++r) {
      if (tags[r].source == RowSource::Contact) st.contacts[static_cast<std::size_t>(tags[r].index)].force = lambda[int(r)];
      if (tags[r].source != RowSource::ExactVertexRing) continue;
      // The two rows of r(u) = v: the force on the curve, its normal part the contact's force.
      MoldContact& contact = st.contacts[static_cast<std::size_t>(tags[r].index)];
      const Eigen::Vector2d t = curveDerivative(shape, proposal, contact.u);
      contact.force = Eigen::Vector2d(lambda[int(r)], lambda[int(r) + 1]).dot(Eigen::Vector2d(t.y(), -t.x()).normalized());
      ++r;
    }

    // Release vertex rings whose pseudo-contact force would pull the curve into the obstacle.
    bool released = false;
    for (std::size_t c = 0; c < st.contacts.size();) {
      MoldContact& contact = st.contacts[c];
      if (contact.kind == MoldContact::Kind::VertexRing) {
        const MoldPolygon& poly = constraints.molds[static_cast<std::size_t>(contact.mold)].polygon;
        Eigen::Vector2d t = curveDerivative(shape, q, contact.u).normalized();
        const Eigen::Vector2d force = contact.force * Eigen::Vector2d(t.y(), -t.x());
        if (force.dot(cavityDirection(poly, contact.feature)) < -1e-12 * std::max(1.0, energy.linear.cwiseAbs().maxCoeff())) {
          st.contacts.erase(st.contacts.begin() + static_cast<long>(c));
          released = true;
          continue;
        }
      }
      ++c;
    }
    if (released) continue;

    // 3. First event along the way (concave molds).
    const double move = (proposal - q).cwiseAbs().maxCoeff();
    if (concave) {
      // The first event along q + s (proposal - q): coarse samples, then bisection.
      const PathCandidates candidates = pathCandidates(st, q, proposal);
      const bool endLegal = !moldEvent(st, candidates, proposal);
      double hi = endLegal ? -1.0 : 1.0;
      for (int k = 1; k < 8 && (hi < 0.0 || k / 8.0 < hi); ++k)
        if (moldEvent(st, candidates, q + (k / 8.0) * (proposal - q))) { hi = k / 8.0; break; }
      if (hi > 0.0) {
        double lo = 0.0;
        for (int it = 0; it < 50; ++it) {
          const double mid = 0.5 * (lo + hi);
          if (moldEvent(st, candidates, q + mid * (proposal - q))) hi = mid; else lo = mid;
        }
        const Eigen::VectorXd qSafe = q + lo * (proposal - q);
        // An active contact sliding along the curve crosses only transiently (a vertex ring's
        // point moving round its vertex): when that is the first event, what makes the end
        // illegal lies farther along, and a control point leaving there is activated at once
        // (without it the next pass stops at the same transient crossing for ever).
        const bool added = activateContact(st, qSafe, q + hi * (proposal - q)) ||
                           (!endLegal && activateControlPointContacts(st, proposal));
        // Between two legal states such a transient crossing is held by the contact's own
        // constraint, so a legal proposal is taken.
        if (added || !endLegal) {
          stalls = lo < 1e-9 ? stalls + 1 : 0;
          q = qSafe;
          if (stalls > 25) {
            out.stopReason = "mold contacts did not settle (the state stays legal)";
            break;
          }
          continue;
        }
      }
    }
    q = proposal;
    stalls = 0;
    if (!options.paperMethod && st.rings.empty() && !concave) {
      // Fixed rows and convex molds only: the first direct solve is the exact equilibrium.
      out.converged = true;
      out.stopReason = "equilibrium";
      break;
    }

    // 4. Convergence: rings on their points, the state at rest.
    double ringError = 0.0;
    for (std::size_t k = 0; k < st.rings.size(); ++k) {
      const RingConstraint& ring = st.rings[k];
      if (options.paperMethod) {
        ringError = std::max(ringError, (curvePoint(shape, q, closestParameter(shape, q, ring.point, ring.u)) - ring.point).norm());
      } else {
        // Settled when the tangential force is gone or u no longer moves (a bracket closed to
        // round-off, or an end of an open curve reached).
        const double g = std::abs(st.ringSearch[k].g);
        const bool still = iter > 0 && st.ringSearch[k].step < 1e-14;
        if (!(g <= 1e-10 * std::max(1.0, energy.linear.cwiseAbs().maxCoeff()) || still)) ringError = 1.0;
      }
    }
    const double stepTolerance = options.paperMethod ? options.tolerance * scale : 1e-10 * scale;
    if (ringError <= 1e-11 * scale && move <= stepTolerance) {
      out.converged = true;
      out.stopReason = options.paperMethod ? "net force below tolerance" : "equilibrium";
      break;
    }
  }
  if (out.stopReason.empty()) out.stopReason = "iteration limit";
  out.q = q;
  out.energy = potentialEnergy(problem, q, q0);
  out.contacts = st.contacts;
  for (const RingConstraint& r : st.rings) out.ringU.push_back(options.paperMethod ? closestParameter(shape, q, r.point, r.u) : r.u);
  out.minClearance = std::numeric_limits<double>::infinity();
  for (const MoldConstraint& m : constraints.molds) out.minClearance = std::min(out.minClearance, curveClearance(shape, q, m.polygon));
  for (const MoldContact& c : st.contacts)
    if (c.kind == MoldContact::Kind::VertexRing || c.force > 1e-12) ++out.activeContacts;
  for (const LinearConstraint& row : constraints.rows)
    if (row.sense == ConstraintSense::Inequality && std::abs(row.value(q)) < 1e-9 * scale) ++out.activeContacts;
  for (const MoldConstraint& m : constraints.molds)
    if (m.polygon.isConvex())
      for (int e = 0; e < m.polygon.size(); ++e)
        for (int j = 0; j < shape.count; ++j)
          if (std::abs(m.polygon.edgeDistance(e, q.segment<2>(2 * j))) < 1e-9 * scale) ++out.activeContacts;
  return out;
}

}  // namespace flexure
