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
