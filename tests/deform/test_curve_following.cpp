// Bezier skeletons as chains of spans, the per-cell candidate pieces of the batch path, and a
// Bezier skeleton following an MES curve of the scene (scenes/metaball-mes-curve.json).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "flexure/core/param_access.h"
#include "flexure/curves/cubic_bspline.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/curves/register.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/deform/register.h"
#include "flexure/io/scene_file.h"

using namespace flexure;
using namespace flexure::deform;

TEST_CASE("a uniform cubic B-spline as Bezier spans is the same curve, nearest points included", "[skeleton][bezier]") {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (bool closed : {false, true}) {
    const BSplineShape shape{7, closed};
    std::vector<double> q;
    std::vector<Vec3d> points;
    for (int i = 0; i < shape.count; ++i) {
      q.push_back(coord(rng));
      q.push_back(coord(rng));
      points.emplace_back(q[q.size() - 2], q.back(), 0.0);
    }
    BezierSkeleton b;
    b.followUniformBSpline(points, closed);
    CHECK(b.spanCount() == shape.spanCount());
    for (int k = 0; k <= 100; ++k) {
      const double u = k / 100.0;
      const CurveSample<double> c = sampleCurve(shape, q, u);
      Vec3d r, r1, r2;
      b.evaluate(u, r, r1, r2);
      CHECK(norm(r - c.r) < 1e-12);
      CHECK(norm(r1 - c.r1) < 1e-10);
      CHECK(norm(r2 - c.r2) < 1e-9);
    }
    for (int t = 0; t < 60; ++t) {
      const Vec3d p(1.3 * coord(rng), 1.3 * coord(rng), 0.5 * coord(rng));
      const double exact = norm(p - b.point(b.nearestParameter(p)));
      const double sampled = norm(p - b.point(b.nearestParameterBySampling(p, 40000)));
      CHECK(exact <= sampled + 1e-12);
      CHECK(sampled - exact < 1e-5);
    }
  }
}

TEST_CASE("per-cell candidate pieces never lose the nearest point", "[skeleton][bezier]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (int curve = 0; curve < 6; ++curve) {
    BezierSkeleton b;
    b.controlPoints.clear();
    for (int i = 0; i <= 3 + curve % 3; ++i) b.controlPoints.emplace_back(coord(rng), coord(rng), 0.2 * coord(rng));
    b.prepare();
    const double reach = 0.4;
    for (int c = 0; c < 40; ++c) {
      const Vec3d lo(1.2 * coord(rng), 1.2 * coord(rng), 0.3 * coord(rng));
      const Bounds3 cell{lo, lo + Vec3d(0.1, 0.1, 0.1)};
      const std::uint32_t mask = b.candidatePieces(cell, reach);
      for (int s = 0; s < 10; ++s) {
        const Vec3d p = lo + Vec3d(0.05 * (1 + coord(rng)), 0.05 * (1 + coord(rng)), 0.05 * (1 + coord(rng)));
        const double uAll = b.nearestParameter(p, reach * reach);
        const double uMask = b.nearestParameter(p, reach * reach, mask);
        if (uAll < 0.0) {
          CHECK(uMask < 0.0);
          continue;
        }
        REQUIRE(uMask >= 0.0);
        CHECK(std::fabs(norm(p - b.point(uAll)) - norm(p - b.point(uMask))) < 1e-12);
      }
    }
  }
}

