#include "flexure/curves/curve_benchmarks.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "flexure/curves/curve_contact_solver.h"
#include "flexure/curves/curve_energy.h"
#include "flexure/curves/direct_equilibrium.h"
#include "flexure/curves/euler_stepper.h"

namespace flexure {

namespace {

using Clock = std::chrono::steady_clock;
double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

Eigen::VectorXd straightCurve(int n) {
  Eigen::VectorXd q = Eigen::VectorXd::Zero(2 * n);
  for (int i = 0; i < n; ++i) q[2 * i] = double(i - 1) / double(n - 3);
  return q;
}

nlohmann::json benchLoadChange(int n, bool quick) {
  // A taut spline (α dominant, a little bending) nailed at both ends.
  CurveProblem problem;
  problem.shape = {n, false};
  problem.alpha = {1.0};
  problem.beta = {1e-6};
  std::vector<LinearConstraint> rows;
  appendThumbnailRows(problem.shape, 0.0, Eigen::Vector2d(0, 0), 0, rows);
  appendThumbnailRows(problem.shape, 1.0, Eigen::Vector2d(1, 0), 1, rows);
  const Eigen::VectorXd qStraight = straightCurve(n);
  const QuadraticEnergy unloaded = buildQuadraticEnergy(problem, qStraight);

  // Before the change: a downward force; after: a larger, tilted one at another place.
  const std::vector<PointLoad> before{{0.37, Eigen::Vector2d(0.0, -0.5)}};
  const std::vector<PointLoad> after{{0.61, Eigen::Vector2d(0.3, -1.0)}};

  // Cold: a fresh solver (assembly of the KKT matrix, factorization, solve); best of a few.
  DirectEquilibrium direct;
  EquilibriumResult r0;
  double coldSeconds = 1e300;
  for (int k = 0; k < (quick ? 3 : 10); ++k) {
    const auto coldStart = Clock::now();
    DirectEquilibrium fresh;
    fresh.setHessian(unloaded.hessian, {});
    r0 = fresh.solve(unloaded.linear + pointLoadVector(problem.shape, before), qStraight, rows);
    coldSeconds = std::min(coldSeconds, since(coldStart));
  }
  direct.setHessian(unloaded.hessian, {});
  direct.solve(unloaded.linear + pointLoadVector(problem.shape, before), qStraight, rows);  // factor once
  const Eigen::VectorXd qBefore = r0.q;

  // Direct: the load change only changes b; the factorization is reused.
  const int reps = quick ? 20 : 200;
  double best = 1e300;
  EquilibriumResult r1;
  for (int k = 0; k < reps; ++k) {
    const auto t = Clock::now();
    const Eigen::VectorXd b = unloaded.linear + pointLoadVector(problem.shape, after);
    r1 = direct.solve(b, qBefore, rows);
    best = std::min(best, since(t));
  }
  const Eigen::VectorXd qStar = r1.q;
  const double displacement = (qStar - qBefore).cwiseAbs().maxCoeff();
  const double tolerance = 1e-6;  // relative to the displacement the load change causes
  const double target = tolerance * displacement;

  // Euler (Eq. 8) from the same start to the same tolerance.
  CurveProblem loaded = problem;
  loaded.forces = after;
  const QuadraticEnergy energy = buildQuadraticEnergy(loaded, qStraight);
  EulerStepper euler(energy, {});
  Eigen::VectorXd q = qBefore;
  const double cap = quick ? (n > 200 ? 0.3 : 0.6) : (n > 200 ? 8.0 : 30.0);
  const auto t0 = Clock::now();
  long long iterations = 0;
  double error = (q - qStar).cwiseAbs().maxCoeff();
  std::vector<double> history{error};  // error after every 100 steps
  bool capped = false;
  double elapsed = 0.0;
  while (error > target) {
    for (int k = 0; k < 100; ++k) euler.step(q, rows);
    iterations += 100;
    error = (q - qStar).cwiseAbs().maxCoeff();
    history.push_back(error);
    elapsed = since(t0);
    if (elapsed > cap) {
      capped = true;
      break;
    }
  }
  double eulerSeconds = elapsed;
  double estimatedIterations = double(iterations);
  if (capped) {
    // Decay rate per step over the second half of the run (the slow modes dominate by then;
    // the true asymptotic rate is slower still, so this extrapolation flatters Euler).
    const std::size_t half = history.size() / 2;
    const double steps = 100.0 * double(history.size() - 1 - half);
    const double rate = std::pow(history.back() / std::max(history[half], 1e-300), 1.0 / std::max(1.0, steps));
    const double remaining = rate < 1.0 ? std::log(target / error) / std::log(rate) : 1e12;
    estimatedIterations = double(iterations) + std::max(0.0, remaining);
    eulerSeconds = elapsed / double(iterations) * estimatedIterations;
  }
  nlohmann::json j;
  j["control_points"] = n;
  j["direct_seconds"] = best;
  j["direct_cold_seconds"] = coldSeconds;
  j["direct_refinements"] = r1.refinements;
  j["euler_seconds"] = eulerSeconds;
  j["euler_iterations"] = estimatedIterations;
  j["euler_iterations_run"] = iterations;
  j["euler_seconds_per_step"] = elapsed / double(std::max<long long>(1, iterations));
  j["euler_capped"] = capped;
  j["euler_time_step"] = euler.timeStep();
  j["euler_final_relative_error"] = error / std::max(displacement, 1e-300);
  j["tolerance"] = "max|q - q*| <= 1e-6 max|q* - q_before|";
  j["ratio"] = eulerSeconds / best;
  j["ratio_cold"] = eulerSeconds / coldSeconds;
  if (capped) j["note"] = "Euler stopped at its time cap; euler_seconds extrapolates the measured decay rate";
  return j;
}

nlohmann::json benchMold200(bool quick) {
  // 50 control points × 4 edges = 200 halfspace rows; a pressure pushes the curve onto the floor.
  const int n = 50;
  CurveProblem problem;
  problem.shape = {n, false};
  problem.alpha = {1.0};
  problem.beta = {1e-3};
  problem.forces.push_back({0.3, Eigen::Vector2d(0.0, -3.0)});
  problem.forces.push_back({0.5, Eigen::Vector2d(0.0, -3.0)});
  problem.forces.push_back({0.7, Eigen::Vector2d(0.0, -3.0)});
  CurveConstraintSet set;
  appendThumbnailRows(problem.shape, 0.0, Eigen::Vector2d(0, 0), 0, set.rows);
  appendThumbnailRows(problem.shape, 1.0, Eigen::Vector2d(1, 0), 1, set.rows);
  set.molds.push_back({MoldPolygon::fromFlat({-0.2, -0.25, 1.2, -0.25, 1.2, 0.4, -0.2, 0.4}), true, 2});
  const Eigen::VectorXd q0 = straightCurve(n);
  const int reps = quick ? 3 : 20;
  double best = 1e300;
  CurveSolveResult r;
  for (int k = 0; k < reps; ++k) {
    const auto t = Clock::now();
    r = solveCurveEquilibrium(problem, q0, set);
    best = std::min(best, since(t));
  }
  nlohmann::json j;
  j["seconds"] = best;
  j["halfspace_constraints"] = 4 * n;
  j["active_contacts"] = r.activeContacts;
  j["min_mold_clearance"] = r.minClearance;
  j["converged"] = r.converged;
  j["what"] = "complete solve: energy assembly, KKT factorization, 200 compliance columns, pivoting LCP";
  return j;
}

}  // namespace

nlohmann::json runCurveBenchmarks(bool quick) {
  nlohmann::json j;
  j["cp100"] = benchLoadChange(100, quick);
  j["cp1000"] = benchLoadChange(1000, quick);
  j["mold200"] = benchMold200(quick);
  return j;
}

}  // namespace flexure
