// The backdrop cache (backdrop_cache.h): frames that copy the cached background and grid are the
// very pixels of frames that draw them, while the model moves above, through and below the grid
// plane, when the camera moves, with the grid off and with edges drawn; and the cache is drawn
// again only when what it shows changes.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <optional>

#include "flexure/render/glyph_meshes.h"
#include "flexure/render/scene_renderer.h"
#include "headless_gl_context.h"
#include "offscreen_framebuffer.h"

using namespace flexure;

namespace {

// An axis-aligned box, four vertices per face with the face's normal, wound outward.
TriangleMesh box(const Vec3d& lo, const Vec3d& hi) {
  TriangleMesh m;
  for (int axis = 0; axis < 3; ++axis)
    for (int side = 0; side < 2; ++side) {
      const int u = (axis + 1) % 3, v = (axis + 2) % 3;
      Vec3d normal;
      normal[axis] = side == 0 ? -1.0 : 1.0;
      const int base = m.vertexCount();
      for (int k = 0; k < 4; ++k) {
        Vec3d p;
        p[axis] = side == 0 ? lo[axis] : hi[axis];
        p[u] = (k == 1 || k == 2) ? hi[u] : lo[u];
        p[v] = k >= 2 ? hi[v] : lo[v];
        m.positions.push_back(p);
        m.normals.push_back(normal);
      }
      // (u, v) corners 0:(lo,lo) 1:(hi,lo) 2:(hi,hi) 3:(lo,hi); u × v = +axis.
      if (side == 1) {
        m.triangles.push_back({base, base + 1, base + 2});
        m.triangles.push_back({base, base + 2, base + 3});
      } else {
        m.triangles.push_back({base, base + 2, base + 1});
        m.triangles.push_back({base, base + 3, base + 2});
      }
    }
  return m;
}

// A sphere crossing the floor, a slab whose top lies in the floor's plane, a box wholly below it
// (the grid is drawn over it) and a post; the sphere lifted by `lift` stays within the others'
// bounds, so the grid's layout stays.
std::vector<TriangleMesh> model(double lift) {
  std::vector<TriangleMesh> meshes;
  meshes.push_back(makeSphereMesh(Vec3d(0.5, 0.2, 0.3 + lift), 0.9, 24));
  meshes.push_back(box(Vec3d(-2.5, -1.5, -0.1), Vec3d(-0.8, 1.5, 0.0)));
  meshes.push_back(box(Vec3d(1.5, -2.0, -1.6), Vec3d(2.5, -0.5, -0.4)));
  meshes.push_back(box(Vec3d(-2.5, 1.8, 0.0), Vec3d(-2.2, 2.1, 2.5)));
  return meshes;
}

Camera camera(double azimuth) {
  Camera c;
  c.target = {0, 0, 0};
  c.eye = {7.0 * std::cos(azimuth), 7.0 * std::sin(azimuth), 4.5};
  c.up = {0, 0, 1};
  return c;
}

}  // namespace

TEST_CASE("frames that copy the cached backdrop equal frames that draw it", "[render][backdrop]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  constexpr int kWidth = 640, kHeight = 400;
  std::string error;
  render_detail::HeadlessGlContext context;
  REQUIRE(context.create(error));
  render_detail::OffscreenFramebuffer framebuffer;
  REQUIRE(framebuffer.create(kWidth, kHeight, 0, error));  // single-sampled: the cache applies
  SceneRenderer cachedRenderer, drawingRenderer;
  REQUIRE(cachedRenderer.initialize(error));
  REQUIRE(drawingRenderer.initialize(error));

  struct Frame {
    double lift, azimuth;
    ShadingMode shading;
    bool grid;
  };
  // Moves of the model keep the backdrop; a turn of the camera, a hidden grid and its return
  // redraw it.
  const Frame frames[] = {{0.0, 0.6, ShadingMode::Shaded, true},          {0.05, 0.6, ShadingMode::Shaded, true},
                          {-0.4, 0.6, ShadingMode::Shaded, true},         {0.1, 0.6, ShadingMode::ShadedWireframe, true},
                          {0.1, 1.4, ShadingMode::Shaded, true},          {0.2, 1.4, ShadingMode::Shaded, false},
                          {0.3, 1.4, ShadingMode::Shaded, false},         {0.3, 1.4, ShadingMode::Shaded, true}};
  int expectedRedraws = 0;
  std::optional<Frame> previous;
  for (const Frame& f : frames) {
    INFO("lift " << f.lift << ", azimuth " << f.azimuth << ", grid " << f.grid);
    const std::vector<TriangleMesh> meshes = model(f.lift);
    RenderOptions options;
    options.shading = f.shading;
    options.showGrid = f.grid;
    options.gridPlane = GridPlane{{0, 0, 1}, 0.0};
    cachedRenderer.setMeshes(meshes);
    cachedRenderer.render(camera(f.azimuth), kWidth, kHeight, options);
    const RgbaImage cached = framebuffer.read();
    options.cacheBackdrop = false;
    drawingRenderer.setMeshes(meshes);
    drawingRenderer.render(camera(f.azimuth), kWidth, kHeight, options);
    const RgbaImage drawn = framebuffer.read();
    std::size_t differing = 0;
    for (std::size_t k = 0; k < cached.pixels.size(); ++k) differing += cached.pixels[k] != drawn.pixels[k];
    CHECK(cached.pixels.size() == drawn.pixels.size());
    CHECK(differing == 0);
    if (!previous || previous->azimuth != f.azimuth || previous->grid != f.grid) ++expectedRedraws;
    CHECK(cachedRenderer.backdropRedraws() == expectedRedraws);
    CHECK(drawingRenderer.backdropRedraws() == 0);
    previous = f;
  }
}

TEST_CASE("a multisampled target draws its backdrop every frame", "[render][backdrop]") {
  ::unsetenv("DISPLAY");
  std::string error;
  render_detail::HeadlessGlContext context;
  REQUIRE(context.create(error));
  render_detail::OffscreenFramebuffer framebuffer;
  REQUIRE(framebuffer.create(320, 200, 4, error));
  if (framebuffer.samples() == 0) {
    WARN("no multisampling here");
    return;
  }
  SceneRenderer renderer;
  REQUIRE(renderer.initialize(error));
  renderer.setMeshes(model(0.0));
  renderer.render(camera(0.6), 320, 200, RenderOptions{});
  CHECK(renderer.backdropRedraws() == 0);
}
