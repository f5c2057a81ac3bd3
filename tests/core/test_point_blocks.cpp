// PointBlocks (core/point_blocks.h): the points inside a few boxes, found through the blocks'
// bounds, are those a test of every point finds, for sheets in row order and points in any order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "flexure/core/point_blocks.h"

using namespace flexure;

namespace {

std::vector<int> insideByEveryPoint(const std::vector<Vec3d>& points, const std::vector<Bounds3>& boxes) {
  std::vector<int> out;
  for (std::size_t i = 0; i < points.size(); ++i)
    if (std::any_of(boxes.begin(), boxes.end(), [&](const Bounds3& b) { return b.contains(points[i]); }))
      out.push_back(static_cast<int>(i));
  return out;
}

Bounds3 boxOf(Vec3d lo, Vec3d hi) {
  Bounds3 b;
  b.lo = lo;
  b.hi = hi;
  return b;
}

}  // namespace

TEST_CASE("the points inside boxes are found through their blocks as by testing every point", "[core][point_blocks]") {
  std::vector<Vec3d> sheet;  // a 300 × 200 grid in rows, not a multiple of the block
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 301; ++x) sheet.emplace_back(0.01 * x, 0.01 * y, 0.0);
  std::vector<Vec3d> scattered = sheet;
  std::shuffle(scattered.begin(), scattered.end(), std::mt19937(3));
  // Two overlapping boxes (each point once), one whose faces pass through grid points (faces
  // count), a flat one, and one outside the sheet.
  const std::vector<Bounds3> boxes{boxOf({0.5, 0.5, -1}, {0.9, 0.8, 1}), boxOf({0.7, 0.6, -1}, {1.2, 1.1, 1}),
                                   boxOf({2.0, 0.0, 0.0}, {2.2, 0.3, 0.0}), boxOf({5, 5, 5}, {6, 6, 6})};
  for (const std::vector<Vec3d>* points : {&sheet, &scattered}) {
    PointBlocks blocks;
    blocks.build(*points);
    CHECK(blocks.pointCount() == points->size());
    std::vector<int> found{-1};  // cleared by pointsIn
    blocks.pointsIn(*points, boxes, found);
    const std::vector<int> expected = insideByEveryPoint(*points, boxes);
    CHECK(expected.size() > 3000);
    CHECK(found == expected);
    blocks.pointsIn(*points, {}, found);
    CHECK(found.empty());
  }
}