namespace {

// Curves for the run query: a single cubic span bending both ways (the benchmark's S), a cubic
// loop that crosses itself, chains of spans from open and closed B-splines, degrees the lanes
// leave to nearestParameter (2 and 5), a hairpin whose turn is tighter than the reach (a
// piece next to the turn comes back towards points inside it), and a cubic with a cusp.
std::vector<BezierSkeleton> runQueryCurves() {
  std::vector<BezierSkeleton> curves(8);
  // A cusp: R'(1/2) = 0, where g's slope |R'|^2 + (R - P) . R'' turns negative for most points.
  curves[7].controlPoints = {{-0.6, -0.4, 0}, {0.6, 0.8, 0}, {-0.6, 0.8, 0}, {0.6, -0.4, 0}};
  curves[6].controlPoints = {{-0.9, 0.06, 0}, {1.2, 0.06, 0}, {1.2, -0.06, 0}, {-0.9, -0.06, 0}};
  curves[0].controlPoints = {{-0.7, -0.5, 0}, {-0.2, 0.9, 0}, {0.2, -0.9, 0}, {0.7, 0.5, 0}};
  curves[1].controlPoints = {{-0.6, 0, 0}, {0.9, 0.8, 0.1}, {-0.9, 0.8, -0.1}, {0.6, 0, 0}};
  curves[2].controlPoints = {{-0.8, 0, 0}, {0, 1.2, 0}, {0.8, 0, 0}};
  curves[3].controlPoints = {{-0.8, 0, 0}, {-0.5, 0.7, 0.2}, {0, -0.6, 0}, {0.3, 0.8, -0.1}, {0.6, -0.2, 0}, {0.9, 0.3, 0}};
  for (BezierSkeleton& b : curves) b.prepare();
  std::vector<Vec3d> bspline;
  for (int i = 0; i < 8; ++i) bspline.emplace_back(-0.9 + 0.25 * i, 0.5 * std::sin(1.3 * i), 0.1 * std::cos(i));
  curves[4].followUniformBSpline(bspline, false);
  curves[5].followUniformBSpline(bspline, true);
  return curves;
}

struct RunTally {
  long lanes = 0, settled = 0, within = 0, spanRuns = 0;
};
// The run query's answers of one run against nearestParameter's.
void checkRunAnswers(const BezierSkeleton& b, const double* xs, const double* ys, const double* zs, const double* nx, const double* ny,
                     const double* nz, const unsigned char* found, double cutoff2, double scale, RunTally& tally) {
  for (int i = 0; i < BezierSkeleton::kRunLength; ++i) {
    const Vec3d p(xs[i], ys[i], zs[i]);
    Vec3d expected;
    const bool expectFound = b.nearestParameter(p, cutoff2, ~std::uint32_t(0), &expected) >= 0.0;
    REQUIRE(bool(found[i]) == expectFound);
    if (!expectFound) continue;
    ++tally.within;
    CHECK(norm(Vec3d(nx[i], ny[i], nz[i]) - expected) < 1e-9 * scale);
    CHECK(std::fabs(norm(p - Vec3d(nx[i], ny[i], nz[i])) - norm(p - expected)) < 1e-12 * scale);
  }
}

// Runs one run of points through the run query and checks every answer against the scalar
// search nearestParameter, to `scale` (1 near the origin, the distance from it far away).
void checkRunAgainstScalar(const BezierSkeleton& b, const double* xs, const double* ys, const double* zs,
                           double reach, double scale, RunTally& tally) {
  constexpr int n = BezierSkeleton::kRunLength;
  double nx[n], ny[n], nz[n];
  unsigned char found[n];
  Bounds3 box;
  for (int i = 0; i < n; ++i) box.extend(Vec3d(xs[i], ys[i], zs[i]));
  const double cutoff2 = reach * reach;
  const std::uint32_t candidates = b.candidatePieces(box, reach);
  // With the box (the batch path's call) runs that qualify take the span pass; without it,
  // every run takes the piece pass. Both must give the scalar search's answers.
  int k0 = 0, k1 = 0;
  tally.spanRuns += b.spanUnionOfRun(candidates, box, k0, k1);
  for (const Bounds3* given : {static_cast<const Bounds3*>(&box), static_cast<const Bounds3*>(nullptr)}) {
    BezierSkeleton::Hint hint;
    const int fallbacks = b.nearestPointsOfRun(xs, ys, zs, n, cutoff2, candidates, nx, ny, nz, found, &hint, given);
    tally.lanes += n;
    tally.settled += n - fallbacks;
    checkRunAnswers(b, xs, ys, zs, nx, ny, nz, found, cutoff2, scale, tally);
  }
}

}  // namespace

