// Issue 26: one drag rule for Auto, the stiffness ladder of the drag's metric (drag_metric.h).
// With no special case per scene: a free part dragged anywhere on it translates; a part whose
// translation is held but whose rotation is free turns about that hinge; a part whose placement
// is held bends and stretches. And a drag whose minimizer lies a large turn away swings over to
// it in bounded turns instead of jumping.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "flexure/core/grip.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/param_access.h"
#include "flexure/core/primitives/tube.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/oldham_scene.h"
#include "flexure/energy/scenes/pipefitting_scene.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/attach_point.h"

using namespace flexure;

namespace {

constexpr double kPi = 3.14159265358979323846;

// A tube as Add ▸ Primitives ▸ tube makes it: tube-translate ▸ tube-rotate ▸ tube, placement free.
std::unique_ptr<Scene> placedTube(const Vec3d& at = {0.3, -0.2, 0.5}, const Quatd& turn = {1, 0, 0, 0}) {
  auto scene = std::make_unique<Scene>();
  Node& t = addNamed(*scene, std::make_unique<TranslateOperator>(), "tube-translate");
  Node& r = addNamed(*scene, std::make_unique<RotateOperator>(), "tube-rotate", &t);
  addNamed(*scene, std::make_unique<TubePrimitive>(), "tube", &r);
  setVec(*scene, t, at);
  setQuat(*scene, r, turn);
  return scene;
}

double value(const Scene& scene, const char* name) { return scene.parameters().value(scene.parameters().find(name)); }

// The angle (radians) of the rotation between two quaternions of a rotate's slots.
double turnBetween(const Scene& scene, const std::string& rotate, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  const int i = scene.find(rotate)->paramOffset();
  Eigen::Vector4d qa = a.segment(i, 4), qb = b.segment(i, 4);
  qa.normalize();
  qb.normalize();
  return 2.0 * std::acos(std::min(1.0, std::abs(qa.dot(qb))));
}

// Largest angle between unit normals of every part's surface samples at Ψ = a and Ψ = b.
double largestNormalTurn(Scene& scene, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  double largest = 0.0;
  for (const Path& path : scene.paths())
    for (int patch = 0; patch < std::min(path.leaf->patchCount(), 4); ++patch)
      for (double u : {0.2, 0.6})
        for (double v : {0.3, 0.7}) {
          const Vec3d na = normalized(pathNormal(path, ValueAccess(a), patch, u, v));
          const Vec3d nb = normalized(pathNormal(path, ValueAccess(b), patch, u, v));
          if (!std::isfinite(na.x) || !std::isfinite(nb.x)) continue;
          largest = std::max(largest, std::acos(std::clamp(dot(na, nb), -1.0, 1.0)));
        }
  return largest;
}

}  // namespace

TEST_CASE("the ladder's metric: translations cheapest, rotations dearer by the part's size, shape dearest",
          "[drag][ladder]") {
  auto scene = placedTube();
  const std::vector<ParameterMotion> t = nodeParameterMotion(*scene, *scene->find("tube-translate"));
  const std::vector<ParameterMotion> r = nodeParameterMotion(*scene, *scene->find("tube-rotate"));
  const std::vector<ParameterMotion> s = nodeParameterMotion(*scene, *scene->find("tube"));
  REQUIRE(t.size() == 3);
  REQUIRE(r.size() == 4);
  for (const ParameterMotion& m : t) {
    CHECK(m.kind == ParameterKind::Translation);
    CHECK(m.scale == Approx(1.0));  // every point moves one unit per unit
  }
  for (const ParameterMotion& m : r) CHECK(m.kind == ParameterKind::Rotation);
  for (const ParameterMotion& m : s) CHECK(m.kind == ParameterKind::Shape);
  // One weight for all four slots of a rotation (the same turn costs the same about any axis).
  CHECK(r[1].scale == Approx(r[2].scale));
  CHECK(r[0].scale == Approx(r[3].scale));
  // The same tube twice as long and wide (its wall as thin as before): its rotations cost about
  // four times as much, its translations the same.
  auto large = placedTube();
  setParam(*large, *large->find("tube"), "length", 4.0);
  setParam(*large, *large->find("tube"), "radius", 1.0);
  const std::vector<ParameterMotion> r2 = nodeParameterMotion(*large, *large->find("tube-rotate"));
  CHECK(r2[2].scale == Approx(4.0 * r[2].scale).epsilon(0.05));
  CHECK(nodeParameterMotion(*large, *large->find("tube-translate"))[0].scale == Approx(1.0));
}

