// The display's merged tessellation (affine_grid_lines.h) draws the same picture as the full one:
// example scenes rendered from their cameras at 960×600 with their overlays, both ways. Shaded
// pixels may differ by the rounding of a differently summed interpolation (at most 2 of 255 per
// channel). More than that only on silhouettes, where a long edge and the chain of short
// collinear edges it replaces decide a pixel whose centre lies within the rasterizer's subpixel
// snapping of the edge differently: at most 1 in 10 000 pixels, each beside an edge.
#include <catch2/catch.hpp>

#include <cstdlib>

#include "flexure/core/tessellation.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/render/camera_framing.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/overlay_builder.h"

using namespace flexure;

namespace {

struct Difference {
  int pixels = 0;     // differing by more than the rounding tolerance in some channel
  int largest = 0;    // largest channel difference anywhere
  int rounding = 0;   // pixels differing by 1 or 2
  int awayFromEdges = 0;  // differing by more than 8 with no edge within two pixels
};

int channelDifference(const std::uint8_t* p, const std::uint8_t* q) {
  int worst = 0;
  for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(p[c] - q[c]));
  return worst;
}

// A colour step of more than 16 between (x, y) and a pixel within two pixels of it.
bool besideEdge(const RgbaImage& image, int x, int y) {
  for (int v = std::max(0, y - 2); v <= std::min(image.height - 1, y + 2); ++v)
    for (int u = std::max(0, x - 2); u <= std::min(image.width - 1, x + 2); ++u)
      if (channelDifference(image.pixel(x, y), image.pixel(u, v)) > 16) return true;
  return false;
}

Difference compare(const RgbaImage& a, const RgbaImage& b) {
  Difference d;
  for (int y = 0; y < a.height; ++y)
    for (int x = 0; x < a.width; ++x) {
      const int worst = channelDifference(a.pixel(x, y), b.pixel(x, y));
      d.largest = std::max(d.largest, worst);
      if (worst > 2) ++d.pixels;
      else if (worst > 0) ++d.rounding;
      if (worst > 8 && !besideEdge(a, x, y)) ++d.awayFromEdges;
    }
  return d;
}

}  // namespace

TEST_CASE("merged cells draw the example scenes' pictures unchanged", "[render][merge]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  registerAllModules();
  const char* scenes[] = {"oldham", "lamp", "primitives", "pipefitting", "monocycle", "otary", "snake",
                          "mold-concave", "loft-mes-profile", "sweep-mes-path", "metaball-z-letter", "cam-rocker"};
  constexpr int kWidth = 960, kHeight = 600;
  for (const char* name : scenes) {
    INFO(name);
    const auto scene = loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name + ".json");
    TessellationOptions merge;
    merge.mergeAffineCells = true;
    const std::vector<TriangleMesh> full = tessellateScene(*scene), merged = tessellateScene(*scene, merge);
    int fullTriangles = 0, mergedTriangles = 0;
    for (const TriangleMesh& m : full) fullTriangles += m.triangleCount();
    for (const TriangleMesh& m : merged) mergedTriangles += m.triangleCount();
    const Camera camera = cameraShowingMeshes(scene->camera, full, static_cast<double>(kWidth) / kHeight);
    OverlayBuildOptions overlayOptions;
    overlayOptions.modelBounds = meshBounds(full);
    const OverlayGeometry overlays = buildOverlayGeometry(*scene, overlayOptions);
    RgbaImage a, b;
    std::string error;
    REQUIRE(renderMeshesToImage(full, paletteStyles(full.size()), overlays, camera, kWidth, kHeight, RenderOptions{}, a, error));
    REQUIRE(renderMeshesToImage(merged, paletteStyles(merged.size()), overlays, camera, kWidth, kHeight, RenderOptions{}, b,
                                error));
    const Difference d = compare(a, b);

    INFO(fullTriangles << " → " << mergedTriangles << " triangles; pixels differing by more than 2: " << d.pixels
                       << " (" << d.awayFromEdges << " away from edges), by 1-2: " << d.rounding
                       << ", largest difference " << d.largest);
    CHECK(mergedTriangles <= fullTriangles);
    CHECK(d.pixels <= kWidth * kHeight / 10000);
    CHECK(d.awayFromEdges == 0);
  }
}
