#pragma once
// What the renderer draws besides the shaded meshes, and how.
#include "flexure/render/color.h"

namespace flexure {

enum class ShadingMode {
  Shaded,           // lit surfaces
  Wireframe,        // triangle edges only
  ShadedWireframe,  // lit surfaces with their edges drawn over them
};

struct RenderOptions {
  ShadingMode shading = ShadingMode::Shaded;
  bool showGrid = true;
  bool showAxisGizmo = true;
  float wireWidthPixels = 1.0f;
  // Overlays (overlay_geometry.h), one toggle per OverlayLayer.
  bool showConstraintGlyphs = true;   // springs, slider lines, rings, discs, angle cones
  bool showControlPolygons = true;    // control polygons of curves, outlines of molds
  bool showInfluenceVolumes = true;   // translucent influence regions of metaballs
  float overlayLineWidthPixels = 2.5f;
  ColorRgb backgroundTop{0.42f, 0.46f, 0.52f};
  ColorRgb backgroundBottom{0.17f, 0.18f, 0.21f};
  // Scene meshes are drawn a few large buffers at a time (their colours per vertex), not one
  // draw call per mesh: the same picture, far less CPU with thousands of meshes. false draws
  // them one by one (kept to compare the two).
  bool batchMeshes = true;
};

}  // namespace flexure
