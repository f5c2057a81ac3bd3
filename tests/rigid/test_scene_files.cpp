// The .json scenes are generated from the description files through the io module's saver:
// this test checks they are up to date (regenerate with FLEXURE_REGENERATE_SCENES=1) and that
// each loads, assembles and animates.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "flexure/io/scene_file.h"
#include "flexure/rigid/description.h"
#include "flexure/rigid/register.h"
#include "flexure/rigid/rigid_family_solver.h"

using namespace flexure;

namespace {
std::string readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("the .json scenes match their description files and animate", "[rigid][scenes][io]") {
  registerRigidModule();
  for (const char* name : {"snake", "otary", "monocycle"}) {
    INFO(name);
    const std::string base = std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name;
    Scene imported;
    importDescriptionFile(base + ".dcl", imported);
    imported.description = std::string("Generated from scenes/") + name + ".dcl (docs/description-language.md)";
    const std::string text = sceneToString(imported);
    if (std::getenv("FLEXURE_REGENERATE_SCENES")) saveScene(imported, base + ".json");
    CHECK(readText(base + ".json") == text);

    std::unique_ptr<Scene> scene = loadScene(base + ".json");
    RigidFamilySolver solver;
    const SolveReport assembly = solver.solve(*scene, {});
    CHECK(assembly.converged);
    double worst = 0.0;
    for (int f = 0; f < 10; ++f) worst = std::max(worst, solver.advance(*scene, f * 0.04, (f + 1) * 0.04, {}).maxViolation);
    CHECK(worst < 1e-3);
  }
}

TEST_CASE("a solid with impossible physical data is refused at the value", "[rigid][io][limits]") {
  registerRigidModule();
  struct Case {
    const char* fields;  // inserted into the solid's object
    const char* at;      // the error is at the first occurrence of this on line 2
    const char* path;
    const char* message;
  };
  const Case cases[] = {
      {R"("mass": -1)", "-1", "nodes[0].mass", "mass must not be negative"},
      {R"("density": -2)", "-2", "nodes[0].density", "density must be positive"},
      {R"("density": 0)", "0}", "nodes[0].density", "density must be positive"},
      {R"("inertia": [1, 1, 1, 5, 0, 0])", "[1, 1, 1, 5", "nodes[0].inertia", "inertia is not positive definite"},
      {R"("inertia": [1, -1, 1, 0, 0, 0])", "[1, -1", "nodes[0].inertia", "inertia is not positive definite"},
      {R"("inertia": [1, 1, 1])", "[1, 1, 1]", "nodes[0].inertia", "inertia needs 6 numbers"},
      {R"("rotation_ability": 0)", "0}", "nodes[0].rotation_ability", "rotation_ability must be positive"},
      {R"("loads": [{"force": [0, 1, 0], "from": 2, "until": 1}])", "1}", "nodes[0].loads[0].until", "until must not be before from"},
  };
  for (const Case& c : cases) {
    const std::string text = std::string("{\"format\": \"flexure-scene\", \"version\": 1,\n\"nodes\": [{\"type\": \"solid\", ") +
                             c.fields + "}]}";
    INFO(text);
    try {
      readSceneString(text, "solid.json");
      FAIL("no error");
    } catch (const LoadError& e) {
      const std::string line2 = text.substr(text.find('\n') + 1);
      CHECK(e.where().line == 2);
      CHECK(e.where().column == static_cast<int>(line2.find(c.at)) + 1);
      CHECK(e.jsonPath() == c.path);
      CHECK_THAT(e.message(), Catch::Contains(c.message));
    }
  }
  // Zero mass still means "from the shapes and the density"; a positive definite inertia with
  // products of inertia loads.
  const std::string good = "{\"format\": \"flexure-scene\", \"version\": 1, \"nodes\": [{\"name\": \"s\", \"type\": \"solid\", "
                           "\"mass\": 0, \"inertia\": [2, 2, 2, 0.5, 0.25, 0]}]}";
  CHECK(readSceneString(good, "good.json").scene->find("s"));
}
