#pragma once
// What the renderer draws besides the shaded meshes, and how.
#include <optional>

#include "flexure/render/color.h"
#include "flexure/render/grid_plane.h"

namespace flexure {

enum class ShadingMode {
  Shaded,           // lit surfaces
  Wireframe,        // triangle edges only
  ShadedWireframe,  // lit surfaces with their edges drawn over them
};

struct RenderOptions {
  ShadingMode shading = ShadingMode::Shaded;
  bool showGrid = true;
  // The plane the ground grid lies in. Unset: the overlays' ground (the scene's floor) when they
  // carry one, else the plane perpendicular to the drawing camera's up snapped to an axis
  // (grid_plane.h). The viewport sets its document's plane here, so the grid stays put while the
  // view orbits, and pictures exported with the viewport's options show the same grid.
  std::optional<GridPlane> gridPlane;
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
  // The background and the ground grid are drawn once into a framebuffer of their own and copied
  // into each frame while the camera, the size and the grid stay the same (the same picture; a
  // software rasterizer saves two full-screen passes per frame). false draws them every frame
  // (kept to compare the two); multisampled targets and wireframes always draw them.
  bool cacheBackdrop = true;
};

}  // namespace flexure
