#pragma once
// What the viewport draws over the model to show what holds it (issue 7 item 2): constraint
// glyphs (springs, slider lines, rings, discs, angle cones), control polygons of curves and
// outlines of mold walls, translucent influence volumes of metaballs. Plain data in world units,
// no OpenGL and no Qt: built wherever meshes are built (overlay_builder.h), drawn by
// SceneRenderer, compared by tests.
#include <optional>
#include <vector>

#include "flexure/core/triangle_mesh.h"
#include "flexure/core/vec.h"
#include "flexure/render/color.h"
#include "flexure/render/grid_plane.h"

namespace flexure {

// Which View-menu toggle (RenderOptions) shows an overlay item.
enum class OverlayLayer { ConstraintGlyphs, ControlPolygons, InfluenceVolumes };

// A polyline drawn as screen-space lines of a fixed pixel width.
struct OverlayPolyline {
  std::vector<Vec3d> points;
  bool closed = false;  // a loop (ring, polygon)
  ColorRgb color;
  OverlayLayer layer = OverlayLayer::ConstraintGlyphs;
};

// A small lit mesh: a cone, a disc, a spring tube, a point marker (opaque), or an influence
// volume (translucent: opacity < 1, drawn after the opaque model without writing depth).
struct OverlayMesh {
  TriangleMesh mesh;
  ColorRgb color;
  float opacity = 1.0f;
  OverlayLayer layer = OverlayLayer::ConstraintGlyphs;
};

struct OverlayGeometry {
  std::vector<OverlayPolyline> lines;
  std::vector<OverlayMesh> solids;   // opacity 1
  std::vector<OverlayMesh> volumes;  // opacity < 1
  // The scene's floor (sceneFloor: the rigid settings' ground plane) when it has one: the ground
  // grid lies on it. Not an item: empty() and bounds() ignore it.
  std::optional<GridPlane> ground;

  bool empty() const { return lines.empty() && solids.empty() && volumes.empty(); }
  // Every point of every item (tests, framing).
  Bounds3 bounds() const;
};

// The colours glyphs use: saturated, so they stand apart from the muted palette of the model's
// meshes, and readable on the renderer's grey-blue background.
namespace overlay_colors {
inline constexpr ColorRgb kSatisfied{0.45f, 1.00f, 0.30f};       // a constraint that holds: lime green
inline constexpr ColorRgb kViolated{1.00f, 0.16f, 0.14f};        // a constraint that does not: red
inline constexpr ColorRgb kLimit{1.00f, 0.90f, 0.15f};           // permitted regions, ranges, targets: yellow
inline constexpr ColorRgb kControlPolygon{1.00f, 1.00f, 1.00f};  // control polygons: white
inline constexpr ColorRgb kMold{0.98f, 0.45f, 0.95f};            // mold outlines: magenta
inline constexpr ColorRgb kInfluence{0.50f, 0.72f, 1.00f};       // metaball influence volumes: light blue
}  // namespace overlay_colors

}  // namespace flexure
