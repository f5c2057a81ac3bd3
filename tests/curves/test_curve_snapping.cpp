// Issue 26: a curve's end is a snap feature. An open MES curve's two ends are offered to
// snapping, and bringing one onto another part's feature nails it there (a curve-thumbnail at
// u = 0 or 1, Chen & Wu section 5.1) which the curve solver then meets; an end already nailed is
// not offered again.
#include <catch2/catch.hpp>
#include <mutex>

#include "flexure/core/param_access.h"
#include "flexure/core/snap.h"
#include "flexure/curves/curve_constraints.h"
#include "flexure/curves/curve_family_solver.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/curves/register.h"
#include "flexure/io/scene_file.h"

using namespace flexure;

namespace {

// A curve of 8 control points in the plane through (1, 0, 0), running straight from r(0) = (0, 0)
// to r(1) = (4, 0) in plane coordinates (world (1..5, 0, 0)), nailed at its start; a frozen tube
// of length 1 whose −x end is at world (5, 1, 0).
constexpr const char* kCurveAndTube = R"({
  "format": "flexure-scene", "version": 1,
  "nodes": [
    {"name": "spline", "type": "mes-curve", "count": 8, "closed": false, "alpha": [0.05], "beta": [1.0],
     "origin": [1, 0, 0],
     "params": {"p0.x": -0.8, "p0.y": 0, "p1.x": 0, "p1.y": 0, "p2.x": 0.8, "p2.y": 0, "p3.x": 1.6, "p3.y": 0,
                "p4.x": 2.4, "p4.y": 0, "p5.x": 3.2, "p5.y": 0, "p6.x": 4.0, "p6.y": 0, "p7.x": 4.8, "p7.y": 0}},
    {"name": "pipe-translate", "type": "translate",
     "params": {"x": {"value": 5.5, "frozen": true}, "y": {"value": 1, "frozen": true}, "z": {"value": 0, "frozen": true}},
     "children": [{"name": "pipe", "type": "tube",
                   "params": {"length": {"value": 1, "frozen": true}, "radius": {"value": 0.2, "frozen": true},
                              "thickness": {"value": 0.05, "frozen": true}}}]}
  ],
  "constraints": [
    {"name": "start-nail", "kind": "curve-thumbnail", "curve": "spline", "u": 0, "point": [0, 0, 0]}
  ]
})";

std::unique_ptr<Scene> curveAndTube() {
  static std::once_flag once;
  std::call_once(once, [] { registerCurvesModule(); });
  return loadSceneFromString(kCurveAndTube);
}

const SnapFeature& featureNamed(const std::vector<SnapFeature>& features, const std::string& name) {
  for (const SnapFeature& f : features)
    if (f.name == name) return f;
  FAIL("no feature " << name);
  return features.front();
}

}  // namespace

TEST_CASE("an open curve's ends are snap features where the curve begins and ends, facing away from it",
          "[curves][snap]") {
  auto scene = curveAndTube();
  const auto& curve = static_cast<const MesCurve&>(*scene->find("spline"));
  const std::vector<SnapFeature> ends = SnapRegistry::instance().featuresOf(*scene, curve);
  REQUIRE(ends.size() == 2);
  const SnapFeature& start = featureNamed(ends, "start");
  const SnapFeature& end = featureNamed(ends, "end");
  CHECK(start.kind == "curve-end");
  CHECK(start.end == -1);
  CHECK(end.end == 1);
  CHECK(norm(start.world - Vec3d(1, 0, 0)) < 1e-12);
  CHECK(norm(end.world - Vec3d(5, 0, 0)) < 1e-12);
  CHECK(norm(start.worldDirection - Vec3d(-1, 0, 0)) < 1e-12);
  CHECK(norm(end.worldDirection - Vec3d(1, 0, 0)) < 1e-12);

  // A closed curve has no ends.
  auto closed = curveAndTube();
  auto& loop = static_cast<MesCurve&>(*closed->find("spline"));
  loop.setShape(8, true);
  closed->rebuildParameters();
  CHECK(SnapRegistry::instance().featuresOf(*closed, loop).empty());
}