TEST_CASE("the run query of Bezier curves answers every point as nearestParameter does", "[skeleton][bezier]") {
  // Points in runs of neighbours (rows of a grid through the curves' plane and above it, as the
  // batch path sees a mesh) and in scattered runs; each run's candidate pieces come from its box.
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  const double reach = 0.3;
  for (const BezierSkeleton& b : runQueryCurves()) {
    INFO("degree " << b.degree() << ", spans " << b.spanCount() << (b.closed() ? ", closed" : ""));
    RunTally tally;
    for (int layout = 0; layout < 2; ++layout) {
      for (int run = 0; run < 160; ++run) {
        constexpr int n = BezierSkeleton::kRunLength;
        double xs[n], ys[n], zs[n];
        const double y = -1.0 + 2.0 * (run % 80) / 79.0, z = run < 80 ? 0.0 : 0.07;
        const double x0 = -1.1 + 1.6 * std::abs(coord(rng));
        for (int i = 0; i < n; ++i) {
          const Vec3d p = layout == 0 ? Vec3d(x0 + 0.6 * i / (n - 1), y, z) : Vec3d(1.1 * coord(rng), 1.1 * coord(rng), 0.2 * coord(rng));
          xs[i] = p.x;
          ys[i] = p.y;
          zs[i] = p.z;
        }
        if (run == 7) {  // points on the curve: its ends, the junctions of its pieces and spans
          for (int i = 0; i < n; ++i) {
            const Vec3d q = b.point(i / double(n - 1));
            xs[i] = q.x;
            ys[i] = q.y;
            zs[i] = q.z;
          }
        }
        checkRunAgainstScalar(b, xs, ys, zs, reach, 1.0, tally);
      }
    }
    CHECK(tally.within > tally.lanes / 10);
    // Cubics are settled in lanes, all but points near the curve's tight bends and junctions;
    // other degrees all go through nearestParameter.
    if (b.degree() == 3) CHECK(tally.settled > tally.lanes * 8 / 10);
    else CHECK(tally.settled < tally.lanes);
    // Of the 320 runs (wide: 0.6 of a row each), the span pass answers some on every cubic
    // whose runs' candidates lie on one span (the single spans, not the chains).
    if (b.degree() == 3 && b.spanCount() == 1) CHECK(tally.spanRuns > 10);
  }
}

TEST_CASE("the span pass answers points at the reach and past its union's ends as nearestParameter does", "[skeleton][bezier]") {
  // Runs of points straight above the S-curve (its nearest point is then the point below:
  // the curve lies in z = 0) at heights just inside and just outside the reach, alternately,
  // so that the span pass must tell them apart as the scalar search does; and rows that pass
  // beyond the curve's ends and beyond the ends of the pieces their boxes keep.
  const BezierSkeleton b = runQueryCurves()[0];
  const double reach = 0.3, cutoff2 = reach * reach;
  constexpr int n = BezierSkeleton::kRunLength;
  RunTally tally;
  long spanRuns = 0;
  for (int run = 0; run < 40; ++run) {
    double xs[n], ys[n], zs[n], nx[n], ny[n], nz[n];
    unsigned char found[n];
    Bounds3 box;
    for (int i = 0; i < n; ++i) {
      const double u = 0.02 + 0.024 * run + 0.0003 * i;
      const Vec3d p = b.point(u) + Vec3d(0, 0, reach * (i % 2 ? 1.0 + 1e-9 : 1.0 - 1e-9));
      xs[i] = p.x;
      ys[i] = p.y;
      zs[i] = p.z;
      box.extend(p);
    }
    const std::uint32_t candidates = b.candidatePieces(box, reach);
    int k0 = 0, k1 = 0;
    spanRuns += b.spanUnionOfRun(candidates, box, k0, k1);
    b.nearestPointsOfRun(xs, ys, zs, n, cutoff2, candidates, nx, ny, nz, found, nullptr, &box);
    for (int i = 0; i < n; ++i) CHECK(bool(found[i]) == (i % 2 == 0));
    checkRunAnswers(b, xs, ys, zs, nx, ny, nz, found, cutoff2, 1.0, tally);
  }
  CHECK(spanRuns > 30);
  // Short runs (the last of a block) through the span pass: answered, nothing written past them.
  for (int count : {1, 7, 37}) {
    INFO("count " << count);
    double xs[n], ys[n], zs[n], nx[n], ny[n], nz[n];
    unsigned char found[n];
    Bounds3 box;
    for (int i = 0; i < n; ++i) {
      const Vec3d p = b.point(0.3 + 0.001 * i) + Vec3d(0, 0, 0.1);
      xs[i] = p.x;
      ys[i] = p.y;
      zs[i] = p.z;
      nx[i] = ny[i] = nz[i] = -7.0;
      found[i] = 9;
      if (i < count) box.extend(p);
    }
    const std::uint32_t candidates = b.candidatePieces(box, reach);
    int k0 = 0, k1 = 0;
    CHECK(b.spanUnionOfRun(candidates, box, k0, k1));
    CHECK(b.nearestPointsOfRun(xs, ys, zs, count, cutoff2, candidates, nx, ny, nz, found, nullptr, &box) == 0);
    for (int i = 0; i < n; ++i) {
      INFO("lane " << i);
      if (i >= count) {
        CHECK(found[i] == 9);
        CHECK(nx[i] == -7.0);
        continue;
      }
      Vec3d expected;
      REQUIRE(found[i] == 1);
      REQUIRE(b.nearestParameter(Vec3d(xs[i], ys[i], zs[i]), cutoff2, ~std::uint32_t(0), &expected) >= 0.0);
      CHECK(norm(Vec3d(nx[i], ny[i], nz[i]) - expected) < 1e-12);
    }
  }
  // Rows through and past the curve's ends ((-0.7, -0.5) and (0.7, 0.5)), in its plane.
  for (int row = 0; row < 60; ++row) {
    double xs[n], ys[n], zs[n];
    const double y = -0.9 + 1.8 * row / 59.0, x0 = row % 2 ? 0.45 : -1.05;
    for (int i = 0; i < n; ++i) {
      xs[i] = x0 + 0.6 * i / (n - 1);
      ys[i] = y;
      zs[i] = 0.0;
    }
    checkRunAgainstScalar(b, xs, ys, zs, reach, 1.0, tally);
  }
  CHECK(tally.spanRuns > 10);
  CHECK(tally.within > 0);
}

