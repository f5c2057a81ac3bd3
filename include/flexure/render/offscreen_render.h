#pragma once
// Rendering without a window: a headless EGL context (Mesa's surfaceless platform, which needs
// no X display; otherwise the default EGL display), an own multisampled framebuffer, glReadPixels.
// Used by `flexure-cli render` and by tests.
#include <string>
#include <vector>

#include "flexure/core/camera.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/render_options.h"
#include "flexure/render/rgba_image.h"
#include "flexure/render/scene_renderer.h"

namespace flexure {

class Scene;

// Renders meshes seen from `camera` exactly (no re-framing) into `image` (rows top to bottom).
// Returns false with a message when no OpenGL 3.3 context can be created or the size is invalid.
bool renderMeshesToImage(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles,
                         const Camera& camera, int width, int height, const RenderOptions& options,
                         RgbaImage& image, std::string& error);

// The same, with overlays (constraint glyphs, control polygons, influence volumes) drawn over
// the meshes as `options` toggles them.
bool renderMeshesToImage(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles,
                         const OverlayGeometry& overlays, const Camera& camera, int width, int height,
                         const RenderOptions& options, RgbaImage& image, std::string& error);

// Draws `frames` frames of the same meshes and overlays into a single-sampled offscreen
// framebuffer, as the window's viewport draws them under a software rasterizer (frames after the
// first reuse what a frame may keep: the backdrop), each render pass closed by glFinish and
// timed (`flexure-cli bench render`). The first frame, which fills those caches and compiles
// shader variants, is not reported. False with a message when no context can be made.
bool timeOffscreenFrames(const std::vector<TriangleMesh>& meshes, const OverlayGeometry& overlays, const Camera& camera,
                         int width, int height, const RenderOptions& options, int frames,
                         std::vector<RenderPassTimes>& times, std::string& error);

// One of the pictures timeOffscreenFramesInTurn draws: what and how (the pointers are not owned).
struct OffscreenFrameSetup {
  const std::vector<TriangleMesh>* meshes = nullptr;
  const OverlayGeometry* overlays = nullptr;
  RenderOptions options;
  // Every timed frame drawn whole (SceneRenderer::redrawWhole); otherwise frames of an unchanged
  // picture after the second are copies of the kept frame, as in the window.
  bool wholeFrames = true;
};

// The same for several pictures drawn in turn in the same context: a first untimed frame of
// each, then `frames` rounds drawing each once (bench::interleavedWallSeconds), so that a slow
// moment of the machine falls on all of them alike (issue 29, figures that hold still).
// times[setup][frame] are the pass times, wallSeconds[setup][frame] each frame's wall time.
bool timeOffscreenFramesInTurn(const std::vector<OffscreenFrameSetup>& setups, const Camera& camera, int width, int height,
                               int frames, std::vector<std::vector<RenderPassTimes>>& times,
                               std::vector<std::vector<double>>& wallSeconds, std::string& error);

// Tessellates the scene with its current Ψ and renders it from the scene's camera; when that
// camera sees none of the model, from the same camera framed on all of it. Overlays
// (buildOverlayGeometry) are drawn as the default RenderOptions show them.
bool renderSceneToImage(const Scene& scene, int width, int height, RgbaImage& image, std::string& error);
// The same with explicit options (overlay toggles, shading).
bool renderSceneToImage(const Scene& scene, int width, int height, const RenderOptions& options, RgbaImage& image,
                        std::string& error);

// renderSceneToImage, then writes the picture as a PNG.
bool renderSceneToPng(const Scene& scene, int width, int height, const std::string& pngPath, std::string& error);

}  // namespace flexure
