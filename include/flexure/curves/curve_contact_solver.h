#pragma once
// Equilibrium of one MES curve under all its constraints: fixed rows (thumbnails, tangents,
// halfspaces), position rings (u free) and mold cavities (Chen & Wu sections 5.1-5.3).
//
// Outer loop, each pass:
//   1. rings: u ← closest point of p* (frictionless ring: only the normal row
//      n̂(u)·(r(u) - p*) = 0 is imposed, so the curve slides through the ring until r(u) = p*);
//   2. a proposal under the current rows: the exact equilibrium (DirectEquilibrium, default) or
//      one Euler step of the paper's dynamics (EulerStepper, method "paper");
//   3. molds: convex molds keep every control point in every boundary halfspace (section 5.2,
//      variation diminishing property) as inequality rows of the contact problem. Concave molds
//      move along q + s(q_proposed - q) only up to the first event, found by bisection on s:
//      the curve meeting the boundary (exact cubic root test) or a control point leaving the
//      cavity (point inclusion test, section 5.2.2). The state backtracks to the last legal s
//      and the event activates a constraint: a type-1 contact (halfspace on the parallel
//      tangent point), a type-2 contact (position ring on the intruding vertex), or the
//      halfspaces of the violating edge / both edges of the violating vertex for a control point
//      (Fig. 3). A vertex ring is released when its pseudo-contact force points into the
//      obstacle instead of out of it (the curve retracts).
// Every accepted state has passed the crossing test, so the curve never crosses the boundary.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "flexure/curves/curve_energy.h"
#include "flexure/curves/linear_constraint.h"
#include "flexure/curves/mold_polygon.h"

namespace flexure {

struct RingConstraint {
  Eigen::Vector2d point = Eigen::Vector2d::Zero();
  double u = 0.5;  // current parameter of the ring on the curve (updated by the solver)
  int owner = -1;
};

struct MoldConstraint {
  MoldPolygon polygon;
  bool keepControlPointsInside = true;
  int owner = -1;
};

struct CurveConstraintSet {
  std::vector<LinearConstraint> rows;  // u fixed: thumbnails, tangents, halfspaces
  std::vector<RingConstraint> rings;
  std::vector<MoldConstraint> molds;
};

// A constraint activated by a mold during the solve.
struct MoldContact {
  enum class Kind { ControlPointEdge, CurvePointEdge, VertexRing } kind = Kind::CurvePointEdge;
  int mold = 0;
  int feature = 0;       // edge (halfspaces) or vertex (ring)
  int controlPoint = -1;  // ControlPointEdge only
  double u = 0.0;         // CurvePointEdge / VertexRing
  double force = 0.0;     // multiplier at the end of the solve
};

struct CurveSolveOptions {
  bool paperMethod = false;  // Euler iteration (Eq. 8) instead of the direct solve
  int maxIterations = -1;    // outer passes (direct) or Euler steps (paper); -1: default
  double tolerance = 1e-12;  // relative: ring distance, step size
};

struct CurveSolveResult {
  Eigen::VectorXd q;
  bool converged = false;
  std::string stopReason;
  int iterations = 0;
  double energy = 0.0;
  std::vector<MoldContact> contacts;
  int activeContacts = 0;      // inequality rows with positive force + vertex rings
  double minClearance = 0.0;   // smallest curve-to-mold clearance (infinity without molds)
  std::vector<double> ringU;   // final u of each ring
  std::vector<std::string> warnings;
  bool convex = true;
};

// Which control points of q0 lie outside the mold: a concave mold does not hold them to its
// cavity (the solve started with them out).
std::vector<bool> controlPointsOutside(const BSplineShape& shape, const Eigen::VectorXd& q0, const MoldPolygon& mold);

// Whether state q keeps `mold` as the solver requires of every state it accepts: a convex mold
// holds every control point in every edge's halfspace (to 1e-9 of the scale, the contact
// rows' accuracy); a concave mold is met when the curve does not cross its boundary and no
// control point but the exempt ones (controlPointsOutside at the solve's start) has left the
// cavity (the events of section 5.2.1, with the solver's own tolerances). The one verdict of
// the solver, the curves family's report (flexure-cli solve, the session, the constraint list).
bool moldStateLegal(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldConstraint& mold,
                    const std::vector<bool>& exemptControlPoints);

CurveSolveResult solveCurveEquilibrium(const CurveProblem& problem, const Eigen::VectorXd& q0,
                                       const CurveConstraintSet& constraints, const CurveSolveOptions& options = {});

}  // namespace flexure
