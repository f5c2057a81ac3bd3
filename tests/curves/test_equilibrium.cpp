#include <catch2/catch.hpp>
#include <cmath>

#include "flexure/curves/curve_energy.h"
#include "flexure/curves/direct_equilibrium.h"

#include "curve_test_support.h"

using namespace flexure;
using flexure::test::straightCurve;

namespace {

EquilibriumResult solveProblem(const CurveProblem& problem, const Eigen::VectorXd& q0,
                               const std::vector<LinearConstraint>& rows) {
  const QuadraticEnergy e = buildQuadraticEnergy(problem, q0);
  DirectEquilibrium solver;
  solver.setHessian(e.hessian, problem.frozen);
  return solver.solve(e.linear, q0, rows);
}

}  // namespace

TEST_CASE("clamped curve under a tip load matches the Euler-Bernoulli cantilever", "[equilibrium]") {
  // With u ∈ [0,1] over a curve of length L, β∫|r''|² du = β L³ ∫ w_ss² ds while the beam stores
  // (EI/2) ∫ w_ss² ds, so EI = 2 β L³ and the tip deflection P L³/(3 EI) = P / (6 β).
  // A cubic B-spline represents the cubic beam deflection exactly and the energy's y part is
  // exactly the linear beam, so the match is to round-off.
  for (double length : {1.0, 3.0}) {
    CurveProblem problem;
    problem.shape = {12, false};
    problem.alpha = {0.0};
    problem.beta = {0.5};
    const double P = -0.01;
    problem.forces.push_back({1.0, Eigen::Vector2d(0.0, P)});
    const Eigen::VectorXd q0 = straightCurve(12, length);
    std::vector<LinearConstraint> rows;
    appendThumbnailRows(problem.shape, 0.0, Eigen::Vector2d(0, 0), 0, rows);  // w(0) = 0
    rows.push_back(tangentRow(problem.shape, 0.0, Eigen::Vector2d(1, 0), 1));  // w'(0) = 0
    const EquilibriumResult r = solveProblem(problem, q0, rows);
    REQUIRE(r.solved);
    const double EI = 2.0 * problem.beta[0] * length * length * length;
    const double expected = P * length * length * length / (3.0 * EI);
    CHECK(curvePoint(problem.shape, r.q, 1.0).y() == Approx(expected).epsilon(1e-9));
    // The deflection along the beam is the cubic P/(6EI)(3L s² - s³).
    const double s = 0.4 * length;
    CHECK(curvePoint(problem.shape, r.q, 0.4).y() ==
          Approx(P / (6.0 * EI) * (3.0 * length * s * s - s * s * s)).epsilon(1e-9));
  }
}

TEST_CASE("thumbnail and tangent constraints hold to 1e-10 after the direct solve", "[equilibrium]") {
  CurveProblem problem;
  problem.shape = {16, false};
  problem.alpha = {1.0};
  problem.beta = {0.05};
  problem.forces.push_back({0.3, Eigen::Vector2d(0.5, 2.0)});
  problem.pressures.push_back({0.5, 0.9, 0.3, 0.3});
  const Eigen::VectorXd q0 = straightCurve(16, 2.0);
  std::vector<LinearConstraint> rows;
  appendThumbnailRows(problem.shape, 0.0, Eigen::Vector2d(0, 0), 0, rows);
  appendThumbnailRows(problem.shape, 1.0, Eigen::Vector2d(1.8, 0.3), 1, rows);
  appendThumbnailRows(problem.shape, 0.55, Eigen::Vector2d(1.0, 0.6), 2, rows);
  rows.push_back(tangentRow(problem.shape, 0.2, Eigen::Vector2d(1, 1), 3));
  const EquilibriumResult r = solveProblem(problem, q0, rows);
  REQUIRE(r.solved);
  CHECK((curvePoint(problem.shape, r.q, 0.0) - Eigen::Vector2d(0, 0)).norm() < 1e-10);
  CHECK((curvePoint(problem.shape, r.q, 1.0) - Eigen::Vector2d(1.8, 0.3)).norm() < 1e-10);
  CHECK((curvePoint(problem.shape, r.q, 0.55) - Eigen::Vector2d(1.0, 0.6)).norm() < 1e-10);
  const Eigen::Vector2d t = curveDerivative(problem.shape, r.q, 0.2).normalized();
  CHECK(std::abs(t.x() - t.y()) < 1e-10);
  // Stationarity (Eq. 7 with constraint forces, Eq. 11): H q - b = Jᵀ λ.
  const QuadraticEnergy e = buildQuadraticEnergy(problem, q0);
  Eigen::VectorXd residual = e.gradient(r.q);
  for (std::size_t j = 0; j < rows.size(); ++j)
    for (const auto& [i, a] : rows[j].terms) residual[i] -= a * r.lambda[static_cast<Eigen::Index>(j)];
  CHECK(residual.cwiseAbs().maxCoeff() < 1e-8 * (1.0 + e.linear.cwiseAbs().maxCoeff()));
}

TEST_CASE("frozen control points stay put", "[equilibrium]") {
  CurveProblem problem;
  problem.shape = {8, false};
  problem.alpha = {0.2};
  problem.beta = {1.0};
  problem.forces.push_back({0.8, Eigen::Vector2d(0.0, 1.0)});
  problem.frozen.assign(16, false);
  for (int i = 0; i < 6; ++i) problem.frozen[static_cast<std::size_t>(i)] = true;
  const Eigen::VectorXd q0 = straightCurve(8, 1.0);
  const EquilibriumResult r = solveProblem(problem, q0, {});
  REQUIRE(r.solved);
  for (int i = 0; i < 6; ++i) CHECK(r.q[i] == q0[i]);
  CHECK(curvePoint(problem.shape, r.q, 1.0).y() > 0.0);
}
