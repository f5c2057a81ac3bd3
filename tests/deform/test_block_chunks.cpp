// The positions path works a block's vertices in chunks of 64 (block_chunks.h): a point
// metaball is summed only over the chunks whose box it reaches, and only chunks something added
// to are written back; a polygon's or polyline's run whose box lies wholly beyond the
// metaball's reach is dropped, and a polygon's run that no edge comes near skips the even-odd
// test (and, inside, the nearest edge). Each shortcut leaves out exact zeros only: the results
// must be those of the per-point evaluation (Eq. 7: F = 0 beyond R; sections 3.2 and 3.6).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <random>

#include "flexure/core/param_access.h"
#include "flexure/deform/figure_setups.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "slot_values.h"

using namespace flexure;
using namespace flexure::deform;
using flexure::deform::testing::slotsWith;

namespace {

// A fine strip of the benchmark's sheet: 1000 columns over [-1, 1] (runs of 64 vertices 0.13
// wide, as in `bench deform`), `rows` rows over [y0, y1], slightly wavy in z.
std::vector<Vec3d> fineStrip(int rows, double y0, double y1) {
  std::vector<Vec3d> points;
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < 1000; ++x)
      points.emplace_back(-1.0 + 2.0 * x / 999.0, y0 + (y1 - y0) * y / (rows - 1.0), 0.01 * std::sin(0.05 * x + 0.3 * y));
  return points;
}

// Counts the vertices of `points` whose batch positions (and, with normals, positions and
// normals) differ from the per-point evaluation beyond 1e-12 relative (1e-9 for normals).
int batchMismatches(const MetaballDeformOperator& op, const std::vector<double>& slots, const std::vector<Vec3d>& points, int& moved) {
  std::vector<Vec3d> positions = points, withNormals = points;
  std::vector<Vec3d> normals(points.size(), Vec3d(0, 0, 1));
  op.applyBatchFromSlots(slots.data(), positions, {});
  op.applyBatchFromSlots(slots.data(), withNormals, normals);
  int failed = 0;
  moved = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    const Vec3d expected = op.deform(slots.data(), points[i]);
    const Vec3d n = normalized(inverseTranspose(op.jacobianFromSlots(slots.data(), points[i])) * Vec3d(0, 0, 1));
    const double scale = 1.0 + norm(expected);
    failed += !(norm(positions[i] - expected) <= 1e-12 * scale && norm(withNormals[i] - expected) <= 1e-12 * scale &&
                norm(normals[i] - n) <= 1e-9);
    moved += norm(expected - points[i]) > 0.0;
  }
  return failed;
}

// The benchmark's skeletons, prepared as the operator prepares them.
template <class K>
K benchmarkSkeleton(const std::string& type) {
  K s = std::get<K>(singleSkeletonSetup(type).metaballs[0].skeleton);
  s.prepare();
  return s;
}

// Runs of 64 points: small clusters (as a block's chunks) at random places around the skeleton,
// within `spread` of the plane z = 0.
std::vector<std::vector<Vec3d>> randomRuns(int count, double spread, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> where(-0.9, 0.9), size(0.001, 0.2), unit(0.0, 1.0);
  std::vector<std::vector<Vec3d>> runs;
  for (int r = 0; r < count; ++r) {
    const double cx = where(rng), cy = where(rng), w = size(rng), h = 0.3 * size(rng);
    std::vector<Vec3d> run;
    for (int i = 0; i < 64; ++i) run.emplace_back(cx + w * unit(rng), cy + h * unit(rng), spread * (2.0 * unit(rng) - 1.0));
    runs.push_back(run);
  }
  return runs;
}

// The lanes and offset() do the same arithmetic, up to the vector clones' fused multiply-adds.
bool offsetsAgree(const Vec3d& lanes, const Vec3d& single) { return norm(lanes - single) <= 1e-12 * (1.0 + norm(single)); }

struct RunArrays {
  std::vector<double> x, y, z;
  Bounds3 box;
  explicit RunArrays(const std::vector<Vec3d>& run) {
    for (const Vec3d& p : run) {
      x.push_back(p.x);
      y.push_back(p.y);
      z.push_back(p.z);
      box.extend(p);
    }
  }
};

}  // namespace

