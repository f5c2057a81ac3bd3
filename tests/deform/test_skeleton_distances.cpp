// Section 3: every skeleton's exact distance (through its nearest-point offset) against dense
// brute-force sampling of the skeleton.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "flexure/deform/skeleton.h"
#include "skeleton_sampling.h"

using namespace flexure;
using namespace flexure::deform;

namespace {
double nearestSampleDistance(const std::vector<Vec3d>& samples, const Vec3d& p) {
  double best = 1e300;
  for (const Vec3d& s : samples) best = std::min(best, squaredNorm(s - p));
  return std::sqrt(best);
}
}  // namespace

TEST_CASE("every skeleton's distance matches brute-force sampling", "[skeleton]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-1.1, 1.1);
  const double h = 0.01;
  for (const Skeleton& skeleton : testing::exampleSkeletons()) {
    INFO("skeleton " << skeletonType(skeleton));
    const bool unbounded = !isBounded(skeletonBounds(skeleton));
    std::vector<Vec3d> fixedSamples;
    if (!unbounded) fixedSamples = testing::sampleSkeleton(skeleton, h, {0, 0, 0}, 0.0);
    for (int q = 0; q < 60; ++q) {
      const Vec3d p(coord(rng), coord(rng), coord(rng));
      const std::vector<Vec3d> samples = unbounded ? testing::sampleSkeleton(skeleton, h, p, 1.0) : fixedSamples;
      const Vec3d d = skeletonOffset(skeleton, p);
      const double exact = norm(d);
      const double sampled = nearestSampleDistance(samples, p);
      INFO("query " << p.x << " " << p.y << " " << p.z << " exact " << exact << " sampled " << sampled);
      // The exact distance is a lower bound of every sample's distance, and samples come close.
      CHECK(exact <= sampled + 1e-9);
      CHECK(sampled - exact < h);
      // The nearest point Q = P - offset lies on the skeleton.
      CHECK(nearestSampleDistance(samples, p - d) < h);
    }
  }
}

TEST_CASE("skeleton offsets differentiate exactly with jets", "[skeleton]") {
  using J = Jet<double, 3>;
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (const Skeleton& skeleton : testing::exampleSkeletons()) {
    INFO("skeleton " << skeletonType(skeleton));
    int compared = 0;
    for (int q = 0; q < 40; ++q) {
      const Vec3d p(coord(rng), coord(rng), coord(rng));
      const Vec3<J> dj = skeletonOffset(skeleton, Vec3<J>(J(p.x, 0), J(p.y, 1), J(p.z, 2)));
      const double e = 1e-6;
      bool smooth = true;
      double worst = 0.0;
      for (int k = 0; k < 3; ++k) {
        Vec3d a = p, b = p;
        a[k] -= e;
        b[k] += e;
        const double fa = squaredNorm(skeletonOffset(skeleton, a)), fb = squaredNorm(skeletonOffset(skeleton, b));
        const double fd = (fb - fa) / (2 * e);
        const J r2 = squaredNorm(dj);
        worst = std::max(worst, std::fabs(fd - r2.v[static_cast<std::size_t>(k)]));
        // Skip points whose finite-difference stencil straddles a branch change (kinks of r^2
        // on the medial axis): there the one-sided derivatives differ.
        const double fm = squaredNorm(skeletonOffset(skeleton, p));
        if (std::fabs((fb - 2 * fm + fa) / (e * e)) > 1e3) smooth = false;
      }
      if (!smooth) continue;
      ++compared;
      CHECK(worst < 1e-5);
    }
    CHECK(compared > 20);
  }
}

TEST_CASE("Bezier nearest point by root isolation beats dense sampling for many degrees", "[skeleton][bezier]") {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (int degree = 1; degree <= 7; ++degree) {
    for (int curve = 0; curve < 4; ++curve) {
      BezierSkeleton b;
      b.controlPoints.clear();
      for (int i = 0; i <= degree; ++i) b.controlPoints.emplace_back(coord(rng), coord(rng), 0.3 * coord(rng));
      b.prepare();
      for (int q = 0; q < 50; ++q) {
        const Vec3d p(1.3 * coord(rng), 1.3 * coord(rng), coord(rng));
        const double exact = norm(p - b.point(b.nearestParameter(p)));
        const double sampled = norm(p - b.point(b.nearestParameterBySampling(p, 40000)));
        INFO("degree " << degree << " curve " << curve);
        CHECK(exact <= sampled + 1e-12);
        CHECK(sampled - exact < 1e-5);
      }
    }
  }
}

TEST_CASE("unknown skeleton types are reported with the known list", "[skeleton]") {
  CHECK_THROWS_WITH(makeSkeleton("torus"), Catch::Contains("unknown skeleton type 'torus'") && Catch::Contains("bezier"));
  CHECK(skeletonTypes().size() == 13);
}
