#include "flexure/render/offscreen_render.h"

#include <functional>
#include <memory>

#include "flexure/core/interleaved_timing.h"
#include "headless_gl_context.h"
#include "offscreen_framebuffer.h"

namespace flexure {

bool renderMeshesToImage(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles,
                         const Camera& camera, int width, int height, const RenderOptions& options,
                         RgbaImage& image, std::string& error) {
  return renderMeshesToImage(meshes, styles, OverlayGeometry{}, camera, width, height, options, image, error);
}

bool renderMeshesToImage(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles,
                         const OverlayGeometry& overlays, const Camera& camera, int width, int height,
                         const RenderOptions& options, RgbaImage& image, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "image size must be positive, got " + std::to_string(width) + "x" + std::to_string(height);
    return false;
  }
  render_detail::HeadlessGlContext context;
  if (!context.create(error)) return false;
  render_detail::OffscreenFramebuffer framebuffer;
  if (!framebuffer.create(width, height, 8, error)) return false;
  {
    // The renderer's GL objects go away before the context does.
    SceneRenderer renderer;
    if (!renderer.initialize(error)) return false;
    renderer.setMeshes(meshes, styles);
    if (!overlays.empty() || overlays.ground) renderer.setOverlays(overlays);
    renderer.render(camera, width, height, options);
    image = framebuffer.read();
  }
  return true;
}

}  // namespace flexure

namespace flexure {

bool timeOffscreenFrames(const std::vector<TriangleMesh>& meshes, const OverlayGeometry& overlays, const Camera& camera,
                         int width, int height, const RenderOptions& options, int frames,
                         std::vector<RenderPassTimes>& times, std::string& error) {
  std::vector<std::vector<RenderPassTimes>> all;
  std::vector<std::vector<double>> wall;
  times.clear();
  if (!timeOffscreenFramesInTurn({{&meshes, &overlays, options, false}}, camera, width, height, frames, all, wall, error))
    return false;
  times = std::move(all.front());
  return true;
}

bool timeOffscreenFramesInTurn(const std::vector<OffscreenFrameSetup>& setups, const Camera& camera, int width, int height,
                               int frames, std::vector<std::vector<RenderPassTimes>>& times,
                               std::vector<std::vector<double>>& wallSeconds, std::string& error) {
  times.assign(setups.size(), {});
  wallSeconds.clear();
  if (width <= 0 || height <= 0 || frames <= 0) {
    error = "image size and frame count must be positive";
    return false;
  }
  render_detail::HeadlessGlContext context;
  if (!context.create(error)) return false;
  render_detail::OffscreenFramebuffer framebuffer;
  if (!framebuffer.create(width, height, 0, error)) return false;
  // The renderers' GL objects go away before the context does.
  std::vector<std::unique_ptr<SceneRenderer>> renderers;
  std::vector<std::function<void()>> draws;
  for (std::size_t k = 0; k < setups.size(); ++k) {
    const OffscreenFrameSetup& setup = setups[k];
    auto& renderer = *renderers.emplace_back(std::make_unique<SceneRenderer>());
    if (!renderer.initialize(error)) return false;
    renderer.setMeshes(*setup.meshes, paletteStyles(setup.meshes->size()));
    if (!setup.overlays->empty() || setup.overlays->ground) renderer.setOverlays(*setup.overlays);
    renderer.setPassTiming(true);
    renderer.render(camera, width, height, setup.options);  // fills the caches, compiles variants: not timed
    draws.emplace_back([&renderer, &setup, &camera, width, height, &timesOfSetup = times[k]] {
      renderer.render(camera, width, height, setup.options);
      timesOfSetup.push_back(renderer.lastPassTimes());
    });
  }
  wallSeconds = bench::interleavedWallSeconds(frames, draws, [&renderers, &setups](std::size_t k) {
    if (setups[k].wholeFrames) renderers[k]->redrawWhole();
  });
  return true;
}

}  // namespace flexure