TEST_CASE("a curve's end brought onto a pipe's end is nailed there, and the curve solver meets the nail",
          "[curves][snap]") {
  auto scene = curveAndTube();
  const SnapRegistry& registry = SnapRegistry::instance();
  const auto& curve = static_cast<const MesCurve&>(*scene->find("spline"));
  const auto& pipe = static_cast<const Primitive&>(*scene->find("pipe"));
  const SnapFeature curveEnd = featureNamed(registry.featuresOf(*scene, curve), "end");
  const SnapFeature pipeEnd = featureNamed(registry.featuresOf(*scene, pipe), "end -x");
  REQUIRE(norm(pipeEnd.world - Vec3d(5, 1, 0)) < 1e-12);

  // Either way round — the curve dragged onto the pipe, or the pipe onto the curve — the curve's end is nailed.
  for (const bool curveMoves : {true, false}) {
    const SnapFeature& moving = curveMoves ? curveEnd : pipeEnd;
    const SnapFeature& target = curveMoves ? pipeEnd : curveEnd;
    const SnapRule* rule = registry.ruleFor(*scene, moving, target);
    REQUIRE(rule);
    CHECK(rule->name == "curve nail");
    std::unique_ptr<Constraint> c = makeSnapConstraint(*scene, moving, target);
    const auto* nail = dynamic_cast<const CurveThumbnail*>(c.get());
    REQUIRE(nail);
    CHECK(nail->name == "snap-curve-thumbnail");
    CHECK(nail->curve == "spline");
    CHECK(nail->u == 1.0);
    // The pipe's end in the curve's plane (origin (1, 0, 0)).
    CHECK(norm(nail->point - Vec3d(4, 1, 0)) < 1e-12);
  }

  scene->constraints.push_back(makeSnapConstraint(*scene, curveEnd, pipeEnd));
  scene->resolveReferences();
  const SolveReport report = CurveFamilySolver().solve(*scene, {});
  INFO(report.toJson().dump());
  CHECK(report.converged);
  const SnapFeature nailed = featureNamed(registry.featuresOf(*scene, curve), "end");
  CHECK(norm(nailed.world - pipeEnd.world) < 1e-6);
  // The start stays where its own nail holds it.
  CHECK(norm(featureNamed(registry.featuresOf(*scene, curve), "start").world - Vec3d(1, 0, 0)) < 1e-6);
}

TEST_CASE("a curve's end already nailed is not offered again; its other end is", "[curves][snap]") {
  auto scene = curveAndTube();
  const SnapRegistry& registry = SnapRegistry::instance();
  const auto& curve = static_cast<const MesCurve&>(*scene->find("spline"));
  const auto& pipe = static_cast<const Primitive&>(*scene->find("pipe"));
  const std::vector<SnapFeature> ends = registry.featuresOf(*scene, curve);
  const SnapFeature pipeEnd = featureNamed(registry.featuresOf(*scene, pipe), "end -x");
  for (const char* which : {"start", "end"}) {
    const SnapFeature& curveEnd = featureNamed(ends, which);
    const SnapRule* rule = registry.ruleFor(*scene, curveEnd, pipeEnd);
    REQUIRE(rule);
    const std::unique_ptr<Constraint> c = makeSnapConstraint(*scene, curveEnd, pipeEnd);
    REQUIRE(c);
    INFO(which);
    // The scene's own "start-nail" holds u = 0; nothing holds u = 1 yet.
    CHECK(snapAlreadyJoined(*scene, *rule, *c) == (std::string(which) == "start"));
  }
  // A second pipe end next to each other's — two pipes are still joined once (the default rule).
  const SnapFeature pipePlus = featureNamed(registry.featuresOf(*scene, pipe), "end +x");
  CHECK(registry.ruleFor(*scene, pipePlus, pipeEnd) == nullptr);  // the same part: no rule
}