TEST_CASE("the span pass answers runs in any order and runs along the edge of the reach", "[skeleton][bezier]") {
  // The span pass starts its lanes between the chord starts of a run's first and last lanes and
  // leaves out the lanes at either end that those lanes' margins put beyond reach: runs whose
  // points are not in a row (shuffled, first and last at the same place), and rows at the reach
  // (along the S-curve, at distances around the reach, both end lanes beyond it) must still be
  // answered as the scalar search answers them.
  const BezierSkeleton b = runQueryCurves()[0];
  const double reach = 0.3;
  constexpr int n = BezierSkeleton::kRunLength;
  std::mt19937 rng(5);
  RunTally tally;
  for (int run = 0; run < 60; ++run) {
    std::vector<Vec3d> points;
    const double u0 = 0.15 + 0.01 * run;
    for (int i = 0; i < n; ++i) points.push_back(b.point(u0 + 0.0008 * i) + Vec3d(0.03 * std::sin(0.3 * i), 0.05, 0.02 * (run % 3)));
    if (run % 3 == 0) std::shuffle(points.begin(), points.end(), rng);
    if (run % 3 == 1) points.back() = points.front();
    double xs[n], ys[n], zs[n];
    for (int i = 0; i < n; ++i) {
      xs[i] = points[static_cast<std::size_t>(i)].x;
      ys[i] = points[static_cast<std::size_t>(i)].y;
      zs[i] = points[static_cast<std::size_t>(i)].z;
    }
    checkRunAgainstScalar(b, xs, ys, zs, reach, 1.0, tally);
  }
  const long spanRunsInOrder = tally.spanRuns;
  CHECK(spanRunsInOrder > 40);
  // Rows offset from the curve along its normal: the middle lanes at a distance from 0.27 to
  // 0.33 (within the reach or just beyond it), those at both ends at 0.45, beyond the reach and
  // the chords' deviations, so that only the middle lanes may be near.
  for (int run = 0; run < 60; ++run) {
    const double u0 = 0.1 + 0.012 * run, peak = 0.27 + 0.001 * run;
    double xs[n], ys[n], zs[n];
    for (int i = 0; i < n; ++i) {
      const double u = u0 + 0.0015 * i, offset = i < 20 || i >= 44 ? 0.45 : peak;
      const Vec3d t = b.derivative(u), normal = Vec3d(-t.y, t.x, 0.0) * (1.0 / norm(t));
      const Vec3d p = b.point(u) + normal * offset;
      xs[i] = p.x;
      ys[i] = p.y;
      zs[i] = p.z;
    }
    checkRunAgainstScalar(b, xs, ys, zs, reach, 1.0, tally);
  }
  CHECK(tally.spanRuns - spanRunsInOrder > 20);
  CHECK(tally.within > 0);
}

