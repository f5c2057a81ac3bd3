// `flexure-cli bench render`: what one frame of the viewport costs the rasterizer, per example
// scene, drawn offscreen at the window benchmark's viewport size (1400×900 window) as the
// viewport draws it under a software rasterizer (single-sampled; llvmpipe when there is no GPU).
// The baseline, measured in the same run, is the same frame drawn the way the window drew it
// before issue 17 item 3: the full tessellation and the background and grid shaded every frame.
// Each figure is the minimum over the frames of the median of each pass: a shared machine
// preempts some frames, never speeds one up. The min_* keys time the frame and its baseline in
// turn, one of each per round, each drawn whole (issue 29: figures that hold still). The window's
// own figures (frame rate while dragging or playing) come from `flexure SCENE --benchmark-drag|--benchmark-play`.
#include "render_benchmark.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "flexure/core/bench_statistics.h"
#include "flexure/core/benchmark_registry.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/installed_resources.h"
#include "flexure/io/scene_file.h"

#if FLEXURE_HAS_RENDER
#include "flexure/render/camera_framing.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/overlay_builder.h"
#endif

namespace flexure::cli {

#if FLEXURE_HAS_RENDER
namespace {

// The viewport of the window benchmark's 1400×900 window, between its docks (its JSON's
// "viewport").
constexpr int kWidth = 804, kHeight = 712;

double roundMs(double v) { return std::round(v * 1000.0) / 1000.0; }

// Per pass: the smallest time over the frames (what the pass costs when nothing interrupts it).
nlohmann::json passFigures(const std::vector<RenderPassTimes>& frames) {
  auto least = [&](double RenderPassTimes::*pass) {
    double best = 1e300;
    for (const RenderPassTimes& t : frames) best = std::min(best, t.*pass);
    return roundMs(best);
  };
  double total = 1e300;
  for (const RenderPassTimes& t : frames) total = std::min(total, t.total());
  return {{"total", roundMs(total)},         {"background", least(&RenderPassTimes::background)},
          {"meshes", least(&RenderPassTimes::meshes)}, {"grid", least(&RenderPassTimes::grid)},
          {"overlays", least(&RenderPassTimes::overlays)}, {"volumes", least(&RenderPassTimes::volumes)},
          {"gizmo", least(&RenderPassTimes::gizmo)}};
}

long long triangleCount(const std::vector<TriangleMesh>& meshes) {
  long long n = 0;
  for (const TriangleMesh& m : meshes) n += m.triangleCount();
  return n;
}

// Figures that hold still (issue 29): the frame and its baseline drawn in turn in one context,
// each drawn whole every round, at the minimum over the same rounds: pass totals (min_total_ms)
// and each frame's wall time (its passes and what lies between them), with the rounds' medians.
// Beside, not instead of, the figures above, which time all the frames of one before the other's.
void addInterleavedFigures(nlohmann::json& out, const std::vector<OffscreenFrameSetup>& setups, const Camera& camera,
                           int frames) {
  std::vector<std::vector<RenderPassTimes>> times;
  std::vector<std::vector<double>> wall;
  std::string error;
  if (!timeOffscreenFramesInTurn(setups, camera, kWidth, kHeight, frames, times, wall, error)) {
    out["interleaved_error"] = error;
    return;
  }
  const double totalNow = passFigures(times[0])["total"].get<double>(), totalBefore = passFigures(times[1])["total"].get<double>();
  const double wallNow = bench::minimum(wall[0]), wallBefore = bench::minimum(wall[1]);
  auto ratio = [](double baseline, double figure) { return figure > 0.0 ? std::round(100.0 * baseline / figure) / 100.0 : 0.0; };
  out["min_total_ms"] = totalNow;
  out["baseline_min_total_ms"] = totalBefore;
  out["min_speedup"] = ratio(totalBefore, totalNow);
  out["min_wall_ms"] = roundMs(wallNow * 1000.0);
  out["baseline_min_wall_ms"] = roundMs(wallBefore * 1000.0);
  out["min_wall_speedup"] = ratio(wallBefore, wallNow);
  out["median_wall_ms"] = roundMs(bench::median(wall[0]) * 1000.0);
  out["baseline_median_wall_ms"] = roundMs(bench::median(wall[1]) * 1000.0);
  out["interleaved_rounds"] = frames;
}

nlohmann::json measureScene(const std::string& file, int frames) {
  const LoadResult loaded = readSceneFile(exampleScenePath(file, FLEXURE_SOURCE_DIR "/scenes").string());
  const Scene& scene = *loaded.scene;
  TessellationOptions merged;
  merged.mergeAffineCells = true;
  const std::vector<TriangleMesh> full = tessellateScene(scene), now = tessellateScene(scene, merged);
  const Camera camera = cameraShowingMeshes(scene.camera, full, static_cast<double>(kWidth) / kHeight);
  OverlayBuildOptions overlayOptions;
  overlayOptions.modelBounds = meshBounds(full);
  const OverlayGeometry overlays = buildOverlayGeometry(scene, overlayOptions);
  RenderOptions before;
  before.cacheBackdrop = false;
  std::vector<RenderPassTimes> timesNow, timesBefore;
  std::string error;
  if (!timeOffscreenFrames(now, overlays, camera, kWidth, kHeight, RenderOptions{}, frames, timesNow, error) ||
      !timeOffscreenFrames(full, overlays, camera, kWidth, kHeight, before, frames, timesBefore, error))
    return {{"error", error}};
  nlohmann::json out;
  out["triangles"] = triangleCount(now);
  out["baseline_triangles"] = triangleCount(full);
  out["ms"] = passFigures(timesNow);
  out["baseline_ms"] = passFigures(timesBefore);
  const double a = out["ms"]["total"].get<double>(), b = out["baseline_ms"]["total"].get<double>();
  out["speedup"] = a > 0.0 ? std::round(100.0 * b / a) / 100.0 : 0.0;
  addInterleavedFigures(out, {{&now, &overlays, RenderOptions{}}, {&full, &overlays, before}}, camera, frames);
  return out;
}

nlohmann::json runRenderBenchmark(bool quick) {
  const std::vector<std::string> all = {
      "anim-keyed-pipe", "anim-metaball-morph", "anim-monocycle", "anim-oldham", "anim-pipe-follow", "anim-snake",
      "cam-rocker", "curve-point-force", "curve-pressure", "lamp", "loft-mes-profile", "metaball-cow-line",
      "metaball-cow-plane-magnet", "metaball-cow-sphere-volume", "metaball-mes-curve", "metaball-potential-fields",
      "metaball-teapot-planes", "metaball-z-letter", "mold-concave", "mold-convex", "mold-triangle-obstacle",
      "monocycle", "oldham", "otary", "pipe", "pipefitting-moved", "pipefitting", "primitives", "snake",
      "sweep-mes-path"};
  const std::vector<std::string> some = {"oldham", "metaball-z-letter", "pipefitting"};
  nlohmann::json out;
  out["viewport"] = {{"width", kWidth}, {"height", kHeight}};
  out["frames"] = quick ? 3 : 12;
  nlohmann::json scenes = nlohmann::json::object();
  for (const std::string& name : quick ? some : all) scenes[name] = measureScene(name + ".json", quick ? 3 : 12);
  out["scenes"] = scenes;
  return out;
}

}  // namespace

void registerRenderBenchmark() { BenchmarkRegistry::instance().add({"render", runRenderBenchmark}); }
#else
void registerRenderBenchmark() {}
#endif

}  // namespace flexure::cli
