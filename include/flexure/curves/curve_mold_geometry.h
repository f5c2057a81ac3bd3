#pragma once
// Geometry between an MES curve and a polygonal mold (Chen & Wu section 5.2.1).
//
// Crossing test: on each span the signed distance of the curve to an edge's line,
// f(t) = n·r(t) - n·v, is a cubic in t; its roots are isolated exactly between the critical
// points of f and bisected, and a root whose point projects inside the edge is a curve-boundary
// intersection. Either intersection type of Fig. 1 shows up this way: type-1 as two roots on one
// edge, type-2 (an intruding vertex) as roots on the two edges of that vertex.
// Touch features (what the mold solver activates once the first contact is found):
//   type-1  the parallel tangent point of the curve nearest an edge (f'(t) = 0, the farthest
//           point of the curve towards that edge) → halfspace on that curve point;
//   type-2  a reflex mold vertex and its orthogonal projection on the curve → position ring.
#include <Eigen/Core>
#include <vector>

#include "flexure/curves/cubic_bspline.h"
#include "flexure/curves/mold_polygon.h"

namespace flexure {

// True when the curve meets the mold boundary anywhere (crossing or touching within `tolerance`).
bool curveMeetsBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold,
                        double tolerance = 0.0);

// True when the curve passes to the outside of the mold: at some intersection with an edge the
// curve, a step δ = 1e-8 (relative) along it on either side, is outside by more than 1e-11
// (relative). A curve that only touches the boundary (resting on a vertex through a ring, or
// tangent to an edge at a type-1 contact) does not cross.
bool curveCrossesBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold);

// The mold solver's event search (section 5.2.1, curve_contact_solver.h) tests up to 58 states
// on one straight path q(s) = q0 + s (q1 − q0), s ∈ [0, 1], per outer pass: the proposal, 7
// coarse samples and 50 bisection steps. Most of the crossing test's (edge, span) pairs and of
// the control points cannot change its answer anywhere on that path; these find, once per path,
// the ones that can (issue 17 item 3). Restricted to them the tests give the same answer at every
// state of the path as the full tests (the reasons are at the definitions; both are exact up to
// margins a million times the rounding of an interpolated state).
struct EdgeSpan {
  int edge = 0;
  int span = 0;
};
// The (edge, span) pairs of curveCrossesBoundary that may find a crossing at some state on the path.
std::vector<EdgeSpan> crossingCandidates(const BSplineShape& shape, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1,
                                         const MoldPolygon& mold);
// curveCrossesBoundary over these pairs only.
bool curveCrossesBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold,
                          const std::vector<EdgeSpan>& pairs);
// The control points (of `count`) that classifyPoint may place outside the mold, by any amount,
// at some state on the path; the others are inside (or on the boundary) at every state of it.
std::vector<int> leavingCandidates(int count, const Eigen::VectorXd& q0, const Eigen::VectorXd& q1, const MoldPolygon& mold);

// Smallest signed distance of the curve to the boundary (>= 0 when the curve is in the cavity):
// dense samples, refined around the minimum.
double curveClearance(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold);

struct MoldTouch {
  enum class Type { Edge, Vertex } type = Type::Edge;  // type-1 / type-2
  int feature = -1;  // edge or vertex index
  double u = 0.0;    // curve parameter of the touching point
  double gap = 0.0;  // distance from the curve to the feature (>= 0 in the cavity)
};

// The feature of the mold nearest to the curve among parallel tangent points over edges
// (type-1) and reflex vertices against their projection on the curve (type-2).
MoldTouch nearestTouch(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold);

// The parallel tangent point on `edge` near uHint (within one span): the local minimum of the
// curve's distance to the edge's line.
double parallelTangentPoint(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold, int edge,
                            double uHint);

}  // namespace flexure