TEST_CASE("in Auto a free part dragged anywhere on it translates", "[drag][ladder]") {
  // Issue 26 item 1: pulled near its end, the newly added tube turned by 30° about its centre.
  const SurfacePoint picks[] = {{0, 0.25, 0.97}, {0, 0.6, 0.5}, {3, 0.3, 0.5}, {1, 0.1, 0.05}, {2, 0.8, 0.9}};
  const Vec3d pulls[] = {{0.0, 1.5, 0.3}, {-2.0, 0.4, -0.6}, {0.7, -0.3, 2.2}, {4.0, 3.0, -1.0}};
  for (const Quatd& turn : {Quatd{1, 0, 0, 0}, Quatd{0.8, 0.2, -0.4, 0.4}}) {
    for (const SurfacePoint& pick : picks)
      for (const Vec3d& pull : pulls) {
        auto scene = placedTube({0.3, -0.2, 0.5}, turn);
        const Eigen::VectorXd before = scene->parameters().values();
        DragSession drag(*scene);
        drag.setMode(DragMode::Auto);
        const DragStatus s = drag.start("tube", pick);
        REQUIRE_FALSE(s.pinned);
        // In steps, as a mouse moves.
        DragStatus m;
        for (int k = 1; k <= 10; ++k) m = drag.moveTo(s.point + pull * (k / 10.0));
        drag.end();
        const Eigen::VectorXd after = scene->parameters().values();
        INFO("pick patch " << pick.patch << " (" << pick.u << ", " << pick.v << "), pull (" << pull.x << ", "
                           << pull.y << ", " << pull.z << ")");
        CHECK(turnBetween(*scene, "tube-rotate", before, after) < 0.5 * kPi / 180.0);
        CHECK(norm(m.point - (s.point + pull)) < 1e-3);  // the grabbed point under the cursor
        // The ladder's shape weight is 10⁶ times a translation's: sizes change by parts per million.
        for (const char* slot : {"tube.length", "tube.radius", "tube.thickness"})
          CHECK(std::abs(value(*scene, slot) - before[scene->parameters().find(slot)]) < 1e-4);
      }
  }
}

TEST_CASE("in Auto a part whose translation is held turns about that hinge", "[drag][ladder]") {
  // The lamp's arm on its pivot: the translate frozen, the rotation free.
  auto pivot = placedTube({0, 0, 1});
  for (const char* slot : {"x", "y", "z"})
    pivot->parameters().setFrozen(pivot->parameters().find(std::string("tube-translate.") + slot), true);
  // A tube whose -x end is attached to a fixed point: its translation follows its turn.
  auto joined = placedTube({1, 0, 0});
  {
    auto attach = std::make_unique<AttachPointTerm>();
    attach->name = "joint";
    attach->point.ref.node = "tube";
    attach->point.at = "local";
    attach->point.local = {-1, 0, 0};
    attach->target = {0, 0, 0};
    joined->constraints.push_back(std::move(attach));
    joined->resolveReferences();
    REQUIRE(EnergySolver(*joined, EnergySettings{}).run().converged);
  }
  for (Scene* scene : {pivot.get(), joined.get()}) {
    const Eigen::VectorXd before = scene->parameters().values();
    DragSession drag(*scene);
    drag.setMode(DragMode::Auto);
    const DragStatus s = drag.start("tube", {0, 0.25, 0.95});
    REQUIRE_FALSE(s.pinned);
    // Round the hinge, within reach: the grabbed point turned by up to 40° about the tube's -x end
    // (the pivot at the translate's origin for the first scene, the attached end for the second).
    const Vec3d hinge = scene == pivot.get() ? Vec3d(0, 0, 1) : Vec3d(0, 0, 0);
    DragStatus m;
    for (int k = 1; k <= 10; ++k) {
      const Quatd turn = Quatd::fromAxisAngle(normalized(Vec3d(0, -0.4, 1)), 0.07 * k);
      m = drag.moveTo(hinge + rotate(turn, s.point - hinge));
    }
    const Vec3d goal = hinge + rotate(Quatd::fromAxisAngle(normalized(Vec3d(0, -0.4, 1)), 0.7), s.point - hinge);
    const DragStatus e = drag.end();
    const Eigen::VectorXd after = scene->parameters().values();
    const double turned = turnBetween(*scene, "tube-rotate", before, after);
    INFO((scene == pivot.get() ? "pivot" : "joined") << ": turned " << turned * 180 / kPi << "°");
    CHECK(turned > 30.0 * kPi / 180.0);
    CHECK(e.constraintEnergy < 1e-10);
    CHECK(norm(m.point - goal) < 1e-3);
    // Shape is a thousand times a rotation's weight: a turn of 0.7 rad changes sizes by < 5e-4.
    for (const char* slot : {"tube.length", "tube.radius"})
      CHECK(std::abs(value(*scene, slot) - before[scene->parameters().find(slot)]) < 5e-4);
  }
}

