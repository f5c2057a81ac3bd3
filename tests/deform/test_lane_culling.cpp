// The batch path's lanes visit, per run of vertices, only the edges of a polygon or polyline
// that can be nearest to one of its points (and, for the even-odd test, only those whose
// y-range meets the run's): the results must be those of the straightforward evaluation, which
// visits every edge (sections 3.2 and 3.6).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

#include "flexure/core/param_access.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "slot_values.h"

using namespace flexure;
using namespace flexure::deform;

namespace {

// A star of `tips` points (concave, 2 tips edges each), tilted out of the xy plane.
PolygonSkeleton tiltedStar(int tips) {
  PolygonSkeleton s;
  s.points.clear();
  for (int k = 0; k < 2 * tips; ++k) {
    const double a = std::numbers::pi * k / tips, r = k % 2 == 0 ? 0.9 : 0.35;
    const Vec3d p(r * std::cos(a), r * std::sin(a), 0.0);
    s.points.emplace_back(p.x, p.y * std::cos(0.3), p.y * std::sin(0.3));  // rotated about x
  }
  s.prepare();
  return s;
}

// A zig-zag polyline of many short edges, and one long edge back.
PolylineSkeleton zigZag(int edges) {
  PolylineSkeleton s;
  s.points.clear();
  for (int k = 0; k <= edges; ++k) s.points.emplace_back(-1.0 + 2.0 * k / edges, k % 2 == 0 ? -0.2 : 0.2, 0.03 * k);
  s.points.emplace_back(-0.9, 0.6, 0.1);
  s.prepare();
  return s;
}

std::vector<double> slotValues(const MetaballDeformOperator& op, double radius) {
  return testing::slotsWith(op, {{"0.radius", radius}, {"0.dx", 0.05}, {"0.dz", 0.2}});
}

}  // namespace

TEST_CASE("polygons and polylines of many edges, culled per run, deform as the straightforward evaluation", "[deform][batch][normals]") {
  std::vector<Vec3d> grid;
  for (int y = 0; y < 200; ++y)
    for (int x = 0; x < 200; ++x) grid.emplace_back(-1.3 + 2.6 * x / 199.0, -1.3 + 2.6 * y / 199.0, 0.02 * std::sin(0.2 * x));
  std::vector<Vec3d> scattered = grid;
  std::shuffle(scattered.begin(), scattered.end(), std::mt19937(11));
  for (const Skeleton& skeleton : {Skeleton(tiltedStar(3)), Skeleton(tiltedStar(9)), Skeleton(tiltedStar(40)), Skeleton(zigZag(4)),
                                   Skeleton(zigZag(30)), Skeleton(zigZag(90))}) {
    MetaballDeformOperator op;
    Metaball m;
    m.skeleton = skeleton;
    op.addMetaball(m);
    for (const double radius : {0.05, 0.4}) {
      const std::vector<double> slots = slotValues(op, radius);
      INFO(skeletonType(skeleton) << " of " << skeletonBounds(skeleton).extent().x << " wide, radius " << radius);
      for (const std::vector<Vec3d>* order : {&grid, &scattered}) {
        std::vector<Vec3d> positions = *order, withNormals = *order;
        std::vector<Vec3d> normals(order->size(), Vec3d(0, 0, 1));
        op.applyBatchFromSlots(slots.data(), positions, {});
        op.applyBatchFromSlots(slots.data(), withNormals, normals);
        int moved = 0, failed = 0;
        for (std::size_t i = 0; i < order->size(); ++i) {
          const Vec3d& p = (*order)[i];
          const Vec3d expected = op.deform(slots.data(), p);  // every edge, one point at a time
          const Vec3d n = normalized(inverseTranspose(op.jacobianFromSlots(slots.data(), p)) * Vec3d(0, 0, 1));
          const double scale = 1.0 + norm(expected);
          failed += !(norm(positions[i] - expected) <= 1e-12 * scale && norm(withNormals[i] - expected) <= 1e-12 * scale &&
                      norm(normals[i] - n) <= 1e-9);
          moved += norm(expected - p) > 0.0;
        }
        CHECK(failed == 0);
        CHECK(moved > 100);
      }
    }
  }
}
