#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/core/param_access.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/cam_rocker_scene.h"
#include "flexure/energy/terms/collision.h"

using namespace flexure;

namespace {
const CollisionTerm& contact(const Scene& scene) {
  for (const auto& c : scene.constraints)
    if (c->name == "follower-feels-cam") return dynamic_cast<const CollisionTerm&>(*c);
  throw std::runtime_error("no contact");
}

double followerToCamSurface(const Scene& scene) {
  return norm(followerCentre(scene) - camCentre(scene)) - kCamRadius - kFollowerRadius;
}
}  // namespace

TEST_CASE("the cam follower settles onto the cam and tracks it through a cycle", "[cam]") {
  auto scene = buildCamRockerScene();
  CHECK(followerToCamSurface(*scene) > 0.1);  // starts lifted off the cam
  SolveReport r = EnergySolver(*scene, EnergySettings{}).run();
  INFO(r.toJson().dump(1));
  // The valve spring is a load that is never "met"; the solve stops at its equilibrium with
  // the contact, which must hold (no penetration).
  CHECK(r.stopReason != "iteration limit");
  for (const auto& c : r.residuals)
    if (c.name == "follower-feels-cam" || c.name == "fulcrum-axis") CHECK(c.satisfied);
  double lowest = 1e9, highest = -1e9;
  for (int k = 0; k <= 24; ++k) {
    setCamAngle(*scene, k * M_PI / 12.0);
    r = EnergySolver(*scene, EnergySettings{}).run();
    INFO("cam step " << k << ": " << r.toJson().dump());
    CHECK(r.stopReason != "iteration limit");
    const double minI = contact(*scene).minimumImplicit(ValueAccess(scene->parameters().values()));
    CHECK(minI > -1e-3);  // never penetrates the cam
    CHECK(minI < 0.08);   // and stays on it
    const double gap = followerToCamSurface(*scene);
    CHECK(gap > -1e-3);
    CHECK(gap < 0.08);   // tracks the profile
    lowest = std::min(lowest, followerCentre(*scene).z);
    highest = std::max(highest, followerCentre(*scene).z);
  }
  // The eccentric cam lifts the follower by about twice its eccentricity over a turn.
  CHECK(highest - lowest > 1.5 * kCamEccentricity);
}
