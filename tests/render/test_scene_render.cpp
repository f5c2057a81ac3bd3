#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>

#include "flexure/core/tessellation.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/render/offscreen_render.h"

using namespace flexure;

namespace {

std::unique_ptr<Scene> loadPipeScene() {
  registerAllModules();
  return loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/pipe.json");
}

// Which channel dominates a colour: 0 red, 1 green, 2 blue.
int dominantChannel(const std::uint8_t* p) {
  if (p[0] >= p[1] && p[0] >= p[2]) return 0;
  return p[1] >= p[2] ? 1 : 2;
}

// Fraction of a mesh's visible-side vertices whose pixel shows the mesh's own palette hue.
double fractionInOwnColour(const RgbaImage& image, const Camera& camera, const TriangleMesh& mesh, int paletteIndex) {
  const ColorRgb c = paletteColor(paletteIndex);
  const std::uint8_t expected[3] = {static_cast<std::uint8_t>(c.r * 255), static_cast<std::uint8_t>(c.g * 255),
                                    static_cast<std::uint8_t>(c.b * 255)};
  int sampled = 0, matching = 0;
  for (std::size_t v = 0; v < mesh.positions.size(); v += 7) {
    glm::dvec2 pixel;
    if (!projectToPixel(camera, image.width, image.height, toGlm(mesh.positions[v]), pixel)) continue;
    const int x = static_cast<int>(pixel.x), y = static_cast<int>(pixel.y);
    if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
    ++sampled;
    matching += dominantChannel(image.pixel(x, y)) == dominantChannel(expected) ? 1 : 0;
  }
  return sampled > 0 ? static_cast<double>(matching) / sampled : 0.0;
}

}  // namespace

TEST_CASE("the pipe scene renders from its camera: the bent pipe between its two neighbours", "[render][scene]") {
  ::unsetenv("DISPLAY");
  const auto scene = loadPipeScene();
  RgbaImage image;
  std::string error;
  REQUIRE(renderSceneToImage(*scene, 480, 300, image, error));
  const std::vector<TriangleMesh> meshes = tessellateScene(*scene);
  REQUIRE(meshes.size() == 3);
  // Each pipe appears, in its own palette colour, where the scene camera projects it.
  for (std::size_t i = 0; i < meshes.size(); ++i) {
    INFO("mesh " << meshes[i].name);
    CHECK(fractionInOwnColour(image, scene->camera, meshes[i], static_cast<int>(i)) > 0.6);
  }
}

TEST_CASE("a scene camera that sees nothing falls back to framing the whole model", "[render][scene]") {
  ::unsetenv("DISPLAY");
  auto scene = loadPipeScene();
  scene->camera.eye = {0, 0, 50};
  scene->camera.target = {0, 0, 100};  // looking up into the sky
  scene->camera.up = {0, 1, 0};
  RgbaImage image;
  std::string error;
  REQUIRE(renderSceneToImage(*scene, 320, 200, image, error));
  // The model is now in the picture: the sand-coloured first pipe shows up.
  int warm = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) {
      const std::uint8_t* p = image.pixel(x, y);
      warm += (p[0] > p[2] + 50 && p[0] > 120) ? 1 : 0;
    }
  CHECK(warm > 300);
}

TEST_CASE("renderSceneToPng writes the file it is asked for", "[render][scene]") {
  ::unsetenv("DISPLAY");
  const auto scene = loadPipeScene();
  const auto path = std::filesystem::temp_directory_path() / "flexure_test_scene_render.png";
  std::string error;
  REQUIRE(renderSceneToPng(*scene, 200, 120, path.string(), error));
  CHECK(std::filesystem::file_size(path) > 1000);
  std::filesystem::remove(path);
}
