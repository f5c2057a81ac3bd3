// Glyphs of the energy family (Witkin, Fleischer & Barr 1987, section 3): attachments as springs
// between the two points they pull together, sliders and point-to-segment terms as their line
// with the point's perpendicular to it, floating attachments as a ring in the tangent plane at
// the floating point, orientations as arrows (target direction and current axis). Red when the
// term's weighted energy shows the constraint unmet.
#include <algorithm>
#include <vector>

#include "flexure/energy/energy_settings.h"
#include "flexure/energy/energy_term.h"
#include "flexure/energy/terms/attach_pipes.h"
#include "flexure/energy/terms/attach_point.h"
#include "flexure/energy/terms/attach_surface.h"
#include "flexure/energy/terms/double_float.h"
#include "flexure/energy/terms/float_attach.h"
#include "flexure/energy/terms/orientation.h"
#include "flexure/energy/terms/point_segment.h"
#include "flexure/energy/terms/slider.h"
#include "flexure/energy/terms/telescope.h"
#include "flexure/energy/terms/user_spring.h"
#include "energy_interaction.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/render/overlay_shapes.h"

namespace flexure {
namespace {

namespace colors = overlay_colors;

// Unmet when the weighted energy exceeds the solver's "satisfied" tolerance and the residual is
// visible at glyph scale (a residual of 5 % of a glyph's size): a converged solve whose last
// digits still move is not painted red.
bool isViolated(const EnergyConstraint& term, const GlyphContext& ctx) {
  const auto* settings = ctx.scene.settings.tryGet<EnergySettings>();
  const double solverTolerance = settings ? settings->satisfiedTolerance : EnergySettings{}.satisfiedTolerance;
  const double visible = 0.05 * ctx.size;
  const double tolerance = std::max(solverTolerance, term.weight * visible * visible);
  double energy = 0.0;
  if (term.isResidualForm()) {
    std::vector<double> r(static_cast<std::size_t>(term.residualCount()));
    term.residuals(ctx.params, r.data());
    for (double x : r) energy += x * x;
  } else {
    energy = term.scalarEnergy(ctx.params);
  }
  return !term.isSatisfied(ctx.params, term.weight * energy, tolerance);
}

ColorRgb stateColor(const EnergyConstraint& term, const GlyphContext& ctx) {
  return isViolated(term, ctx) ? colors::kViolated : colors::kSatisfied;
}

Vec3d surfacePoint(const LeafRef& ref, const SurfacePoint& sp, const GlyphContext& ctx) {
  return pathPosition(ref.path, ctx.params, sp.patch, sp.u, sp.v);
}
Vec3d surfaceNormal(const LeafRef& ref, const SurfacePoint& sp, const GlyphContext& ctx) {
  return pathNormal(ref.path, ctx.params, sp.patch, sp.u, sp.v);
}

Vec3d linePoint(const LeafRef& line, const Vec3d& p, const GlyphContext& ctx) {
  return line.resolved() ? pathMapPoint(line.path, ctx.params, p) : p;
}

// A line (slider: infinite, drawn past its two points; segment: exactly) and the point's
// perpendicular foot on it.
void lineGlyph(const LeafPoint& point, const LeafRef& line, const Vec3d& p1, const Vec3d& p2, bool infinite,
               ColorRgb color, const GlyphContext& ctx, OverlayGeometry& out) {
  const Vec3d a = linePoint(line, p1, ctx), b = linePoint(line, p2, ctx);
  const Vec3d p = point.position(ctx.params);
  const Vec3d d = b - a;
  const double length2 = dot(d, d);
  if (length2 < 1e-24) return;
  const Vec3d extension = infinite ? d * (0.25 + 2.0 * ctx.size / std::sqrt(length2)) : Vec3d(0, 0, 0);
  overlay::addLine(out, a - extension, b + extension, color);
  overlay::addMarker(out, a, 0.35 * ctx.size, colors::kLimit);
  overlay::addMarker(out, b, 0.35 * ctx.size, colors::kLimit);
  double t = dot(p - a, d) / length2;
  if (!infinite) t = std::clamp(t, 0.0, 1.0);
  const Vec3d foot = a + d * t;
  overlay::addMarker(out, p, 0.5 * ctx.size, color);
  if (norm(p - foot) > 0.1 * ctx.size) overlay::addLine(out, p, foot, colors::kViolated);
}

void addAttachPointGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const AttachPointTerm&>(c);
  overlay::addSpring(out, term.point.position(ctx.params), term.target, ctx.size, stateColor(term, ctx));
  overlay::addMarker(out, term.target, 0.45 * ctx.size, colors::kLimit);
}

void addUserSpringGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const UserSpringTerm&>(c);
  // E_user pulls by design and is never "met": drawn in the limit colour, not red.
  overlay::addSpring(out, term.point.position(ctx.params), term.target, ctx.size, colors::kLimit);
}

void addAttachPipesGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const AttachPipesTerm&>(c);
  Vec3d p1, n1, p2, n2;
  pipeEnd(term.a, term.a.localSlot("length"), term.endA, ctx.params, p1, n1);
  pipeEnd(term.b, term.b.localSlot("length"), term.endB, ctx.params, p2, n2);
  const ColorRgb color = stateColor(term, ctx);
  overlay::addSpring(out, p1, p2, ctx.size, color);
  // The two end discs' outward axes: met when they are opposite.
  overlay::addRing(out, p1, n1, 1.5 * ctx.size, color);
  overlay::addRing(out, p2, n2, 1.5 * ctx.size, color);
}

void addAttachSurfaceGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const AttachSurfaceTerm&>(c);
  const ColorRgb color = stateColor(term, ctx);
  overlay::addSpring(out, surfacePoint(term.a, term.pointA, ctx), surfacePoint(term.b, term.pointB, ctx), ctx.size,
                     color);
}

// A floating point: a disc in its tangent plane (it may slide in that plane) and a ring.
void floatingPoint(const LeafRef& ref, const SurfacePoint& sp, ColorRgb color, const GlyphContext& ctx,
                   OverlayGeometry& out) {
  const Vec3d p = surfacePoint(ref, sp, ctx), n = surfaceNormal(ref, sp, ctx);
  overlay::addDisc(out, p, n, 0.0, 2.0 * ctx.size, color, 0.45f);
  overlay::addRing(out, p, n, 2.0 * ctx.size, color);
  overlay::addMarker(out, p, 0.45 * ctx.size, color);
}

void addFloatAttachGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const FloatAttachTerm&>(c);
  floatingPoint(term.a, term.pointA, stateColor(term, ctx), ctx, out);
}

void addDoubleFloatGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const DoubleFloatTerm&>(c);
  const ColorRgb color = stateColor(term, ctx);
  floatingPoint(term.a, term.pointA, color, ctx, out);
  floatingPoint(term.b, term.pointB, color, ctx, out);
}

void addSliderGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const SliderTerm&>(c);
  lineGlyph(term.point, term.line, term.p1, term.p2, true, stateColor(term, ctx), ctx, out);
}

void addPointSegmentGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const PointSegmentTerm&>(c);
  lineGlyph(term.point, term.line, term.p1, term.p2, false, stateColor(term, ctx), ctx, out);
}

void addTelescopeGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const TelescopeTerm&>(c);
  const ColorRgb color = stateColor(term, ctx);
  overlay::addLine(out, pathMapPoint(term.a.path, ctx.params, term.a1), pathMapPoint(term.a.path, ctx.params, term.a2),
                   color);
  overlay::addLine(out, pathMapPoint(term.b.path, ctx.params, term.b1), pathMapPoint(term.b.path, ctx.params, term.b2),
                   colors::kLimit);
}

void addOrientationGlyph(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& term = static_cast<const OrientationTerm&>(c);
  Vec3d at, current;
  if (term.mode == "normal") {
    at = surfacePoint(term.a, term.point, ctx);
    current = surfaceNormal(term.a, term.point, ctx);
  } else {
    pathMapPointDirection(term.a.path, ctx.params, term.origin, term.axis, at, current);
  }
  const double length = 4.0 * ctx.size;
  overlay::addArrow(out, at, normalized(term.direction) * length, ctx.size, colors::kLimit);
  overlay::addArrow(out, at, normalized(current) * length, ctx.size, stateColor(term, ctx));
}

}  // namespace

void registerEnergyOverlays(OverlayRegistry& registry) {
  registry.addConstraintKind(std::string(AttachPointTerm::kKind), addAttachPointGlyph);
  registry.addConstraintKind(std::string(UserSpringTerm::kKind), addUserSpringGlyph);
  registry.addConstraintKind(std::string(AttachPipesTerm::kKind), addAttachPipesGlyph);
  registry.addConstraintKind(std::string(AttachSurfaceTerm::kKind), addAttachSurfaceGlyph);
  registry.addConstraintKind(std::string(FloatAttachTerm::kKind), addFloatAttachGlyph);
  registry.addConstraintKind(std::string(DoubleFloatTerm::kKind), addDoubleFloatGlyph);
  registry.addConstraintKind(std::string(SliderTerm::kKind), addSliderGlyph);
  registry.addConstraintKind(std::string(PointSegmentTerm::kKind), addPointSegmentGlyph);
  registry.addConstraintKind(std::string(TelescopeTerm::kKind), addTelescopeGlyph);
  registry.addConstraintKind(std::string(OrientationTerm::kKind), addOrientationGlyph);
  // collision and the parameter terms (anchor, default, relation) have no place to draw.
}

}  // namespace flexure
