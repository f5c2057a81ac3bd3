#include <catch2/catch.hpp>
#include <cmath>

#include "flexure/curves/curve_basis_row.h"
#include "flexure/curves/curve_contact_solver.h"
#include "flexure/curves/curve_mold_geometry.h"
#include "flexure/curves/mold_polygon.h"

#include "curve_test_support.h"

using namespace flexure;
using flexure::test::straightCurve;

namespace {
// Fig. 4: a square with a triangular obstacle rising from the floor (tip at (2, 2)).
MoldPolygon figure4() { return MoldPolygon::fromFlat({0, 0, 1.5, 0, 2, 2, 2.5, 0, 4, 0, 4, 4, 0, 4}); }

double worstSample(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold, int samples = 20000) {
  double worst = 1e300;
  for (int i = 0; i <= samples; ++i)
    worst = std::min(worst, classifyPoint(mold, curvePoint(shape, q, double(i) / samples)).distance);
  return worst;
}
}  // namespace

TEST_CASE("point inclusion by regions of responsibility (section 5.2.2)", "[mold]") {
  const MoldPolygon square = MoldPolygon::fromFlat({0, 0, 0, 2, 2, 2, 2, 0});  // clockwise input
  CHECK(square.signedArea() > 0.0);
  CHECK(square.isConvex());
  InclusionResult r = classifyPoint(square, {1.0, 0.5});
  CHECK(r.inside);
  CHECK(r.distance == Approx(0.5));
  CHECK(r.entity == MoldEntity::Edge);
  r = classifyPoint(square, {1.0, -0.3});  // outside below the floor: the floor edge
  CHECK_FALSE(r.inside);
  CHECK(r.entity == MoldEntity::Edge);
  CHECK(r.distance == Approx(-0.3));
  CHECK(square.edgeDistance(r.index, {1.0, -0.3}) == Approx(-0.3));
  r = classifyPoint(square, {2.5, 2.5});  // outside beyond a convex corner: the vertex (two halfspaces)
  CHECK_FALSE(r.inside);
  CHECK(r.entity == MoldEntity::Vertex);
  CHECK((square.vertex(r.index) - Eigen::Vector2d(2, 2)).norm() < 1e-15);
  CHECK(r.distance == Approx(-std::sqrt(0.5)));
  r = classifyPoint(square, {1.0, 2.0});  // on an edge
  CHECK(r.inside);
  CHECK(r.distance == Approx(0.0).margin(1e-15));
  r = classifyPoint(square, {0.0, 0.0});  // on a vertex
  CHECK(r.inside);
  CHECK(r.distance == Approx(0.0).margin(1e-15));

  const MoldPolygon fig4 = figure4();
  CHECK_FALSE(fig4.isConvex());
  int tip = -1;
  for (int i = 0; i < fig4.size(); ++i)
    if ((fig4.vertex(i) - Eigen::Vector2d(2, 2)).norm() < 1e-12) tip = i;
  REQUIRE(tip >= 0);
  CHECK(fig4.isReflex(tip));
  r = classifyPoint(fig4, {2.0, 2.3});  // above the tip, in the cavity: the reflex vertex is responsible
  CHECK(r.inside);
  CHECK(r.entity == MoldEntity::Vertex);
  CHECK(r.index == tip);
  CHECK(r.distance == Approx(0.3));
  r = classifyPoint(fig4, {2.0, 1.5});  // inside the obstacle, just below the tip
  CHECK_FALSE(r.inside);
  CHECK(r.entity == MoldEntity::Edge);
  r = classifyPoint(fig4, {1.0, 0.5});  // cavity beside the obstacle
  CHECK(r.inside);
  r = classifyPoint(fig4, {1.5, 0.0});  // the concave corner at the obstacle's foot
  CHECK(r.inside);
  CHECK(r.distance == Approx(0.0).margin(1e-15));
  r = classifyPoint(fig4, {1.45, 0.05});  // just inside the concave corner
  CHECK(r.inside);
  r = classifyPoint(fig4, {1.6, 0.05});  // just inside the obstacle near its foot
  CHECK_FALSE(r.inside);
}

TEST_CASE("exact crossing test and the nearest touch features", "[mold]") {
  const MoldPolygon fig4 = figure4();
  const BSplineShape shape{10, false};
  Eigen::VectorXd above = straightCurve(10, {0.5, 2.5}, {3.5, 2.5});
  CHECK_FALSE(curveMeetsBoundary(shape, above, fig4));
  CHECK(curveClearance(shape, above, fig4) == Approx(0.5).epsilon(1e-6));
  const MoldTouch t = nearestTouch(shape, above, fig4);
  CHECK(t.type == MoldTouch::Type::Vertex);  // the tip is the nearest feature (type-2)
  CHECK(t.gap == Approx(0.5).epsilon(1e-9));
  Eigen::VectorXd through = straightCurve(10, {0.5, 1.8}, {3.5, 1.8});
  CHECK(curveMeetsBoundary(shape, through, fig4));
}

