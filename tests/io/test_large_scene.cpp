// Scale (issue 9, item 6): a scene of 10,000 nodes loads, saves (the round trip is exact) and
// solves. Times are measured by `flexure-cli bench scale`, not here.
#include <catch2/catch.hpp>

#include <filesystem>

#include "flexure/core/solver_registry.h"
#include "flexure/io/grid_scene.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"

using namespace flexure;

TEST_CASE("a 10,000-node scene loads, saves, reloads identically and solves", "[io][scale]") {
  registerAllModules();
  const GridSceneSize size;  // 100 rows x 50 columns
  REQUIRE(size.nodeCount() >= 10000);
  std::unique_ptr<Scene> scene = loadSceneFromString(gridSceneText(size), "grid");
  REQUIRE(scene);
  CHECK(static_cast<int>(scene->nodes().size()) == size.nodeCount() + 1);  // + the root
  CHECK(scene->parameters().size() == 4 * size.rows * size.columns);
  CHECK(static_cast<int>(scene->constraints.size()) == size.rows);

  const std::filesystem::path file = std::filesystem::temp_directory_path() / "flexure-grid-10000.json";
  saveScene(*scene, file.string());
  std::unique_ptr<Scene> reread = loadScene(file.string());
  std::filesystem::remove(file);
  REQUIRE(reread);
  CHECK(sceneToString(*reread) == sceneToString(*scene));
  CHECK(reread->parameters().values() == scene->parameters().values());

  const FamilySolver* energy = SolverRegistry::instance().find("energy");
  REQUIRE(energy);
  REQUIRE(energy->appliesTo(*scene));
  const SolveReport report = energy->solve(*scene, {});
  INFO(report.toJson().dump());
  CHECK(report.converged);
  const ParameterTable& params = scene->parameters();
  for (int r = 0; r < size.rows; r += 33) {
    // The pulled sphere rises to the target; the untied ones do not move.
    CHECK(params.value(params.find("at-" + std::to_string(r) + "-0.z")) == Approx(0.5).margin(1e-4));
    CHECK(params.value(params.find("at-" + std::to_string(r) + "-0.y")) == Approx(r).margin(1e-4));
    CHECK(params.value(params.find("at-" + std::to_string(r) + "-7.z")) == 0.0);
    CHECK(params.value(params.find("ball-" + std::to_string(r) + "-7.radius")) == 0.3);
  }
}