TEST_CASE("the run query answers runs that jump and runs at the curve's bends as nearestParameter does", "[skeleton][bezier]") {
  // Runs the span pass does not take whole are cut in two, each part with its own box and
  // candidates: rows that jump from the end of one row to the start of another (as a grid's
  // runs do), the jump anywhere in the run, and rows across the S-curve's tight bends, where the
  // halves may take the span pass when the whole run does not.
  const BezierSkeleton b = runQueryCurves()[0];
  const double reach = 0.3;
  constexpr int n = BezierSkeleton::kRunLength;
  RunTally tally;
  for (int run = 0; run < 80; ++run) {
    double xs[n], ys[n], zs[n];
    const int jump = 1 + (run * 13) % (n - 1);
    const double y = -0.8 + 1.6 * run / 79.0;
    for (int i = 0; i < n; ++i) {
      xs[i] = i < jump ? 1.0 - 0.004 * (jump - i) : -1.0 + 0.004 * (i - jump);
      ys[i] = i < jump ? y : y + 0.02;
      zs[i] = 0.01 * (run % 4);
    }
    checkRunAgainstScalar(b, xs, ys, zs, reach, 1.0, tally);
  }
  // Across the bends: rows of 0.2 through the points of the curve where it turns most.
  for (int run = 0; run < 80; ++run) {
    double xs[n], ys[n], zs[n];
    const Vec3d at = b.point(run < 40 ? 0.2 : 0.8) + Vec3d(-0.1, 0.01 * (run % 40) - 0.2, 0.0);
    for (int i = 0; i < n; ++i) {
      xs[i] = at.x + 0.2 * i / (n - 1);
      ys[i] = at.y;
      zs[i] = at.z;
    }
    checkRunAgainstScalar(b, xs, ys, zs, reach, 1.0, tally);
  }
  CHECK(tally.within > tally.lanes / 4);
  CHECK(tally.spanRuns < 160);  // some runs do not take the span pass whole
}

TEST_CASE("the run query answers runs of every length and writes nothing past their end", "[skeleton][bezier]") {
  // The batch path's last run of a block is shorter than kRunLength. Each run mixes points the
  // lanes settle with points they leave to nearestParameter (at the hairpin's turn, the S's
  // junctions, and every point of the quintic, which the lanes never settle); the answers must
  // be the scalar search's, and the lanes past `count` must stay as they were.
  constexpr int kMax = BezierSkeleton::kRunLength;
  std::vector<BezierSkeleton> curves = runQueryCurves();
  const double reach = 0.3, cutoff2 = reach * reach;
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  for (int c : {0, 3, 6}) {
    const BezierSkeleton& b = curves[static_cast<std::size_t>(c)];
    INFO("curve " << c << ", degree " << b.degree());
    long fallbacks = 0, within = 0;
    for (int count : {1, 2, 7, 8, 9, 31, 37, 63, kMax}) {
      INFO("count " << count);
      double xs[kMax], ys[kMax], zs[kMax], nx[kMax], ny[kMax], nz[kMax];
      unsigned char found[kMax];
      Bounds3 box;
      for (int i = 0; i < count; ++i) {
        // Every third point on the curve (all within reach), the others around it.
        const Vec3d q = b.point(std::abs(coord(rng)));
        const Vec3d p = i % 3 == 0 ? q : q + Vec3d(0.25 * coord(rng), 0.25 * coord(rng), 0.1 * coord(rng));
        xs[i] = p.x;
        ys[i] = p.y;
        zs[i] = p.z;
        box.extend(p);
      }
      for (int i = count; i < kMax; ++i) {
        nx[i] = ny[i] = nz[i] = -7.0;
        found[i] = 9;
      }
      BezierSkeleton::Hint hint;
      const int n = b.nearestPointsOfRun(xs, ys, zs, count, cutoff2, b.candidatePieces(box, reach), nx, ny, nz, found, &hint);
      CHECK(n >= 0);
      CHECK(n <= count);
      fallbacks += n;
      for (int i = count; i < kMax; ++i) {
        CHECK(found[i] == 9);
        CHECK(nx[i] == -7.0);
        CHECK(ny[i] == -7.0);
        CHECK(nz[i] == -7.0);
      }
      for (int i = 0; i < count; ++i) {
        const Vec3d p(xs[i], ys[i], zs[i]);
        Vec3d expected;
        const bool expectFound = b.nearestParameter(p, cutoff2, ~std::uint32_t(0), &expected) >= 0.0;
        REQUIRE(bool(found[i]) == expectFound);
        if (!expectFound) continue;
        ++within;
        CHECK(norm(Vec3d(nx[i], ny[i], nz[i]) - expected) < 1e-9);
        CHECK(std::fabs(norm(p - Vec3d(nx[i], ny[i], nz[i])) - norm(p - expected)) < 1e-12);
      }
    }
    CHECK(within > 0);
    // The quintic goes to nearestParameter for every point within reach of a piece; the cubics
    // settle most points in lanes but not all (the hairpin's turn, the S's junctions).
    if (b.degree() != 3) CHECK(fallbacks >= within);
    else CHECK(fallbacks < within);
    if (c == 6) CHECK(fallbacks > 0);  // the hairpin's runs mix settled lanes and fallbacks
  }
}

