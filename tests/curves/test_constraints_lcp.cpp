#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "flexure/curves/curve_contact_solver.h"
#include "flexure/curves/curve_energy.h"
#include "flexure/curves/direct_equilibrium.h"
#include "flexure/curves/euler_stepper.h"
#include "flexure/curves/mixed_lcp.h"

#include "curve_test_support.h"

using namespace flexure;
using flexure::test::straightCurve;

TEST_CASE("mixed LCP: complementarity on random contact problems, hinge rows at zero", "[lcp]") {
  std::mt19937 rng(7);
  std::normal_distribution<double> g;
  for (int trial = 0; trial < 40; ++trial) {
    const int m = 5 + trial % 30, n = m + 6;
    Eigen::MatrixXd J(m, n);
    for (int i = 0; i < m; ++i)
      for (int j = 0; j < n; ++j) J(i, j) = g(rng);
    const Eigen::MatrixXd A = J * J.transpose();  // Eq. 16 with M = I
    Eigen::VectorXd b(m);
    for (int i = 0; i < m; ++i) b[i] = g(rng);
    std::vector<ConstraintSense> sense(static_cast<std::size_t>(m), ConstraintSense::Inequality);
    for (int i = 0; i < m; i += 4) sense[static_cast<std::size_t>(i)] = ConstraintSense::Equality;
    const MixedLcpResult r = solveMixedLcp(A, b, sense);
    REQUIRE(r.solved);
    const double scale = 1.0 + b.cwiseAbs().maxCoeff();
    for (int i = 0; i < m; ++i) {
      if (sense[static_cast<std::size_t>(i)] == ConstraintSense::Equality) {
        CHECK(std::abs(r.a[i]) < 1e-9 * scale);
      } else {
        CHECK(r.lambda[i] >= 0.0);
        CHECK(r.a[i] >= -1e-9 * scale);
        CHECK(std::abs(r.lambda[i] * r.a[i]) < 1e-9 * scale * (1.0 + std::abs(r.lambda[i])));
      }
    }
  }
}

TEST_CASE("halfspace constraints: the direct solve satisfies lambda >= 0, C >= 0, lambda C = 0", "[lcp]") {
  CurveProblem problem;
  problem.shape = {20, false};
  problem.alpha = {1.0};
  problem.beta = {0.01};
  problem.forces.push_back({0.5, Eigen::Vector2d(0.0, -4.0)});
  problem.forces.push_back({0.3, Eigen::Vector2d(0.0, -2.0)});
  const Eigen::VectorXd q0 = straightCurve(20, {0, 0}, {1, 0});
  std::vector<LinearConstraint> rows;
  appendThumbnailRows(problem.shape, 0.0, {0, 0}, 0, rows);
  appendThumbnailRows(problem.shape, 1.0, {1, 0}, 1, rows);
  for (int j = 0; j < 20; ++j) rows.push_back(controlPointHalfspaceRow(j, Eigen::Vector2d(0.2, 1.0).normalized(), -0.15, 2));
  const QuadraticEnergy e = buildQuadraticEnergy(problem, q0);
  DirectEquilibrium solver;
  solver.setHessian(e.hessian, {});
  const EquilibriumResult r = solver.solve(e.linear, q0, rows);
  REQUIRE(r.solved);
  int active = 0;
  for (std::size_t k = 4; k < rows.size(); ++k) {
    const double c = r.constraintValues[static_cast<Eigen::Index>(k)], l = r.lambda[static_cast<Eigen::Index>(k)];
    CHECK(l >= 0.0);
    CHECK(c >= -1e-10);
    CHECK(std::abs(l * c) < 1e-10);
    if (l > 1e-9) ++active;
  }
  CHECK(active > 0);  // the loads really push the curve onto the halfspace
  CHECK((curvePoint(problem.shape, r.q, 0.0)).norm() < 1e-10);
}

