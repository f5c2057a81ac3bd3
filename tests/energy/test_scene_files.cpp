// The stored scenes in scenes/ load with the io module's reader and solve from their start.
#include <catch2/catch.hpp>

#if FLEXURE_ENERGY_HAS_IO
#include <cmath>

#include "flexure/energy/energy_solver.h"
#include "flexure/energy/register.h"
#include "flexure/energy/scenes/cam_rocker_scene.h"
#include "flexure/energy/scenes/oldham_scene.h"
#include "flexure/energy/scenes/pipefitting_scene.h"
#include "flexure/io/scene_file.h"

using namespace flexure;

namespace {
std::unique_ptr<Scene> stored(const char* name) {
  registerEnergyModule();
  return loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name);
}

// The file holds the same start as the builder (scene files are written from the builders).
void checkSameStart(const Scene& file, const Scene& built) {
  REQUIRE(file.parameters().size() == built.parameters().size());
  CHECK(file.parameters().values() == built.parameters().values());
  CHECK(file.constraints.size() == built.constraints.size());
  CHECK(file.parameters().freeIndices() == built.parameters().freeIndices());
}
}  // namespace

TEST_CASE("scenes/pipefitting.json and pipefitting-moved.json solve from their stored start", "[scenes][pipefitting]") {
  auto scene = stored("pipefitting.json");
  checkSameStart(*scene, *buildPipefittingScene());
  EnergySolver solver(*scene, EnergySettings{});
  solver.init();
  CHECK(solver.problem().freeCount() == 13);
  CHECK(solver.run().converged);

  auto moved = stored("pipefitting-moved.json");
  EnergySolver second(*moved, EnergySettings{});
  second.init();
  CHECK(second.state().energy > 0.01);  // the solved pipe no longer meets the moved fixed pipe
  CHECK(second.run().converged);
}

TEST_CASE("scenes/oldham.json assembles and turns", "[scenes][oldham]") {
  auto scene = stored("oldham.json");
  checkSameStart(*scene, *buildOldhamScene());
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  setOldhamDriveAngle(*scene, 0.5);
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  CHECK(std::abs(std::remainder(oldhamShaftAngle(*scene, "b") - 0.5, 2 * M_PI)) < 1e-4);
}

TEST_CASE("scenes/cam-rocker.json settles the follower on the cam", "[scenes][cam]") {
  auto scene = stored("cam-rocker.json");
  checkSameStart(*scene, *buildCamRockerScene());
  const SolveReport r = EnergySolver(*scene, EnergySettings{}).run();
  CHECK(r.stopReason != "iteration limit");
  const double gap = norm(followerCentre(*scene) - camCentre(*scene)) - kCamRadius - kFollowerRadius;
  CHECK(gap > -1e-3);
  CHECK(gap < 0.08);
}
#endif
