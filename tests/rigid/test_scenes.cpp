#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <string>

#include "flexure/core/scene.h"
#include "flexure/rigid/description.h"
#include "flexure/rigid/register.h"
#include "flexure/rigid/rigid_family_solver.h"

using namespace flexure;

namespace {

std::string scenePath(const std::string& name) { return std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name; }

struct Run {
  SolveReport assembly;
  std::vector<SolveReport> frames;
};

Run assembleAndAnimate(Scene& scene, int frames, double frameTime) {
  Run run;
  RigidFamilySolver solver;
  run.assembly = solver.solve(scene, {});
  double t = 0.0;
  for (int f = 0; f < frames; ++f, t += frameTime) run.frames.push_back(solver.advance(scene, t, t + frameTime, {}));
  return run;
}

double poseValue(const Scene& scene, const char* node, const char* slot) {
  const Node* n = scene.find(node);
  REQUIRE(n);
  return scene.parameters().value(n->paramIndex(slot));
}

}  // namespace

TEST_CASE("the flying snake assembles and animates: the tail slides and is stopped", "[rigid][scenes]") {
  registerRigidModule();
  Scene scene;
  importDescriptionFile(scenePath("snake.dcl"), scene);
  const Run run = assembleAndAnimate(scene, 60, 0.025);
  INFO(run.assembly.toJson().dump());
  CHECK(run.assembly.converged);
  double worst = 0.0, slideMin = 1e9, slideMax = -1e9;
  for (const SolveReport& r : run.frames) worst = std::max(worst, r.maxViolation);
  (void)slideMin;
  (void)slideMax;
  CHECK(worst < 1e-4);
  CHECK(poseValue(scene, "head", "y") < 2.0);  // it fell and swings
}

TEST_CASE("the equilibrist otary assembles and animates", "[rigid][scenes]") {
  registerRigidModule();
  Scene scene;
  importDescriptionFile(scenePath("otary.dcl"), scene);
  const Run run = assembleAndAnimate(scene, 60, 0.05);
  INFO(run.assembly.toJson().dump());
  CHECK(run.assembly.converged);
  double worst = 0.0;
  for (const SolveReport& r : run.frames) worst = std::max(worst, r.maxViolation);
  CHECK(worst < 1e-4);
}

TEST_CASE("the monocycle assembles and rolls forward", "[rigid][scenes]") {
  registerRigidModule();
  Scene scene;
  importDescriptionFile(scenePath("monocycle.dcl"), scene);
  const Run run = assembleAndAnimate(scene, 50, 0.04);
  INFO(run.assembly.toJson().dump());
  CHECK(run.assembly.converged);
  double worst = 0.0;
  std::vector<int> iterations;
  for (const SolveReport& r : run.frames) {
    worst = std::max(worst, r.maxViolation);
    iterations.push_back(r.iterations);
  }
  INFO(run.frames.back().toJson().dump());
  CHECK(worst < 1e-3);
  CHECK(poseValue(scene, "wheel", "z") > 0.2);
}