TEST_CASE("position ring: the curve passes through p* to 1e-10, sliding freely", "[constraints]") {
  CurveProblem problem;
  problem.shape = {14, false};
  problem.alpha = {0.5};
  problem.beta = {0.2};
  problem.forces.push_back({0.9, Eigen::Vector2d(0.0, -3.0)});
  const Eigen::VectorXd q0 = straightCurve(14, {0, 0}, {2, 0});
  CurveConstraintSet set;
  appendThumbnailRows(problem.shape, 0.0, {0, 0}, 0, set.rows);
  appendThumbnailRows(problem.shape, 1.0, {2, 0}, 2, set.rows);
  set.rings.push_back({Eigen::Vector2d(1.2, 0.25), 0.5, 1});
  const CurveSolveResult r = solveCurveEquilibrium(problem, q0, set);
  INFO(r.stopReason << " after " << r.iterations);
  REQUIRE(r.converged);
  REQUIRE(r.ringU.size() == 1);
  CHECK(r.ringU[0] > 0.05);
  CHECK(r.ringU[0] < 0.95);
  CHECK((curvePoint(problem.shape, r.q, r.ringU[0]) - Eigen::Vector2d(1.2, 0.25)).norm() < 1e-10);
  // Frictionless ring: the constraint force is normal to the curve, so the energy cannot drop by
  // sliding the ring point along the curve: compare with nails at nearby parameters.
  for (double du : {-0.02, 0.02}) {
    CurveConstraintSet nailed;
    appendThumbnailRows(problem.shape, 0.0, {0, 0}, 0, nailed.rows);
    appendThumbnailRows(problem.shape, 1.0, {2, 0}, 2, nailed.rows);
    appendThumbnailRows(problem.shape, r.ringU[0] + du, {1.2, 0.25}, 1, nailed.rows);
    const CurveSolveResult other = solveCurveEquilibrium(problem, q0, nailed);
    CHECK(other.energy >= r.energy - 1e-9);
  }
}

TEST_CASE("the paper's Euler iteration (Eq. 8, 12) reaches the direct equilibrium", "[euler]") {
  CurveProblem problem;
  problem.shape = {10, false};
  problem.alpha = {1.0};
  problem.beta = {0.01};
  problem.forces.push_back({0.4, Eigen::Vector2d(0.5, -1.0)});
  const Eigen::VectorXd q0 = straightCurve(10, {0, 0}, {1, 0});
  CurveConstraintSet set;
  appendThumbnailRows(problem.shape, 0.0, {0, 0}, 0, set.rows);
  appendThumbnailRows(problem.shape, 1.0, {1, 0}, 1, set.rows);
  set.rows.push_back(tangentRow(problem.shape, 1.0, Eigen::Vector2d(1, -1), 2));
  const CurveSolveResult direct = solveCurveEquilibrium(problem, q0, set);
  CurveSolveOptions paper;
  paper.paperMethod = true;
  paper.tolerance = 1e-11;
  const CurveSolveResult euler = solveCurveEquilibrium(problem, q0, set, paper);
  REQUIRE(direct.converged);
  REQUIRE(euler.converged);
  CHECK((euler.q - direct.q).cwiseAbs().maxCoeff() < 1e-7);
  // Constraint forces keep Euler on the constraints at every step (C/Δt drift correction).
  CHECK((curvePoint(problem.shape, euler.q, 1.0) - Eigen::Vector2d(1, 0)).norm() < 1e-10);
}

TEST_CASE("a stiffer span bends less: non-homogeneous beta", "[energy]") {
  CurveProblem soft, mixed;
  soft.shape = mixed.shape = {12, false};
  soft.alpha = mixed.alpha = {0.0};
  soft.beta = {1.0};
  mixed.beta.assign(9, 1.0);
  for (int s = 0; s < 4; ++s) mixed.beta[static_cast<std::size_t>(s)] = 50.0;  // stiff root
  soft.forces = mixed.forces = {{1.0, Eigen::Vector2d(0.0, -0.01)}};
  const Eigen::VectorXd q0 = straightCurve(12, {0, 0}, {1, 0});
  CurveConstraintSet set;
  appendThumbnailRows(soft.shape, 0.0, {0, 0}, 0, set.rows);
  set.rows.push_back(tangentRow(soft.shape, 0.0, Eigen::Vector2d(1, 0), 1));
  const double tipSoft = curvePoint(soft.shape, solveCurveEquilibrium(soft, q0, set).q, 1.0).y();
  const double tipMixed = curvePoint(mixed.shape, solveCurveEquilibrium(mixed, q0, set).q, 1.0).y();
  CHECK(tipSoft < 0.0);
  CHECK(std::abs(tipMixed) < 0.6 * std::abs(tipSoft));
}