TEST_CASE("point metaballs alone and beside a polygon, in chunks of a block, deform as per-point apply", "[deform][batch][normals]") {
  // The Z of `bench deform` (round bumps, 0.28 wide) and the same with anisotropic radii (rx
  // 1.6, ry 0.4), in grid and shuffled orders (chunk boxes small and large); then with the
  // benchmark's L polygon among them: blocks that both reach go through the chunks (sums
  // cleared when first added to, only chunks added to written back).
  const std::vector<Vec3d> strip = fineStrip(48, -0.75, 0.75);
  const std::vector<Vec3d> shuffled = [&] {
    std::vector<Vec3d> s = strip;
    std::shuffle(s.begin(), s.end(), std::mt19937(3));
    return s;
  }();
  MetaballDeformOperator op;
  const std::vector<double> round = configure(op, zLetterSetup());
  std::vector<std::pair<std::string, double>> stretched;
  for (int i = 0; i < 12; ++i) {
    stretched.emplace_back(std::to_string(i) + ".rx", 1.6);
    stretched.emplace_back(std::to_string(i) + ".ry", 0.4);
    stretched.emplace_back(std::to_string(i) + ".radius", 0.28);
    stretched.emplace_back(std::to_string(i) + ".dz", 0.25);
    stretched.emplace_back(std::to_string(i) + ".dx", 0.01 * (i - 6));
  }
  for (const std::vector<double>& slots : {round, slotsWith(op, stretched)}) {
    for (const std::vector<Vec3d>* points : {&strip, &shuffled}) {
      int moved = 0;
      CHECK(batchMismatches(op, slots, *points, moved) == 0);
      CHECK(moved > static_cast<int>(points->size()) / 5);
    }
  }
  DeformerSetup mixed = zLetterSetup();
  Metaball polygon = singleSkeletonSetup("polygon").metaballs[0];
  mixed.metaballs.push_back(polygon);
  mixed.set(12, "radius", 0.1);  // runs beyond its reach, inside it and across its edges, beside the bumps
  mixed.set(12, "dz", -0.1);
  mixed.set(12, "dx", 0.03);
  MetaballDeformOperator both;
  const std::vector<double> slots = configure(both, mixed);
  for (const std::vector<Vec3d>* points : {&strip, &shuffled}) {
    int moved = 0;
    CHECK(batchMismatches(both, slots, *points, moved) == 0);
    CHECK(moved > static_cast<int>(points->size()) / 5);
  }
}

TEST_CASE("polygon and polyline metaballs over runs beyond reach, inside and across edges deform as per-point apply",
          "[deform][batch][normals]") {
  // The benchmark's concave L and zig-zag polyline, with the benchmark's reach (0.25) and a
  // small one (0.03: most runs beyond), over the fine strip: runs wholly inside the L, wholly
  // beyond reach, and across edges.
  const std::vector<Vec3d> strip = fineStrip(64, -0.8, 0.8);
  for (const std::string type : {"polygon", "polyline"}) {
    MetaballDeformOperator op;
    configure(op, singleSkeletonSetup(type));
    for (const double radius : {0.25, 0.03}) {
      INFO(type << ", radius " << radius);
      const std::vector<double> slots = slotsWith(op, {{"0.radius", radius}, {"0.dz", 0.25}, {"0.dx", 0.02}});
      int moved = 0;
      CHECK(batchMismatches(op, slots, strip, moved) == 0);
      CHECK(moved > 1000);
    }
  }
}

TEST_CASE("a polygon's run is dropped only when every point lies beyond reach, and its offsets are offset()'s", "[deform][batch]") {
  const auto polygon = benchmarkSkeleton<PolygonSkeleton>("polygon");
  int beyond = 0, inside = 0, kept = 0;
  for (const double reach : {0.25, 0.05}) {
    for (const std::vector<Vec3d>& run : randomRuns(3000, 0.02, 7)) {
      const RunArrays a(run);
      std::vector<double> ox(64), oy(64), oz(64);
      const auto result = polygon.offsetsOfRunWithin(a.x.data(), a.y.data(), a.z.data(), 64, reach * reach, ox.data(), oy.data(), oz.data());
      REQUIRE(result != PolygonSkeleton::RunResult::kNotPlanar);
      if (result == PolygonSkeleton::RunResult::kBeyondReach) {
        ++beyond;
        for (const Vec3d& p : run) CHECK(norm(polygon.offset(p)) > reach);
        continue;
      }
      ++kept;
      bool allInside = true;
      for (std::size_t i = 0; i < run.size(); ++i) {
        CHECK(offsetsAgree(Vec3d(ox[i], oy[i], oz[i]), polygon.offset(run[i])));
        allInside = allInside && polygon.projectsInside(run[i]);
      }
      inside += allInside;
    }
  }
  CHECK(beyond > 300);  // the shortcuts are exercised
  CHECK(inside > 300);
  CHECK(kept > 1000);
}

TEST_CASE("a polyline's run is dropped only when every point lies beyond reach", "[deform][batch]") {
  const auto polyline = benchmarkSkeleton<PolylineSkeleton>("polyline");
  int beyond = 0, kept = 0;
  for (const double reach : {0.25, 0.05}) {
    for (const std::vector<Vec3d>& run : randomRuns(3000, 0.1, 9)) {
      const RunArrays a(run);
      std::vector<double> ox(64), oy(64), oz(64);
      if (!polyline.offsetsOfRunWithin(a.x.data(), a.y.data(), a.z.data(), 64, a.box, reach * reach, ox.data(), oy.data(), oz.data())) {
        ++beyond;
        for (const Vec3d& p : run) CHECK(norm(polyline.offset(p)) > reach);
        continue;
      }
      ++kept;
      for (std::size_t i = 0; i < run.size(); ++i) CHECK(offsetsAgree(Vec3d(ox[i], oy[i], oz[i]), polyline.offset(run[i])));
    }
  }
  CHECK(beyond > 300);
  CHECK(kept > 1000);
}