TEST_CASE("in Auto a part whose placement is held bends and stretches", "[drag][ladder]") {
  // pipefitting's bent pipe is joined at both ends: its placement cannot follow the hand.
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Auto);
  const DragStatus s = drag.start("pipe", {0, 0.25, 0.5});
  REQUIRE_FALSE(s.pinned);
  DragStatus m;
  for (int k = 1; k <= 6; ++k) m = drag.moveTo(s.point + Vec3d(0.0, 0.05 * k, 0.03 * k));
  const DragStatus e = drag.end();
  CHECK(norm(m.point - s.point) > 0.1);  // as far as its joints let the pipe reach that way
  CHECK(e.constraintEnergy < 1e-10);
  double shapeChange = 0.0;
  for (const char* slot : {"pipe.length", "pipe-bend.amount"})
    shapeChange += std::abs(value(*scene, slot) - before[scene->parameters().find(slot)]);
  CHECK(shapeChange > 1e-2);
}

TEST_CASE("in Rotate a part only turns about its placement's origin", "[drag][ladder][modes]") {
  auto scene = placedTube({0.3, -0.2, 0.5});
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Rotate);
  const DragStatus s = drag.start("tube", {0, 0.25, 0.95});
  REQUIRE_FALSE(s.pinned);
  for (int k = 1; k <= 5; ++k) drag.moveTo(s.point + Vec3d(0, 0.1 * k, 0));
  drag.end();
  const Eigen::VectorXd after = scene->parameters().values();
  for (const char* slot : {"tube-translate.x", "tube-translate.y", "tube-translate.z", "tube.length", "tube.radius"})
    CHECK(value(*scene, slot) == before[scene->parameters().find(slot)]);
  CHECK(turnBetween(*scene, "tube-rotate", before, after) > 10.0 * kPi / 180.0);
}

