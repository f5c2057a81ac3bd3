// The scene-level entry points of offscreen_render.h, apart from the mesh-level renderer so that
// users of renderMeshesToImage do not pull in tessellation.
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/render/camera_framing.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/overlay_builder.h"
#include "flexure/render/png_writer.h"

namespace flexure {

bool renderSceneToImage(const Scene& scene, int width, int height, RgbaImage& image, std::string& error) {
  return renderSceneToImage(scene, width, height, RenderOptions{}, image, error);
}

bool renderSceneToImage(const Scene& scene, int width, int height, const RenderOptions& options, RgbaImage& image,
                        std::string& error) {
  // The window's tessellation: affine cells merged when no wireframe shows it (affine_grid_lines.h).
  TessellationOptions tessellation;
  tessellation.mergeAffineCells = options.shading == ShadingMode::Shaded;
  const std::vector<TriangleMesh> meshes = tessellateScene(scene, tessellation);
  const double aspect = height > 0 ? static_cast<double>(width) / height : 1.0;
  const Camera camera = cameraShowingMeshes(scene.camera, meshes, aspect);
  OverlayBuildOptions overlayOptions;
  overlayOptions.modelBounds = meshBounds(meshes);
  const OverlayGeometry overlays = buildOverlayGeometry(scene, overlayOptions);
  return renderMeshesToImage(meshes, paletteStyles(meshes.size()), overlays, camera, width, height, options, image,
                             error);
}

bool renderSceneToPng(const Scene& scene, int width, int height, const std::string& pngPath, std::string& error) {
  RgbaImage image;
  if (!renderSceneToImage(scene, width, height, image, error)) return false;
  return writePng(image, pngPath, error);
}

}  // namespace flexure
