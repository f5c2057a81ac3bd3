// Bezier skeletons as chains of spans, the per-cell candidate pieces of the batch path, and a
// Bezier skeleton following an MES curve of the scene (scenes/metaball-mes-curve.json).
#include <catch2/catch.hpp>

#include <random>

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
