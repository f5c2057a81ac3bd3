// Issue 17 item 1: the paper's mechanisms turn by hand. Dragging any part of the Oldham
// coupling or of the cam and rocker turns the mechanism about its bearing: the drive (a driving
// angle frozen for solving and playback) turns with the hand and the linkage follows, with the
// held constraints met.
#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/core/param_access.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/cam_rocker_scene.h"
#include "flexure/energy/scenes/oldham_scene.h"

using namespace flexure;

namespace {

// A target `distance` along the circle about the axis (point `centre`, direction `axis`)
// through p: what turning the part by hand asks for.
Vec3d turned(const Vec3d& p, const Vec3d& centre, const Vec3d& axis, double distance) {
  const Vec3d radial = (p - centre) - axis * dot(p - centre, axis);
  const Vec3d tangent = cross(axis, radial);
  return p + tangent * (distance / norm(tangent));
}

double camAngle(const Scene& scene) {
  const Node* r = scene.find("cam-rotate");
  const ParameterTable& p = scene.parameters();
  const Quatd q = normalized(Quatd{p.value(r->paramIndex("qw")), p.value(r->paramIndex("qx")),
                                   p.value(r->paramIndex("qy")), p.value(r->paramIndex("qz"))});
  return 2.0 * std::atan2(q.y, q.w);
}

double heldEnergy(Scene& scene, std::initializer_list<const char*> names) {
  EnergyProblem problem(scene, EnergyProblem::activeTerms(scene, 0.0));
  const std::vector<double> e = problem.termEnergies(scene.parameters().values());
  double sum = 0.0;
  for (int k = 0; k < problem.termCount(); ++k)
    for (const char* n : names) sum += problem.term(k).name == n ? e[static_cast<std::size_t>(k)] : 0.0;
  return sum;
}

}  // namespace

TEST_CASE("dragging any part of the Oldham coupling turns it about its bearings", "[drag][mechanism][oldham]") {
  auto scene = buildOldhamScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd solved = scene->parameters().values();
  struct Pick { const char* node; SurfacePoint point; Vec3d centre; };
  const Vec3d axisA{0, 0, 0}, axisB{0, 0.35, 0.15};
  for (const Pick& pick : {Pick{"shaft-a", {0, 0.3, 0.5}, axisA}, Pick{"flange-a", {0, 0.3, 0.5}, axisA},
                           Pick{"tongue-a", {2, 0.5, 0.5}, axisA}, Pick{"disc", {0, 0.3, 0.5}, axisA},
                           Pick{"shaft-b", {0, 0.3, 0.5}, axisB}, Pick{"flange-b", {0, 0.3, 0.5}, axisB},
                           Pick{"tongue-b", {2, 0.5, 0.5}, axisB}}) {
    scene->parameters().values() = solved;
    INFO(pick.node);
    DragSession drag(*scene);
    const DragStatus s = drag.start(pick.node, pick.point);
    INFO(s.reason);
    REQUIRE_FALSE(s.pinned);
    const double a0 = oldhamShaftAngle(*scene, "a");
    Vec3d target = s.point;
    for (int k = 0; k < 6; ++k) {
      target = turned(target, pick.centre, {1, 0, 0}, 0.08);
      const DragStatus m = drag.moveTo(target);
      REQUIRE_FALSE(m.pinned);
      CHECK(m.constraintEnergy < 1e-10);
    }
    const DragStatus e = drag.end();
    const double turn = std::remainder(oldhamShaftAngle(*scene, "a") - a0, 2 * M_PI);
    CHECK(std::abs(turn) > 0.1);  // the drive turned with the hand
    CHECK(e.constraintEnergy < 1e-10);
    // Shaft b follows shaft a through the disc.
    CHECK(std::abs(std::remainder(oldhamShaftAngle(*scene, "b") - oldhamShaftAngle(*scene, "a"), 2 * M_PI)) < 1e-4);
    // The drive is reported (the window keys it at the current frame).
    CHECK_FALSE(e.changedDrives.empty());
    for (int i : e.changedDrives) CHECK(scene->parameters().info(i).owner->name() == "shaft-a-rotate");
    CHECK(scene->parameters().isFrozen(scene->find("shaft-a-rotate")->paramOffset()));  // still frozen for solving
  }
}

TEST_CASE("dragging the cam or the rocker turns the cam in its bearing, the rocker following", "[drag][mechanism][cam]") {
  auto scene = buildCamRockerScene();
  EnergySolver(*scene, EnergySettings{}).run();
  const Eigen::VectorXd solved = scene->parameters().values();
  SECTION("the cam") {
    DragSession drag(*scene);
    const DragStatus s = drag.start("cam", {0, 0.3, 0.5});
    INFO(s.reason);
    REQUIRE_FALSE(s.pinned);
    const double c0 = camAngle(*scene);
    const double f0 = followerCentre(*scene).z;
    Vec3d target = s.point;
    double lowestGap = 1.0;
    for (int k = 0; k < 10; ++k) {
      target = turned(target, {0, 0, 0}, {0, 1, 0}, 0.1);
      drag.moveTo(target);
      CHECK(heldEnergy(*scene, {"camshaft-bearing", "fulcrum-axis"}) < 1e-10);
      lowestGap = std::min(lowestGap, norm(followerCentre(*scene) - camCentre(*scene)) - kCamRadius - kFollowerRadius);
    }
    drag.end();
    INFO("cam turned by " << camAngle(*scene) - c0 << ", follower moved by " << followerCentre(*scene).z - f0
                          << ", lowest gap " << lowestGap);
    CHECK(std::abs(std::remainder(camAngle(*scene) - c0, 2 * M_PI)) > 0.2);
    CHECK(std::abs(followerCentre(*scene).z - f0) > 0.01);  // the rocker follows the cam
    CHECK(lowestGap > -1e-3);                               // and never enters it
  }
  SECTION("the rocker's arm and follower") {
    for (const char* node : {"arm", "follower"}) {
      scene->parameters().values() = solved;
      INFO(node);
      DragSession drag(*scene);
      const DragStatus s = drag.start(node, {0, 0.5, 0.5});
      INFO(s.reason);
      REQUIRE_FALSE(s.pinned);
      const Eigen::VectorXd before = scene->parameters().values();
      const double c0 = camAngle(*scene);
      drag.moveTo(s.point + Vec3d(0, 0, -0.15));  // push the follower into the cam
      CHECK(heldEnergy(*scene, {"camshaft-bearing", "fulcrum-axis"}) < 1e-10);
      CHECK(norm(followerCentre(*scene) - camCentre(*scene)) - kCamRadius - kFollowerRadius > -1e-3);
      drag.end();
      INFO("cam turned by " << camAngle(*scene) - c0);
      CHECK(std::abs(std::remainder(camAngle(*scene) - c0, 2 * M_PI)) > 0.02);  // the cam gives way
      CHECK((scene->parameters().values() - before).norm() > 1e-3);
    }
  }
}
