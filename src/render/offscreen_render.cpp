#include "flexure/render/offscreen_render.h"

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
  times.clear();
  if (width <= 0 || height <= 0 || frames <= 0) {
    error = "image size and frame count must be positive";
    return false;
  }
  render_detail::HeadlessGlContext context;
  if (!context.create(error)) return false;
  render_detail::OffscreenFramebuffer framebuffer;
  if (!framebuffer.create(width, height, 0, error)) return false;
  SceneRenderer renderer;
  if (!renderer.initialize(error)) return false;
  renderer.setMeshes(meshes, paletteStyles(meshes.size()));
  if (!overlays.empty() || overlays.ground) renderer.setOverlays(overlays);
  renderer.setPassTiming(true);
  for (int frame = 0; frame <= frames; ++frame) {
    renderer.render(camera, width, height, options);
    if (frame > 0) times.push_back(renderer.lastPassTimes());
  }
  return true;
}

}  // namespace flexure
