// Sections 2 and 4: the potential functions and metrics.
#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/deform/metaball_field.h"

using namespace flexure;
using namespace flexure::deform;

namespace {
double wyvill(double t) { return -4.0 / 9 * std::pow(t, 6) + 17.0 / 9 * std::pow(t, 4) - 22.0 / 9 * t * t + 1.0; }
double potential(const PotentialShape<double>& shape, const Vec3d& q) { return potentialAt(shape, q); }
}  // namespace

TEST_CASE("Wyvill's polynomial (Eq. 3) from the squared distance", "[potential]") {
  for (double t = 0.0; t <= 1.0; t += 0.05) CHECK(wyvillOfSquare(t * t) == Approx(wyvill(t)).margin(1e-15));
  CHECK(wyvillOfSquare(0.0) == 1.0);
  CHECK(std::fabs(wyvillOfSquare(1.0)) < 1e-15);
  // Monotone decreasing on [0, 1].
  double last = 2.0;
  for (double t = 0.0; t <= 1.0; t += 0.01) {
    const double f = wyvillOfSquare(t * t);
    CHECK(f < last);
    last = f;
  }
}

TEST_CASE("Wyvill's potential is C1 at the effective radius", "[potential]") {
  using J = Jet<double, 1>;
  PotentialShape<double> shape;
  // Inside, approaching R: value and slope tend to 0; outside both are exactly 0.
  for (double t : {0.999, 0.99999, 0.9999999}) {
    const J f = potentialAt(shape, Vec3<J>(J(t, 0), J(0.0), J(0.0)));
    CHECK(f.a < 1e-5);
    CHECK(std::fabs(f.v[0]) < 5.0 * (1.0 - t));  // slope ~ f''(1) (t - 1) = 40/9 (t - 1) -> 0
  }
  const J inside = potentialAt(shape, Vec3<J>(J(1.0 - 1e-9, 0), J(0.0), J(0.0)));
  const J outside = potentialAt(shape, Vec3<J>(J(1.0 + 1e-9, 0), J(0.0), J(0.0)));
  CHECK(std::fabs(inside.a - outside.a) < 1e-15);
  CHECK(std::fabs(inside.v[0] - outside.v[0]) < 1e-7);
  // Analytically f'(1) = (-24 + 68 - 44) / 9 = 0.
  const J atR = wyvillOfSquare(J(1.0, 0) * J(1.0, 0));
  CHECK(std::fabs(atR.v[0]) < 1e-14);
}

TEST_CASE("Wyvill's polynomial is the Bezier function (1, 5/27, 0, 0) of r^2 (section 4)", "[potential]") {
  const double g[2] = {5.0 / 27.0, 0.0};
  for (double x = 0.0; x <= 1.0; x += 0.01) CHECK(bezierPotential(g, 3, x) == Approx(wyvillOfSquare(x)).margin(1e-14));
}

TEST_CASE("Bezier potential with control values and inner radius R_U", "[potential]") {
  const double g[3] = {0.9, 0.4, 0.1};
  PotentialShape<double> shape;
  shape.kind = PotentialKind::Bezier;
  shape.degree = 4;
  shape.controls = g;
  shape.innerFraction = 0.4;  // R_U = 0.4 R
  CHECK(potential(shape, {0.0, 0.0, 0.0}) == 1.0);
  CHECK(potential(shape, {0.39, 0.0, 0.0}) == 1.0);  // r <= R_U: exactly 1
  CHECK(potential(shape, {0.0, 0.0, 1.0}) == 0.0);
  CHECK(potential(shape, {0.0, 1.2, 0.0}) == 0.0);
  // s = (r - R_U) / (R - R_U): at r = 0.7, s = 0.5: B(0.5) = (1 + 4*0.9 + 6*0.4 + 4*0.1 + 0) / 16.
  CHECK(potential(shape, {0.7, 0.0, 0.0}) == Approx((1 + 3.6 + 2.4 + 0.4) / 16.0).epsilon(1e-14));
  // The default controls are C1 at both ends and symmetric: value 1/2 at s = 1/2.
  const double d[2] = {defaultBezierControl(1, 3), defaultBezierControl(2, 3)};
  CHECK(d[0] == 1.0);
  CHECK(d[1] == 0.0);
  CHECK(bezierPotential(d, 3, 0.5) == Approx(0.5));
}

TEST_CASE("metrics shape the influence region of a point (section 4)", "[metric]") {
  PotentialShape<double> shape;
  const Vec3d diagonal(0.55, 0.55, 0.0);  // L2 0.78, L1 1.1, Linf 0.55
  shape.metric = Metric::L2;
  CHECK(potential(shape, diagonal) > 0.0);
  shape.metric = Metric::L1;  // double pyramid: outside
  CHECK(potential(shape, diagonal) == 0.0);
  shape.metric = Metric::LInf;  // cube: (0.9, 0.9, 0.9) is still inside
  CHECK(potential(shape, {0.9, 0.9, 0.9}) > 0.0);
  CHECK(potential(shape, {0.9, 0.9, 0.9}) == Approx(wyvillOfSquare(0.81)));
  shape.metric = Metric::L2;
  CHECK(potential(shape, {0.9, 0.9, 0.9}) == 0.0);
  // The interpolated metric runs from L2 (u = 0) to Linf (u = 1).
  shape.metric = Metric::Interpolated;
  const Vec3d q(0.3, 0.5, -0.2);
  shape.metricU = 0.0;
  CHECK(normalizedDistance(Metric::Interpolated, q, 0.0) == Approx(norm(q)));
  CHECK(normalizedDistance(Metric::Interpolated, q, 1.0) == Approx(0.5));
  CHECK(normalizedDistance(Metric::Interpolated, q, 0.25) == Approx(0.75 * norm(q) + 0.25 * 0.5));
  CHECK(normalizedDistance(Metric::L1, q, 0.0) == Approx(1.0));
}
