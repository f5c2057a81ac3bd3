#include <catch2/catch.hpp>

#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/pipefitting_scene.h"
#include "flexure/energy/terms/attach_pipes.h"

using namespace flexure;

TEST_CASE("pipefitting assembles from its stored start", "[pipefitting]") {
  auto scene = buildPipefittingScene();
  EnergySolver solver(*scene, EnergySettings{});
  solver.init();
  CHECK(solver.problem().freeCount() == 13);
  const SolveReport r = solver.run();
  INFO(r.toJson().dump(2));
  CHECK(r.converged);
  CHECK(r.energy < 1e-10);
}
