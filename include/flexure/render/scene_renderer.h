#pragma once
// The OpenGL 3.3 core renderer: draws tessellated meshes with two-light Lambert + Blinn shading
// over a soft hemispheric ambient, an optional wireframe overlay, a ground grid, a gradient
// background and an axis gizmo. Plain OpenGL entry points, no Qt: the same object draws inside
// Qt's QOpenGLWidget and inside a headless EGL context.
//
// Every method needs the same OpenGL context current that was current at initialize(); the
// destructor must run with it current too (or after the context is gone, when nothing is
// released). render() draws into whatever framebuffer is bound.
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/camera.h"
#include "flexure/core/mesh_revision.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/color.h"
#include "flexure/render/overlay_geometry.h"
#include "flexure/render/render_options.h"

namespace flexure {

// How one mesh is drawn.
struct MeshStyle {
  ColorRgb color{0.8f, 0.8f, 0.8f};
  bool selected = false;
  bool active = false;  // the selection's active part: a lighter outline than the rest (issue 27)
};

// Wall time of each pass of one render() call, in milliseconds (pass timing on only: see
// SceneRenderer::setPassTiming). Each pass is closed by glFinish, so the figure includes the
// rasterization a software renderer (llvmpipe) would otherwise do later, at the swap.
struct RenderPassTimes {
  double background = 0.0;
  double meshes = 0.0;
  double grid = 0.0;
  double overlays = 0.0;  // constraint glyphs and lines, control polygons (opaque and faint)
  double volumes = 0.0;   // the translucent influence volumes
  double gizmo = 0.0;
  double total() const { return background + meshes + grid + overlays + volumes + gizmo; }
};

// How one render() call drew its frame. While only meshes and overlays change (a drag, a
// played animation) and the target is single-sampled, the renderer keeps the last frame and
// redraws only the pixels that changed (frame_damage.h), then copies the frame to the target.
struct FrameDrawing {
  enum class Kind {
    Whole,      // every pass straight into the target (something global changed, or most pixels did)
    WholeKept,  // every pass into the kept frame, which is then copied (the first of a run of partial frames)
    Partial,    // only the changed pixels of the kept frame, which is then copied
  };
  Kind kind = Kind::Whole;
  long long pixelsDrawn = 0;  // pixels drawn again (the whole viewport's unless partial)
  int rectangles = 1;         // of a partial frame: the rectangles its changed pixels were redrawn in
};

// The default look: palette colour i for mesh i, nothing selected.
std::vector<MeshStyle> paletteStyles(std::size_t meshCount);

class SceneRenderer {
 public:
  SceneRenderer();
  ~SceneRenderer();
  SceneRenderer(const SceneRenderer&) = delete;
  SceneRenderer& operator=(const SceneRenderer&) = delete;

  // Compiles shaders and creates buffers. Returns false with a message (shader log) on failure.
  bool initialize(std::string& error);
  bool isInitialized() const;

  // Uploads meshes (world space, outward normals, CCW triangles); styles[i] goes with meshes[i]
  // (missing styles take palette colours). Meshes without normals get area-weighted ones.
  // With `revisions` (one per mesh, mesh_revision.h), a mesh whose revision says which vertices
  // moved since the one the renderer holds is updated there without comparing the two.
  void setMeshes(const std::vector<TriangleMesh>& meshes, const std::vector<MeshStyle>& styles = {},
                 const std::vector<MeshRevision>* revisions = nullptr);
  // Changes colours/selection without re-uploading geometry.
  void setStyles(const std::vector<MeshStyle>& styles);
  int meshCount() const;
  // Uploads the overlays drawn over the meshes (constraint glyphs, control polygons, influence
  // volumes); RenderOptions' toggles choose which layers show. Replaces the previous ones.
  void setOverlays(const OverlayGeometry& overlays);
  // The same for shared overlays that the caller does not change (a geometry frame's): meshes
  // and line layers equal to those last uploaded are kept on the GPU (a drag that does not
  // touch a deformer leaves its influence volumes as they were). Returns the number of overlay
  // meshes and line layers uploaded.
  int setOverlays(std::shared_ptr<const OverlayGeometry> overlays);

  // Measures every pass of the following render() calls (RenderPassTimes), at the price of one
  // glFinish per pass: for benchmarks (flexure --benchmark-drag), off by default.
  void setPassTiming(bool on);
  const RenderPassTimes& lastPassTimes() const;

  // The next render() draws the whole frame (its backdrop cache kept), as if everything had
  // changed: a benchmark's repeated frames of an unchanged scene would otherwise copy the kept one.
  void redrawWhole();

  // Draws a frame into the bound framebuffer, viewport (0, 0, width, height) in device pixels.
  void render(const Camera& camera, int width, int height, const RenderOptions& options = {});
  // How many times render() has drawn the background and grid into its backdrop cache
  // (RenderOptions::cacheBackdrop): once per camera, size or grid, not once per frame.
  int backdropRedraws() const;
  // How the last render() drew (FrameDrawing).
  const FrameDrawing& lastFrameDrawing() const;

  // Releases GL objects now (needs the context current). The destructor calls it too.
  void release();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace flexure