TEST_CASE("an Auto drag of the Oldham coupling never turns a part by more than 30° between two moves",
          "[drag][ladder][oldham]") {
  // Issue 26 item 4: tongue-b dragged along a random path of small moves turned the mechanism by
  // more than 90° between consecutive moves (the grabbed point near the axis it turns about).
  auto scene = buildOldhamScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd solved = scene->parameters().values();
  double worstTurn = 0.0;
  int settles = 0;
  for (unsigned seed = 1; seed <= 6; ++seed) {
    scene->parameters().values() = solved;
    DragSession drag(*scene);
    drag.setMode(DragMode::Auto);
    // Near the middle of the tongue's face, a little off the output shaft's axis: a small pull
    // there asks for a large turn of the whole mechanism.
    const DragStatus s = drag.start("tongue-b", {0, 0.5, 0.56});
    REQUIRE_FALSE(s.pinned);
    std::mt19937 rng(seed);
    std::normal_distribution<double> gauss;
    Vec3d target = s.point;
    for (int k = 0; k < 40; ++k) {
      Vec3d d{gauss(rng), gauss(rng), gauss(rng)};
      target = target + d * (0.06 / norm(d));
      const Eigen::VectorXd previous = scene->parameters().values();
      DragStatus m = drag.moveToward(target);  // as the window moves: one bounded turn
      worstTurn = std::max(worstTurn, largestNormalTurn(*scene, previous, scene->parameters().values()));
      // The session settles between moves while the mouse rests: each settle is bounded too.
      for (int k2 = 0; k2 < 3 && m.settling; ++k2, ++settles) {  // the frames before the next move
        const Eigen::VectorXd before = scene->parameters().values();
        m = drag.settle();
        worstTurn = std::max(worstTurn, largestNormalTurn(*scene, before, scene->parameters().values()));
      }
    }
    CHECK(drag.end().constraintEnergy < 1e-8);
  }
  INFO("largest turn between two moves " << worstTurn * 180 / kPi << "°, " << settles << " settle steps");
  CHECK(worstTurn < 30.0 * kPi / 180.0);
}


TEST_CASE("a tube's end grip changes its length and keeps the other end where it is", "[drag][grip]") {
  auto scene = placedTube({0.3, -0.2, 0.5}, Quatd::fromAxisAngle(normalized(Vec3d(0.3, -0.5, 0.8)), 1.1));
  const auto& tube = static_cast<const Primitive&>(*scene->find("tube"));
  const std::vector<PlacedGrip> grips = placedGrips(*scene, tube);
  const PlacedGrip* end = nullptr;
  for (const PlacedGrip& g : grips)
    if (g.grip.name == "end +x") end = &g;
  REQUIRE(end != nullptr);
  REQUIRE(end->pinned);
  const Path path = scene->pathTo(tube);
  auto world = [&](const SurfacePoint& p) {
    return pathPosition(path, ValueAccess(scene->parameters().values()), p.patch, p.u, p.v);
  };
  const Vec3d otherEnd = world(*end->pinned);
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Auto);
  drag.setGrip(end->parameters, {*end->pinned});
  const DragStatus s = drag.start("tube", end->surface);
  INFO(s.reason);
  REQUIRE_FALSE(s.pinned);
  CHECK(norm(s.point - end->world) < 1e-12);
  for (int k = 1; k <= 5; ++k) drag.moveTo(end->world + end->worldDirection * (0.3 * k));
  drag.end();
  // 1.5 pulled out: the anchor's pull back (ε = 1e-4 on a shape) leaves it short by < 1e-4.
  CHECK(value(*scene, "tube.length") == Approx(3.5).margin(1e-4));
  CHECK(norm(world(*end->pinned) - otherEnd) < 1e-6);  // the other end stayed
  for (const char* slot : {"tube.radius", "tube.thickness", "tube-rotate.qw", "tube-rotate.qx"})
    CHECK(value(*scene, slot) == before[scene->parameters().find(slot)]);
}

TEST_CASE("a tube's rim grip changes only its radius", "[drag][grip]") {
  auto scene = placedTube();
  const auto& tube = static_cast<const Primitive&>(*scene->find("tube"));
  const Eigen::VectorXd before = scene->parameters().values();
  for (const PlacedGrip& g : placedGrips(*scene, tube)) {
    if (g.grip.name != "radius") continue;
    DragSession drag(*scene);
    drag.setMode(DragMode::Auto);
    drag.setGrip(g.parameters, {});
    REQUIRE_FALSE(drag.start("tube", g.surface).pinned);
    // A pull off the grip's line: only the radius may answer it.
    drag.moveTo(g.world + g.worldDirection * 0.25 + Vec3d(0.4, 0.3, 0));
    drag.end();
  }
  CHECK(value(*scene, "tube.radius") == Approx(0.75).epsilon(1e-3));
  for (int i = 0; i < scene->parameters().size(); ++i)
    if (scene->parameters().info(i).qualifiedName() != "tube.radius")
      CHECK(scene->parameters().value(i) == before[i]);
}