TEST_CASE("concave mold: a curve pushed into the obstacle's tip never crosses the boundary", "[mold]") {
  CurveProblem problem;
  problem.shape = {14, false};
  problem.alpha = {0.1};
  problem.beta = {1.0};
  problem.forces.push_back({0.5, Eigen::Vector2d(0.0, -150.0)});
  const Eigen::VectorXd q0 = straightCurve(14, {0.4, 2.6}, {3.6, 2.6});
  CurveConstraintSet set;
  appendThumbnailRows(problem.shape, 0.0, {0.4, 2.6}, 0, set.rows);
  appendThumbnailRows(problem.shape, 1.0, {3.6, 2.6}, 1, set.rows);
  set.molds.push_back({figure4(), true, 2});

  // Without the mold the force would push the curve far through the obstacle.
  CurveConstraintSet free = set;
  free.molds.clear();
  const CurveSolveResult unconstrained = solveCurveEquilibrium(problem, q0, free);
  CHECK(curvePoint(problem.shape, unconstrained.q, 0.5).y() < 1.5);

  const CurveSolveResult r = solveCurveEquilibrium(problem, q0, set);
  INFO(r.stopReason);
  CHECK(worstSample(problem.shape, r.q, figure4()) >= -1e-9);
  CHECK(r.minClearance >= -1e-9);
  // Type-2 contact: a ring on the tip, and the curve rests on it.
  bool ring = false;
  for (const MoldContact& c : r.contacts) ring = ring || c.kind == MoldContact::Kind::VertexRing;
  CHECK(ring);
  const double u = closestParameter(problem.shape, r.q, {2.0, 2.0});
  CHECK((curvePoint(problem.shape, r.q, u) - Eigen::Vector2d(2, 2)).norm() < 1e-6);

  // A second force (Fig. 4c) edits it further, still inside.
  problem.forces.push_back({0.22, Eigen::Vector2d(0.0, -120.0)});
  const CurveSolveResult r2 = solveCurveEquilibrium(problem, r.q, set);
  CHECK(worstSample(problem.shape, r2.q, figure4()) >= -1e-9);
  CHECK(curvePoint(problem.shape, r2.q, 0.22).y() < curvePoint(problem.shape, r.q, 0.22).y());

  // Releasing: an upward force lifts the curve off the tip and the ring is released.
  CurveProblem lifted = problem;
  lifted.forces = {{0.5, Eigen::Vector2d(0.0, 80.0)}};
  const CurveSolveResult r3 = solveCurveEquilibrium(lifted, r.q, set);
  for (const MoldContact& c : r3.contacts) CHECK(c.kind != MoldContact::Kind::VertexRing);
  CHECK(curvePoint(problem.shape, r3.q, 0.5).y() > 2.6);
  CHECK(worstSample(problem.shape, r3.q, figure4()) >= -1e-9);
}

TEST_CASE("convex mold: control points kept in every halfspace keep the curve inside", "[mold]") {
  CurveProblem problem;
  problem.shape = {16, false};
  problem.alpha = {1.0};
  problem.beta = {0.5};
  problem.pressures.push_back({0.0, 1.0, 1.0, 1.0});
  problem.forces.push_back({1.0, Eigen::Vector2d(6.0, -8.0)});
  const Eigen::VectorXd q0 = straightCurve(16, {0.5, 1.5}, {3.5, 1.5});
  CurveConstraintSet set;
  appendThumbnailRows(problem.shape, 0.0, {0.5, 1.5}, 0, set.rows);
  const MoldPolygon mold = MoldPolygon::fromFlat({0, 0.6, 0.6, 0, 3.4, 0, 4, 0.6, 4, 2.4, 3.4, 3, 0.6, 3, 0, 2.4});
  set.molds.push_back({mold, true, 1});
  const CurveSolveResult r = solveCurveEquilibrium(problem, q0, set);
  REQUIRE(r.converged);
  for (int j = 0; j < 16; ++j) CHECK(classifyPoint(mold, r.q.segment<2>(2 * j)).distance >= -1e-10);
  CHECK(worstSample(problem.shape, r.q, mold) >= -1e-10);
  CHECK(r.activeContacts > 0);
}

TEST_CASE("type-1 contact: the parallel tangent point rests on an edge of a concave mold", "[mold]") {
  CurveProblem problem;
  problem.shape = {16, false};
  problem.alpha = {0.1};
  problem.beta = {1.0};
  problem.forces.push_back({0.5, Eigen::Vector2d(0.0, 200.0)});  // up, towards the ceiling y = 4
  const Eigen::VectorXd q0 = straightCurve(16, {0.4, 3.5}, {3.6, 3.5});
  CurveConstraintSet set;
  appendThumbnailRows(problem.shape, 0.0, {0.4, 3.5}, 0, set.rows);
  appendThumbnailRows(problem.shape, 1.0, {3.6, 3.5}, 1, set.rows);
  set.molds.push_back({figure4(), false, 2});  // only the curve itself is checked
  const CurveSolveResult r = solveCurveEquilibrium(problem, q0, set);
  INFO(r.stopReason);
  bool edgeContact = false;
  for (const MoldContact& c : r.contacts)
    if (c.kind == MoldContact::Kind::CurvePointEdge) {
      edgeContact = true;
      CHECK(c.force > 0.0);                                               // the wall pushes back
      CHECK(curvePoint(problem.shape, r.q, c.u).y() == Approx(4.0).margin(1e-9));  // resting on it
      CHECK(std::abs(curveDerivative(problem.shape, r.q, c.u).y()) < 1e-6);       // parallel tangent
    }
  CHECK(edgeContact);
  CHECK(worstSample(problem.shape, r.q, figure4()) >= -1e-9);
  // Some control points end up outside the cavity: only the curve is constrained here.
  bool outside = false;
  for (int j = 0; j < 16; ++j) outside = outside || !classifyPoint(figure4(), r.q.segment<2>(2 * j)).inside;
  CHECK(outside);
}
