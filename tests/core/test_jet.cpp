#include <catch2/catch.hpp>

#include "flexure/core/jet.h"
#include "flexure/core/vec.h"

using namespace flexure;

namespace flexure {
// A function exercising every elementary operation of Jet.
template <class S>
S mix(const S& x, const S& y) {
  return sin(x) * cos(y) + exp(x * 0.3) / (1.0 + y * y) + sqrt(x * x + 2.0) - log(y + 3.0) + atan2(y, x + 4.0) +
         pow(x + 2.0, 2.5) + tanh(x - y) + asin(x * 0.2) + acos(y * 0.1) + atan(x * y) + tan(y * 0.2);
}
}  // namespace flexure

TEST_CASE("jet derivatives of elementary functions equal central differences", "[jet]") {
  const double x0 = 0.37, y0 = -0.81, h = 1e-6;
  using J = Jet<double, 2>;
  const J r = mix(J(x0, 0), J(y0, 1));
  const double dx = (mix(x0 + h, y0) - mix(x0 - h, y0)) / (2 * h);
  const double dy = (mix(x0, y0 + h) - mix(x0, y0 - h)) / (2 * h);
  CHECK(r.a == Approx(mix(x0, y0)).epsilon(1e-14));
  CHECK(r.v[0] == Approx(dx).epsilon(1e-7));
  CHECK(r.v[1] == Approx(dy).epsilon(1e-7));
}

TEST_CASE("nested jets give second derivatives", "[jet]") {
  // f(x) = x^3 sin x; f'' = 6x sin x + 6x^2 cos x - x^3 sin x
  using Inner = Jet<double, 1>;
  using Outer = Jet<Inner, 1>;
  const double x0 = 0.7;
  const Outer x(Inner(x0, 0), 0);
  const Outer f = x * x * x * sin(x);
  const double expected = 6 * x0 * std::sin(x0) + 6 * x0 * x0 * std::cos(x0) - x0 * x0 * x0 * std::sin(x0);
  CHECK(f.v[0].v[0] == Approx(expected).epsilon(1e-12));
}

TEST_CASE("inverse transpose maps normals of a sheared plane", "[vec]") {
  Mat3d a = Mat3d::identity();
  a(0, 1) = 0.8;  // shear x by y
  const Vec3d t1(1, 0, 0), t2 = a * Vec3d(0, 1, 0);
  const Vec3d n = inverseTranspose(a) * Vec3d(0, 0, 1);
  CHECK(std::abs(dot(n, t1)) < 1e-15);
  CHECK(std::abs(dot(n, t2)) < 1e-15);
  const Vec3d m = inverseTranspose(a) * Vec3d(1, 0, 0);
  CHECK(std::abs(dot(m, t2)) < 1e-15);
}