TEST_CASE("the run query answers as nearestParameter does around curves far from the origin", "[skeleton][bezier]") {
  // The lanes' Halley steps evaluate g(s) = (R(s) - P) . R_s(s) from its power-form coefficients,
  // whose lowest ones subtract P . a_k from a_j . a_k: with the curve and the points far from the
  // origin the two terms are large and nearly cancel. The answers must still be the scalar
  // search's (which works with R(s) - P), and most points must still be settled in lanes.
  const Vec3d shift(250.0, -180.0, 90.0);
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> coord(-1.0, 1.0);
  const double reach = 0.3;
  std::vector<BezierSkeleton> curves = runQueryCurves();
  for (int c : {0, 1, 4, 6}) {
    BezierSkeleton b = curves[static_cast<std::size_t>(c)];
    for (Vec3d& q : b.controlPoints) q = q + shift;
    b.prepare();
    INFO("curve " << c);
    RunTally tally;
    for (int run = 0; run < 120; ++run) {
      constexpr int n = BezierSkeleton::kRunLength;
      double xs[n], ys[n], zs[n];
      const double y = -1.0 + 2.0 * (run % 60) / 59.0, z = run < 60 ? 0.0 : 0.05, x0 = -1.1 + 1.6 * std::abs(coord(rng));
      for (int i = 0; i < n; ++i) {
        const Vec3d p = Vec3d(x0 + 0.6 * i / (n - 1), y, z) + shift;
        xs[i] = p.x;
        ys[i] = p.y;
        zs[i] = p.z;
      }
      checkRunAgainstScalar(b, xs, ys, zs, reach, norm(shift), tally);
    }
    CHECK(tally.within > tally.lanes / 10);
    CHECK(tally.settled > tally.lanes * 8 / 10);
  }
}

TEST_CASE("the batch path deforms a grid around curves and polygons as per-point apply does", "[deform][batch][bezier]") {
  // Grid order (runs of neighbours) through a cubic and a closed chain of spans at once, a
  // concave planar polygon (offsets in lanes), a polygon that is not planar (one point at a
  // time), and a point metaball: the block path's runs, its point lanes and their sum.
  MetaballDeformOperator op;
  std::vector<BezierSkeleton> curves = runQueryCurves();
  for (int c : {0, 5}) {
    Metaball m;
    m.skeleton = curves[static_cast<std::size_t>(c)];
    op.addMetaball(m);
  }
  Metaball point;
  point.skeleton = PointSkeleton{};
  op.addMetaball(point);
  PolygonSkeleton concave;
  concave.points = {{-0.9, -0.9, 0}, {-0.1, -0.9, 0}, {-0.1, -0.6, 0}, {-0.6, -0.6, 0}, {-0.6, -0.1, 0}, {-0.9, -0.1, 0}};
  PolygonSkeleton warped;
  warped.points = {{0.2, -0.9, 0}, {0.9, -0.9, 0.1}, {0.9, -0.3, 0}, {0.2, -0.3, 0.1}};
  for (const PolygonSkeleton& polygon : {concave, warped}) {
    Metaball m;
    m.skeleton = polygon;
    op.addMetaball(m);
  }
  std::vector<double> values;
  for (const ParamSpec& s : op.parameterSpecs()) values.push_back(s.defaultValue);
  auto set = [&](const std::string& name, double v) {
    const std::vector<ParamSpec> specs = op.parameterSpecs();
    for (std::size_t i = 0; i < specs.size(); ++i)
      if (specs[i].name == name) values[i] = v;
  };
  set("0.dz", 0.2);
  set("0.radius", 0.25);
  set("1.dz", -0.1);
  set("1.dx", 0.05);
  set("1.radius", 0.2);
  set("2.dz", 0.1);
  set("2.radius", 0.3);
  set("3.dz", 0.15);
  set("3.radius", 0.2);
  set("4.dz", -0.15);
  set("4.radius", 0.15);
  std::vector<Vec3d> points;
  for (int y = 0; y < 300; ++y)
    for (int x = 0; x < 300; ++x) points.emplace_back(-1.1 + 2.2 * x / 299.0, -1.1 + 2.2 * y / 299.0, 0.0);
  std::vector<Vec3d> batch = points, withNormals = points, normals(points.size(), Vec3d(0, 0, 1));
  op.applyBatchFromSlots(values.data(), batch, {});
  op.applyBatchFromSlots(values.data(), withNormals, normals);  // the normals path's runs
  int moved = 0, failed = 0;
  for (std::size_t k = 0; k < points.size(); ++k) {
    const Vec3d expected = op.deform(values.data(), points[k]);
    const Vec3d n = normalized(inverseTranspose(op.jacobianFromSlots(values.data(), points[k])) * Vec3d(0, 0, 1));
    moved += norm(expected - points[k]) > 0.0;
    failed += !(norm(batch[k] - expected) < 1e-12 && norm(withNormals[k] - expected) < 1e-12 && norm(normals[k] - n) < 1e-9);
  }
  CHECK(failed == 0);
  CHECK(moved > static_cast<int>(points.size()) / 5);
}

