#include <catch2/catch.hpp>
#include <cmath>

#include "flexure/curves/curve_basis_row.h"
#include "flexure/curves/curve_energy.h"

using namespace flexure;

namespace {

Eigen::VectorXd wavyPoints(int n, double amplitude = 0.3) {
  Eigen::VectorXd q(2 * n);
  for (int i = 0; i < n; ++i) {
    q[2 * i] = 0.37 * i + 0.05 * std::sin(1.3 * i);
    q[2 * i + 1] = amplitude * std::sin(0.9 * i) + 0.1 * std::cos(2.1 * i);
  }
  return q;
}

// Composite Simpson on [a, b] with many panels: an independent check of the exact quadrature.
template <class F>
double simpson(F f, double a, double b, int panels = 4000) {
  const double h = (b - a) / panels;
  double s = f(a) + f(b);
  for (int i = 1; i < panels; ++i) s += (i % 2 ? 4.0 : 2.0) * f(a + i * h);
  return s * h / 3.0;
}

}  // namespace

TEST_CASE("B-spline basis: partition of unity, derivatives against differences", "[bspline]") {
  for (bool closed : {false, true}) {
    const BSplineShape shape{9, closed};
    const Eigen::VectorXd q = wavyPoints(9);
    for (double u : {0.0, 0.013, 0.31, 0.5, 0.77, 0.999}) {
      const CubicBasis<double> b(0.37);
      CHECK(b.b[0] + b.b[1] + b.b[2] + b.b[3] == Approx(1.0));
      const double h = 1e-6;
      const double ua = std::clamp(u, h, 1.0 - h);
      const Eigen::Vector2d d1 = (curvePoint(shape, q, ua + h) - curvePoint(shape, q, ua - h)) / (2 * h);
      const Eigen::Vector2d d2 = (curveDerivative(shape, q, ua + h) - curveDerivative(shape, q, ua - h)) / (2 * h);
      CHECK((d1 - curveDerivative(shape, q, ua)).norm() < 1e-5 * (1.0 + d1.norm()));
      CHECK((d2 - curveDerivative(shape, q, ua, 2)).norm() < 1e-4 * (1.0 + d2.norm()));
    }
  }
  // A closed curve is C2 across the seam: u = 0 and u = 1 give the same point and derivatives.
  const BSplineShape ring{7, true};
  const Eigen::VectorXd q = wavyPoints(7);
  CHECK((curvePoint(ring, q, 1e-12) - curvePoint(ring, q, 1.0 - 1e-12)).norm() < 1e-9);
  CHECK((curveDerivative(ring, q, 1e-12, 2) - curveDerivative(ring, q, 1.0 - 1e-12, 2)).norm() < 1e-6);
}

TEST_CASE("Eq. 5: the normal is the tangent rotated by -90 degrees", "[bspline]") {
  const Vec3d n = rightNormal(Vec3d(2.0, 0.0, 0.0));
  CHECK(n.x == Approx(0.0));
  CHECK(n.y == Approx(-1.0));
}

TEST_CASE("strain energy (Eq. 1) with non-homogeneous alpha, beta matches numerical quadrature", "[energy]") {
  for (bool closed : {false, true}) {
    CurveProblem problem;
    problem.shape = {8, closed};
    const int m = problem.shape.spanCount();
    problem.alpha.clear();
    problem.beta.clear();
    for (int s = 0; s < m; ++s) {
      problem.alpha.push_back(0.5 + 0.25 * s);
      problem.beta.push_back(2.0 - 0.1 * s);
    }
    const Eigen::VectorXd q = wavyPoints(8);
    auto integrand = [&](double u) {
      const int span = std::min(static_cast<int>(u * m), m - 1);
      const Eigen::Vector2d r1 = curveDerivative(problem.shape, q, u, 1), r2 = curveDerivative(problem.shape, q, u, 2);
      return problem.alphaOf(span) * r1.squaredNorm() + problem.betaOf(span) * r2.squaredNorm();
    };
    // Integrate span by span so Simpson never straddles a jump of α, β.
    double numeric = 0.0;
    for (int s = 0; s < m; ++s) numeric += simpson(integrand, (s + 1e-12) / m, (s + 1 - 1e-12) / m, 400);
    const Eigen::SparseMatrix<double> K = assembleStiffness(problem);
    const double exact = q.dot(K * q);
    CHECK(exact == Approx(numeric).epsilon(1e-8));
    CHECK(strainEnergy(problem, q) == Approx(exact).epsilon(1e-12));
  }
}

TEST_CASE("work of loads (Eq. 3, Eq. 6) and the quadratic energy's gradient against differences", "[energy]") {
  CurveProblem problem;
  problem.shape = {10, false};
  problem.alpha = {0.3};
  problem.beta = {0.02};
  problem.forces.push_back({0.4, Eigen::Vector2d(0.2, -1.5)});
  problem.pressures.push_back({0.2, 0.9, 1.5, 0.5});
  problem.rubberbands.push_back({0.7, Eigen::Vector2d(1.0, 1.0), 3.0});
  const Eigen::VectorXd q0 = wavyPoints(10, 0.0);
  const Eigen::VectorXd q = wavyPoints(10, 0.4);

  // Eq. 6 against Simpson on [u0, u1].
  const PressureLoad& p = problem.pressures[0];
  const double numericW = simpson(
      [&](double u) {
        const Eigen::Vector2d r1 = curveDerivative(problem.shape, q, u);
        const Eigen::Vector2d rot(r1.y(), -r1.x());
        return p.at(u) * rot.dot(curvePoint(problem.shape, q, u) - curvePoint(problem.shape, q0, u));
      },
      p.u0, p.u1, 6000);
  const double forceW = problem.forces[0].force.dot(curvePoint(problem.shape, q, 0.4) - curvePoint(problem.shape, q0, 0.4));
  CHECK(externalWork(problem, q, q0) == Approx(numericW + forceW).epsilon(1e-8));

  const QuadraticEnergy e = buildQuadraticEnergy(problem, q0);
  CHECK(e.value(q) == Approx(potentialEnergy(problem, q, q0)).epsilon(1e-10));
  const Eigen::VectorXd g = e.gradient(q);
  for (int i = 0; i < q.size(); ++i) {
    Eigen::VectorXd a = q, b = q;
    const double h = 1e-5;
    a[i] += h;
    b[i] -= h;
    const double fd = (potentialEnergy(problem, a, q0) - potentialEnergy(problem, b, q0)) / (2 * h);
    CHECK(g[i] == Approx(fd).margin(1e-6).epsilon(1e-6));
  }
}
