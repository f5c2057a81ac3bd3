#pragma once
// The glyph vocabulary every module's overlay builders share (overlay_geometry.h): world-space
// shapes appended to an OverlayGeometry. Sizes are in scene units; the builders scale them with
// GlyphContext::size so a glyph reads the same on a 1 cm part and on a 10 m one.
#include "flexure/render/overlay_geometry.h"

namespace flexure::overlay {

// A straight line a-b.
void addLine(OverlayGeometry& out, const Vec3d& a, const Vec3d& b, ColorRgb color,
             OverlayLayer layer = OverlayLayer::ConstraintGlyphs);
void addPolyline(OverlayGeometry& out, std::vector<Vec3d> points, bool closed, ColorRgb color,
                 OverlayLayer layer = OverlayLayer::ConstraintGlyphs);
// A circle of `radius` around `center` in the plane with unit normal `normal`.
void addRing(OverlayGeometry& out, const Vec3d& center, const Vec3d& normal, double radius, ColorRgb color,
             OverlayLayer layer = OverlayLayer::ConstraintGlyphs, int segments = 48);
// An annulus (inner radius 0: a disc) facing `normal`, drawn solid (opacity 1) or translucent.
void addDisc(OverlayGeometry& out, const Vec3d& center, const Vec3d& normal, double innerRadius, double outerRadius,
             ColorRgb color, float opacity, OverlayLayer layer = OverlayLayer::ConstraintGlyphs);
// A coil spring from a to b (a helix swept by a thin tube, a fixed number of turns), the
// glyph of attachments: it stretches as the two ends separate. Coincident ends give a marker.
void addSpring(OverlayGeometry& out, const Vec3d& a, const Vec3d& b, double coilRadius, ColorRgb color);
// A small solid sphere marking a point.
void addMarker(OverlayGeometry& out, const Vec3d& p, double radius, ColorRgb color,
               OverlayLayer layer = OverlayLayer::ConstraintGlyphs);
// An arrow from `from` along `vector` (shaft line + solid cone head of length `headLength`).
void addArrow(OverlayGeometry& out, const Vec3d& from, const Vec3d& vector, double headLength, ColorRgb color);
// The range of directions within `halfAngle` (radians, ≤ π) of unit `axis` around `apex`: a
// translucent cone surface of slant `length` with its rim drawn as a ring; for half angles past
// π/2 the cone opens backwards. minHalfAngle > 0 draws the inner cone's rim too.
void addAngleCone(OverlayGeometry& out, const Vec3d& apex, const Vec3d& axis, double minHalfAngle,
                  double maxHalfAngle, double length, ColorRgb color);
// A tube of `radius` along a polyline (springs, thick curves).
TriangleMesh makeTubeMesh(const std::vector<Vec3d>& centerline, double radius, int sides = 8);

}  // namespace flexure::overlay
