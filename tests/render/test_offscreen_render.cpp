#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "flexure/render/camera_matrices.h"
#include "flexure/render/glyph_meshes.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/png_writer.h"
#include "render_test_support.h"

using namespace flexure;
using flexure::test::colorDistance;

namespace {

// The renderer must not need an X server: make sure none is reachable from this process.
void forgetDisplay() {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
}

RenderOptions plainOptions() {
  RenderOptions options;
  options.showGrid = false;
  options.showAxisGizmo = false;
  return options;
}

RgbaImage render(const std::vector<TriangleMesh>& meshes, const Camera& camera, int w, int h,
                 const RenderOptions& options = plainOptions()) {
  RgbaImage image;
  std::string error;
  const bool ok = renderMeshesToImage(meshes, paletteStyles(meshes.size()), camera, w, h, options, image, error);
  INFO(error);
  REQUIRE(ok);
  REQUIRE(image.width == w);
  REQUIRE(image.height == h);
  return image;
}

}  // namespace

TEST_CASE("offscreen render of a sphere fills exactly its projected disc, with no display", "[render][offscreen]") {
  forgetDisplay();
  const double radius = 1.0, distance = 5.0;
  Camera camera;
  camera.target = {0, 0, 0};
  camera.eye = {0, -distance, 0};
  camera.up = {0, 0, 1};
  camera.fovYDegrees = 40.0;
  const int w = 160, h = 120;
  const RgbaImage sphere = render({makeSphereMesh({0, 0, 0}, radius, 64)}, camera, w, h);
  const RgbaImage empty = render({}, camera, w, h);

  // Silhouette of a sphere seen from its centre's direction: a circle of angular radius
  // asin(r/d), i.e. tan(asin(r/d)) / tan(fov/2) half-heights of the image.
  const double angular = std::asin(radius / distance);
  const double discRadius = 0.5 * h * std::tan(angular) / std::tan(camera.fovYDegrees * M_PI / 360.0);
  const double cx = 0.5 * w, cy = 0.5 * h;
  int inside = 0, insideHit = 0, outside = 0, outsideClean = 0;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const double r = std::hypot(x + 0.5 - cx, y + 0.5 - cy);
      if (r < discRadius - 1.5) {
        ++inside;
        insideHit += colorDistance(sphere, empty, x, y) > 24 ? 1 : 0;
      } else if (r > discRadius + 1.5) {
        ++outside;
        outsideClean += colorDistance(sphere, empty, x, y) <= 3 ? 1 : 0;
      }
    }
  REQUIRE(inside > 500);
  CHECK(insideHit == inside);
  CHECK(outsideClean == outside);
}

TEST_CASE("offscreen images are upright: world +z is up and +x is right from the front", "[render][offscreen]") {
  forgetDisplay();
  Camera camera;  // front view: looking along +y
  camera.eye = {0, -10, 0};
  camera.target = {0, 0, 0};
  camera.up = {0, 0, 1};
  const int w = 200, h = 200;
  const glm::dvec3 centre(2.0, 0.0, 1.5);  // right of and above the image centre
  const RgbaImage image = render({makeSphereMesh({centre.x, centre.y, centre.z}, 0.5, 32)}, camera, w, h);
  const RgbaImage empty = render({}, camera, w, h);
  glm::dvec2 expected;
  REQUIRE(projectToPixel(camera, w, h, centre, expected));
  CHECK(expected.x > 0.5 * w);
  CHECK(expected.y < 0.5 * h);
  const int ex = static_cast<int>(expected.x), ey = static_cast<int>(expected.y);
  CHECK(colorDistance(image, empty, ex, ey) > 24);
  // The mirror images of that spot (flipped rows or columns) stay background.
  CHECK(colorDistance(image, empty, ex, h - 1 - ey) <= 3);
  CHECK(colorDistance(image, empty, w - 1 - ex, ey) <= 3);
}

TEST_CASE("the lit side of a sphere is the key light's side (upper left)", "[render][offscreen]") {
  forgetDisplay();
  Camera camera;
  camera.eye = {0, -6, 0};
  camera.target = {0, 0, 0};
  const int w = 120, h = 120;
  const RgbaImage image = render({makeSphereMesh({0, 0, 0}, 1.0, 64)}, camera, w, h);
  auto brightness = [&](int x, int y) {
    const std::uint8_t* p = image.pixel(x, y);
    return p[0] + p[1] + p[2];
  };
  // 40 % of the disc radius toward the upper left vs toward the lower right.
  const int r = static_cast<int>(0.4 * 0.5 * h * std::tan(std::asin(1.0 / 6.0)) / std::tan(20.0 * M_PI / 180.0));
  CHECK(brightness(w / 2 - r, h / 2 - r) > brightness(w / 2 + r, h / 2 + r) + 30);
}

TEST_CASE("render options change the picture: grid, wireframe", "[render][offscreen]") {
  forgetDisplay();
  Camera camera;
  camera.eye = {4, -6, 3};
  const std::vector<TriangleMesh> meshes{makeSphereMesh({0, 0, 1}, 1.0, 24)};
  RenderOptions options = plainOptions();
  const RgbaImage shaded = render(meshes, camera, 96, 96, options);
  options.showGrid = true;
  const RgbaImage withGrid = render(meshes, camera, 96, 96, options);
  options.showGrid = false;
  options.shading = ShadingMode::ShadedWireframe;
  const RgbaImage wired = render(meshes, camera, 96, 96, options);
  int gridDiff = 0, wireDiff = 0;
  for (int y = 0; y < 96; ++y)
    for (int x = 0; x < 96; ++x) {
      gridDiff += colorDistance(shaded, withGrid, x, y) > 6 ? 1 : 0;
      wireDiff += colorDistance(shaded, wired, x, y) > 6 ? 1 : 0;
    }
  CHECK(gridDiff > 100);
  CHECK(wireDiff > 100);
}

TEST_CASE("PNG writer produces a readable PNG file", "[render][png]") {
  RgbaImage image;
  image.width = 3;
  image.height = 2;
  image.pixels.assign(3 * 2 * 4, 200);
  const auto path = std::filesystem::temp_directory_path() / "flexure_test_png_writer.png";
  std::string error;
  REQUIRE(writePng(image, path.string(), error));
  std::ifstream in(path, std::ios::binary);
  char signature[8] = {};
  in.read(signature, 8);
  CHECK(std::string(signature + 1, 3) == "PNG");
  std::filesystem::remove(path);
  CHECK_FALSE(writePng(image, "/nonexistent-dir/x.png", error));
  CHECK(error.find("/nonexistent-dir/x.png") != std::string::npos);
}

TEST_CASE("invalid image sizes are refused with a message", "[render][offscreen]") {
  RgbaImage image;
  std::string error;
  CHECK_FALSE(renderMeshesToImage({}, {}, Camera{}, 0, 10, RenderOptions{}, image, error));
  CHECK_FALSE(error.empty());
}
