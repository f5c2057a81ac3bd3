// coordinateBounds and splitCoordinates keep their box in lanes and read the last window of a
// run overlapping the one before (coordinate_bounds.cpp): the box must be the one a point at a
// time gives, for every count (below, at and across the window's width), wherever the extreme
// points lie, with NaN coordinates left out.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "flexure/deform/coordinate_bounds.h"

using namespace flexure;
using namespace flexure::deform;

namespace {

Bounds3 boxOnePointAtATime(const std::vector<Vec3d>& points) {
  Bounds3 box;
  for (const Vec3d& p : points) box.extend(p);
  return box;
}

void requireSameBox(const Bounds3& a, const Bounds3& b) {
  for (int k = 0; k < 3; ++k) {
    REQUIRE(a.lo[k] == b.lo[k]);
    REQUIRE(a.hi[k] == b.hi[k]);
  }
}

}  // namespace

TEST_CASE("coordinateBounds and splitCoordinates give the box of the points one at a time", "[deform][batch]") {
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int n = 0; n <= 80; ++n) {
    for (int trial = 0; trial < 6; ++trial) {
      std::vector<Vec3d> points(static_cast<std::size_t>(n));
      for (Vec3d& p : points) p = Vec3d(coordinate(rng), coordinate(rng), coordinate(rng));
      if (n > 0) {
        // An extreme point at each end of the range, where the windows overlap or end.
        const std::size_t last = static_cast<std::size_t>(n - 1);
        points[trial % 2 == 0 ? last : 0] = Vec3d(9.0, -9.0, 9.0);
        points[trial % 2 == 0 ? 0 : last] = Vec3d(-9.0 - trial, 9.0 + trial, -9.0);
        if (trial >= 4) points[static_cast<std::size_t>(n / 2)] = Vec3d(nan, 1.0, nan);  // a NaN coordinate drops out
      }
      std::vector<double> xs(points.size()), ys(points.size()), zs(points.size());
      const Bounds3 split = splitCoordinates(points.data(), n, xs.data(), ys.data(), zs.data());
      for (std::size_t i = 0; i < points.size(); ++i) {
        REQUIRE((xs[i] == points[i].x || (std::isnan(xs[i]) && std::isnan(points[i].x))));
        REQUIRE(ys[i] == points[i].y);
        REQUIRE((zs[i] == points[i].z || (std::isnan(zs[i]) && std::isnan(points[i].z))));
      }
      const Bounds3 expected = boxOnePointAtATime(points);
      requireSameBox(split, expected);
      requireSameBox(coordinateBounds(xs.data(), ys.data(), zs.data(), n), expected);
      REQUIRE(split.empty() == expected.empty());
    }
  }
}
