#pragma once
// What one paint of the viewport cost (Viewport::lastFrameTiming), for the frame-time readout
// and `flexure SCENE --benchmark-drag|--benchmark-play` (window/benchmark_session.h).
#include "flexure/render/scene_renderer.h"

namespace flexure::app {

struct FrameTiming {
  double uploadMeshesMs = 0.0;    // scene meshes to the GPU (only when new geometry arrived)
  double uploadStylesMs = 0.0;    // colours and selection only
  double uploadOverlaysMs = 0.0;  // glyphs, control polygons, influence volumes (changed ones)
  int overlayUploads = 0;         // overlay meshes and line layers uploaded by this paint
  bool newGeometry = false;       // this paint showed meshes it had not shown before
  double renderMs = 0.0;          // SceneRenderer::render, without the swap
  double paintMs = 0.0;           // the whole paintGL
  RenderPassTimes passes;         // per pass, when the renderer's pass timing is on
  FrameDrawing drawing;           // whole, or only the changed pixels (frame_damage.h)
  double drawnFraction = 1.0;     // pixels drawn again over the viewport's
};

}  // namespace flexure::app