TEST_CASE("a Bezier constraint follows an MES curve of the scene as the curve changes", "[scenes][curves]") {
  registerDeformModule();
  registerCurvesModule();
  auto scene = loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/metaball-mes-curve.json");
  const auto& op = dynamic_cast<const MetaballDeformOperator&>(*scene->find("deform"));
  const auto& curve = dynamic_cast<const MesCurve&>(*scene->find("spine"));
  REQUIRE(op.dependencies() == std::vector<const Node*>{&curve});
  const Vec3d dD(0, 0, 0.2);
  auto curvePoint = [&](double u) {
    return curve.plane().toWorld(sampleCurve(curve.shape(), curve.controlPoints(scene->parameters()), u).r);
  };
  auto applyAt = [&](const Vec3d& x) { return op.apply(ValueAccess(scene->parameters().values()), x); };
  std::vector<Vec3d> before;
  for (int k = 0; k <= 20; ++k) {
    const Vec3d x = curvePoint(k / 20.0);
    before.push_back(x);
    CHECK(norm(applyAt(x) - (x + dD)) < 1e-12);  // Eq. 6 on the curve
  }
  // Bend the curve as a solver would: move its control points in Psi.
  Eigen::VectorXd q = curve.controlPoints(scene->parameters());
  for (int i = 0; i < q.size() / 2; ++i) q[2 * i + 1] += 0.6 * std::sin(0.5 * i);
  curve.setControlPoints(scene->parameters(), q);
  std::vector<Vec3d> after;
  int farFromNew = 0;
  for (int k = 0; k <= 20; ++k) {
    const Vec3d x = curvePoint(k / 20.0);
    after.push_back(x);
    CHECK(norm(applyAt(x) - (x + dD)) < 1e-12);
  }
  for (const Vec3d& x : before) {
    double nearest = 1e300;
    for (int k = 0; k <= 2000; ++k) nearest = std::min(nearest, norm(x - curvePoint(k / 2000.0)));
    if (nearest > 0.31) {  // beyond R of the new curve: back in place (Eq. 7)
      ++farFromNew;
      CHECK(norm(applyAt(x) - x) == 0.0);
    }
  }
  CHECK(farFromNew > 3);
  // The batch path reads the same curve.
  std::vector<Vec3d> batch = after;
  batch.emplace_back(0.1, 0.05, 0.0);
  batch.emplace_back(-1.0, 0.8, 0.0);
  std::vector<Vec3d> expected;
  for (const Vec3d& x : batch) expected.push_back(applyAt(x));
  op.applyBatch(ValueAccess(scene->parameters().values()), batch, {});
  for (std::size_t i = 0; i < batch.size(); ++i) CHECK(norm(batch[i] - expected[i]) < 1e-12);
}
