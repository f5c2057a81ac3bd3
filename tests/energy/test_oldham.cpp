#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/oldham_scene.h"

using namespace flexure;

namespace {
double angleDifference(double a, double b) { return std::remainder(a - b, 2 * M_PI); }
}  // namespace

TEST_CASE("the Oldham coupling assembles from loose parts", "[oldham]") {
  auto scene = buildOldhamScene();
  EnergySolver solver(*scene, EnergySettings{});
  solver.init();
  CHECK(solver.state().energy > 0.1);
  const SolveReport r = solver.run();
  INFO(r.toJson().dump(1));
  CHECK(r.converged);
  CHECK(r.energy < 1e-10);
  // Assembled: the driven shaft turned to the driver's angle.
  CHECK(std::abs(angleDifference(oldhamShaftAngle(*scene, "b"), oldhamShaftAngle(*scene, "a"))) < 1e-4);
}

TEST_CASE("turning the driving shaft turns the driven shaft by the same angle", "[oldham][animation]") {
  auto scene = buildOldhamScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  double previousB = oldhamShaftAngle(*scene, "b");
  for (int k = 1; k <= 24; ++k) {
    const double angle = k * M_PI / 12.0;  // a full turn in 15° steps
    setOldhamDriveAngle(*scene, angle);
    const SolveReport r = EnergySolver(*scene, EnergySettings{}).run();
    INFO("step " << k << ": " << r.toJson().dump());
    REQUIRE(r.converged);
    const double b = oldhamShaftAngle(*scene, "b");
    CHECK(std::abs(angleDifference(b, angle)) < 1e-4);
    // It follows continuously, 15° per step, never jumping by the groove's half-turn symmetry.
    CHECK(std::abs(angleDifference(b, previousB) - M_PI / 12.0) < 1e-3);
    previousB = b;
  }
}
