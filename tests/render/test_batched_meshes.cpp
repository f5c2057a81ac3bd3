// Scene meshes are drawn batched (a few draw calls for thousands of meshes, colours per vertex)
// or one draw call each; both must give the same picture.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "flexure/render/glyph_meshes.h"
#include "flexure/render/offscreen_render.h"

using namespace flexure;

namespace {

// A 24 x 24 grid of small spheres and cones, some overlapping their neighbours, some without
// normals (the renderer computes them), one empty mesh in the middle of the list.
std::vector<TriangleMesh> manyMeshes() {
  std::vector<TriangleMesh> meshes;
  for (int i = 0; i < 24; ++i)
    for (int j = 0; j < 24; ++j) {
      const Vec3d at(0.5 * i, 0.5 * j, 0.1 * ((i + j) % 3));
      TriangleMesh mesh = (i + j) % 2 == 0 ? makeSphereMesh(at, 0.3, 12) : makeConeMesh(at, Vec3d(0, 0, 0.6), 0.28, 10);
      if ((i * 7 + j) % 5 == 0) mesh.normals.clear();
      meshes.push_back(std::move(mesh));
    }
  meshes.insert(meshes.begin() + 100, TriangleMesh{});
  return meshes;
}

std::vector<MeshStyle> stylesWithSelection(std::size_t count) {
  std::vector<MeshStyle> styles = paletteStyles(count);
  for (std::size_t i = 0; i < count; i += 9) styles[i].selected = true;
  return styles;
}

Camera obliqueCamera() {
  Camera camera;
  camera.target = {5.75, 5.75, 0.2};
  camera.eye = {-3.0, -6.0, 9.0};
  camera.up = {0, 0, 1};
  camera.fovYDegrees = 45.0;
  return camera;
}

RgbaImage render(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles, ShadingMode shading,
                 bool batched) {
  RenderOptions options;
  options.shading = shading;
  options.batchMeshes = batched;
  RgbaImage image;
  std::string error;
  const bool ok = renderMeshesToImage(meshes, styles, obliqueCamera(), 320, 240, options, image, error);
  INFO(error);
  REQUIRE(ok);
  return image;
}

// Pixels whose colour differs by more than `tolerance` in some channel.
int differingPixels(const RgbaImage& a, const RgbaImage& b, int tolerance) {
  int count = 0;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) {
      const std::uint8_t* p = a.pixel(x, y);
      const std::uint8_t* q = b.pixel(x, y);
      for (int c = 0; c < 3; ++c)
        if (std::abs(p[c] - q[c]) > tolerance) {
          ++count;
          break;
        }
    }
  return count;
}

}  // namespace

TEST_CASE("many meshes render the same pixels batched as one draw call each", "[render][batch]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  const std::vector<TriangleMesh> meshes = manyMeshes();
  const std::vector<MeshStyle> styles = stylesWithSelection(meshes.size());
  const RgbaImage nothing = render({}, {}, ShadingMode::Shaded, true);
  for (ShadingMode shading : {ShadingMode::Shaded, ShadingMode::ShadedWireframe, ShadingMode::Wireframe}) {
    INFO("shading mode " << static_cast<int>(shading));
    const RgbaImage batched = render(meshes, styles, shading, true);
    const RgbaImage oneByOne = render(meshes, styles, shading, false);
    // The meshes cover a good part of the picture (else the comparison would prove nothing)...
    CHECK(differingPixels(batched, nothing, 8) > batched.width * batched.height / 10);
    // ...and both ways agree to the pixel (same vertices, same order, same shader values).
    CHECK(differingPixels(batched, oneByOne, 2) <= batched.width * batched.height / 2000);
  }
}

TEST_CASE("batched meshes show their own colours and selection", "[render][batch]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  const std::vector<TriangleMesh> meshes = manyMeshes();
  const std::vector<MeshStyle> plain = paletteStyles(meshes.size());
  const std::vector<MeshStyle> selected = stylesWithSelection(meshes.size());
  std::vector<MeshStyle> grey(meshes.size());
  const RgbaImage palette = render(meshes, plain, ShadingMode::Shaded, true);
  // Per-mesh colours reach the batch: the palette picture is not the all-grey one, and the
  // selection highlight changes the selected meshes' pixels.
  CHECK(differingPixels(palette, render(meshes, grey, ShadingMode::Shaded, true), 8) > 2000);
  CHECK(differingPixels(palette, render(meshes, selected, ShadingMode::Shaded, true), 8) > 300);
}

TEST_CASE("meshes over a million vertices split into several batches and still draw alike", "[render][batch]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  // Two fine spheres of about 530,000 vertices each: more than one batch holds (2^20 vertices),
  // so the second starts a batch of its own; small meshes before and after share batches.
  std::vector<TriangleMesh> meshes;
  meshes.push_back(makeConeMesh(Vec3d(2.0, 2.0, 0.0), Vec3d(0, 0, 1.0), 0.6, 16));
  meshes.push_back(makeSphereMesh(Vec3d(4.0, 8.0, 0.5), 2.0, 1030));
  meshes.push_back(makeSphereMesh(Vec3d(9.0, 4.0, 0.5), 2.0, 1030));
  meshes.push_back(makeSphereMesh(Vec3d(9.0, 9.0, 0.5), 1.0, 16));
  REQUIRE(meshes[0].positions.size() + meshes[1].positions.size() + meshes[2].positions.size() > (1u << 20));
  const std::vector<MeshStyle> styles = stylesWithSelection(meshes.size());
  const RgbaImage batched = render(meshes, styles, ShadingMode::Shaded, true);
  const RgbaImage oneByOne = render(meshes, styles, ShadingMode::Shaded, false);
  const RgbaImage nothing = render({}, {}, ShadingMode::Shaded, true);
  CHECK(differingPixels(batched, nothing, 8) > batched.width * batched.height / 10);
  CHECK(differingPixels(batched, oneByOne, 2) <= batched.width * batched.height / 2000);
}
