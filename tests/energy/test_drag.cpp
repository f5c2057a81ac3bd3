#include <catch2/catch.hpp>

#include "flexure/core/param_access.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/pipefitting_scene.h"

#include "distance_test_support.h"

using namespace flexure;
using flexure::test::largestDistance;

namespace {
// Surface samples of every pipe of a chain, in world space: what the user sees.
std::vector<Vec3d> chainSamples(const Scene& scene, int pipes) {
  const ValueAccess values(scene.parameters().values());
  std::vector<Vec3d> out;
  for (int i = 0; i < pipes; ++i) {
    const Path path = scene.pathTo(static_cast<const Primitive&>(*scene.find("pipe" + std::to_string(i))));
    for (double u : {0.0, 0.5})
      for (double v : {0.0, 0.5, 1.0}) out.push_back(pathPosition(path, values, 0, u, v));
  }
  return out;
}

std::vector<Vec3d> chainNormals(const Scene& scene, int pipes) {
  const ValueAccess values(scene.parameters().values());
  std::vector<Vec3d> out;
  for (int i = 0; i < pipes; ++i) {
    const Path path = scene.pathTo(static_cast<const Primitive&>(*scene.find("pipe" + std::to_string(i))));
    for (double v : {0.0, 0.5, 1.0}) out.push_back(pathNormal(path, values, 0, 0.25, v));
  }
  return out;
}

}  // namespace

TEST_CASE("a scripted drag is smooth, keeps the constraints and is reversible", "[drag]") {
  constexpr int kPipes = 3;
  auto scene = buildPipeChainScene(kPipes, 0.0);
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const std::vector<Vec3d> startSamples = chainSamples(*scene, kPipes);

  DragSession drag(*scene);
  const DragStatus s = drag.start("pipe2", {0, 0.25, 1.0});
  REQUIRE(s.active);
  REQUIRE_FALSE(s.pinned);
  const Vec3d p0 = s.point;
  const Vec3d step{0.0, 0.04, 0.02};
  constexpr int kSteps = 10;

  double largestJump = 0.0, worstConstraint = 0.0;
  int flips = 0;
  std::vector<Vec3d> lastSamples = startSamples, lastNormals = chainNormals(*scene, kPipes);
  auto record = [&] {
    const std::vector<Vec3d> samples = chainSamples(*scene, kPipes), normals = chainNormals(*scene, kPipes);
    largestJump = std::max(largestJump, largestDistance(samples, lastSamples));
    for (std::size_t i = 0; i < normals.size(); ++i) flips += dot(normals[i], lastNormals[i]) < 0.5;
    worstConstraint = std::max(worstConstraint, drag.status().constraintEnergy);
    lastSamples = samples;
    lastNormals = normals;
  };
  for (int k = 1; k <= kSteps; ++k) {
    const Vec3d target = p0 + step * double(k);
    const DragStatus st = drag.moveTo(target);
    REQUIRE_FALSE(st.pinned);
    // The picked point follows the target (the chain is flexible enough to reach it).
    CHECK(norm(st.point - target) < 0.02);
    record();
  }
  const Vec3d far = drag.pointPosition();
  CHECK(norm(far - p0) > 0.3);
  for (int k = kSteps - 1; k >= 0; --k) {
    drag.moveTo(p0 + step * double(k));
    record();
  }
  const DragStatus done = drag.end();
  CHECK(done.constraintEnergy < 1e-10);
  INFO("largest per-step jump " << largestJump << ", flips " << flips << ", worst constraint energy "
                                << worstConstraint);
  // Smooth: no sample of any pipe moves more than a few target steps per step; nothing flips.
  CHECK(largestJump < 3.0 * norm(step));
  CHECK(flips == 0);
  // The other constraints (the joins) stay met all along.
  CHECK(worstConstraint < 1e-10);
  // Reversible: back at the start target, the chain is where it started.
  const double hysteresis = largestDistance(chainSamples(*scene, kPipes), startSamples);
  INFO("hysteresis " << hysteresis);
  CHECK(hysteresis < 1e-3);
}

TEST_CASE("dragging a part the constraints pin is a graceful no-op that says why", "[drag]") {
  // With the bend's start and stop frozen, the two joins determine the pipe completely (the
  // quaternion's scale moves nothing): the pipe is pinned.
  auto scene = buildPipefittingScene();
  const Node* bend = scene->find("pipe-bend");
  scene->parameters().setFrozen(bend->paramIndex("start"), true);
  scene->parameters().setFrozen(bend->paramIndex("stop"), true);
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd solved = scene->parameters().values();

  SECTION("fully constrained moving pipe") {
    // With start and stop free the pipe could slide along its family of solutions instead.
    DragSession drag(*scene);
    const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
    CHECK(s.pinned);
    CHECK_FALSE(s.active);
    CHECK(s.reason.find("pipe") != std::string::npos);
    const DragStatus m = drag.moveTo(s.point + Vec3d(0.3, 0, 0));
    CHECK_FALSE(m.active);
    CHECK(scene->parameters().values() == solved);
  }
  SECTION("a pipe whose parameters are all frozen") {
    DragSession drag(*scene);
    const DragStatus s = drag.start("fixed-a", {0, 0.5, 0.5});
    CHECK(s.pinned);
    CHECK(s.reason.find("frozen") != std::string::npos);
    CHECK(scene->parameters().values() == solved);
  }
  SECTION("an unknown node") {
    DragSession drag(*scene);
    CHECK(drag.start("nothing", {}).pinned);
  }
}

TEST_CASE("a drag moves the picked point toward the target while the joins stay met", "[drag]") {
  // Pipefitting with fixed-b's translation freed: dragging fixed-b pulls the bent pipe along.
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Node* t = scene->find("fixed-b-translate");
  for (const char* s : {"x", "z"}) scene->parameters().setFrozen(t->paramIndex(s), false);
  DragSession drag(*scene);
  const DragStatus s = drag.start("fixed-b", {0, 0.0, 0.5});
  REQUIRE(s.active);
  const Vec3d target = s.point + Vec3d(0.3, 0.0, -0.2);
  const double before = norm(s.point - target);
  const DragStatus m = drag.moveTo(target);
  CHECK(norm(m.point - target) < 0.1 * before);
  CHECK(m.constraintEnergy < 1e-10);
  CHECK(scene->parameters().value(t->paramIndex("y")) == 0.0);  // still frozen
}
