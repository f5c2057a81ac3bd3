#pragma once
// Builds the viewport's overlays (overlay_geometry.h) for a scene at its current Ψ: the glyph of
// every enabled constraint, then the node glyphs (control polygons, metaball influence volumes),
// through OverlayRegistry. Qt- and OpenGL-free, so the geometry worker builds it next to the
// meshes, off the GUI thread.
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"
#include "flexure/render/overlay_geometry.h"

namespace flexure {

struct OverlayBuildOptions {
  // Bounds of the displayed model (e.g. of the tessellated meshes): glyph sizes scale with it.
  // Empty: estimated from the primitives' bounds.
  Bounds3 modelBounds;
  // Glyph size as a fraction of the model's bounding diagonal.
  double glyphScale = 0.025;
};

OverlayGeometry buildOverlayGeometry(const Scene& scene, const OverlayBuildOptions& options = {});

// The corners of every primitive's own bounds mapped through its path: cheap, and close enough
// to the tessellated model to size glyphs by (what buildOverlayGeometry uses without modelBounds).
Bounds3 estimateModelBounds(const Scene& scene, const ValueAccess& params);

// The glyph size buildOverlayGeometry uses for these bounds: glyphScale times the bounds'
// diagonal rounded to a step of 2^(1/4), so that small changes of the bounds leave it.
double glyphSizeFor(const Bounds3& modelBounds, double glyphScale = 0.025);

}  // namespace flexure
