// Glyphs of displacement constraints between solids (Gascuel & Gascuel 1994, sections 4.1-4.2):
// the permitted region of the hinge point P1 on object1 (a point: a spring to the moving point
// P2; a segment: its line; a ring: the annulus r_min ≤ r ≤ r_max in its plane; a sphere: three
// great circles; a curve: its polyline), the angle limit as a cone of permitted directions of
// a2 around a1 with the current a2 drawn as a line, and the twist limit as an arc of permitted
// reference directions around a1. Red when P2 lies off its region or an axis outside its range.
#include <algorithm>
#include <cmath>
#include <numbers>

#include "flexure/rigid/angle_limit.h"
#include "flexure/rigid/angular_correction.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/twist_limit.h"
#include "rigid_interaction.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/render/overlay_shapes.h"

namespace flexure {
namespace {

namespace colors = overlay_colors;

// World placement of a point / direction given in object `name`'s frame ("" = the world).
struct ObjectFrame {
  const Node* node = nullptr;
  Vec3d point(const GlyphContext& ctx, const Vec3d& local) const { return node ? ctx.toWorld(*node, local) : local; }
  Vec3d direction(const GlyphContext& ctx, const Vec3d& local) const {
    return normalized(node ? ctx.directionToWorld(*node, local) : local);
  }
};

ObjectFrame frameOf(const GlyphContext& ctx, const std::string& name) {
  return {name.empty() ? nullptr : ctx.scene.find(name)};
}

// The region's extent where a bound is infinite: a few glyph sizes past what is bounded.
double finiteOr(double bound, double fallback) { return std::isfinite(bound) ? bound : fallback; }

Vec3d closestOnSegment(const Vec3d& p, const Vec3d& a, const Vec3d& b) {
  const Vec3d d = b - a;
  const double l2 = dot(d, d);
  if (l2 < 1e-24) return a;
  return a + d * std::clamp(dot(p - a, d) / l2, 0.0, 1.0);
}

// Draws the translation part and returns the distance from P2 to the permitted region.
double translationGlyph(const RigidJoint& joint, const ObjectFrame& f1, const Vec3d& p1, const Vec3d& p2,
                        const GlyphContext& ctx, OverlayGeometry& out) {
  const double size = ctx.size;
  switch (joint.translation) {
    case TranslationKind::None:
    case TranslationKind::Surface:
      return 0.0;
    case TranslationKind::Point:
      return norm(p2 - p1);
    case TranslationKind::Segment: {
      const Vec3d t = f1.direction(ctx, joint.direction);
      const Vec3d a = p1 + t * finiteOr(joint.min, -8.0 * size), b = p1 + t * finiteOr(joint.max, 8.0 * size);
      overlay::addLine(out, a, b, colors::kLimit);
      if (std::isfinite(joint.min)) overlay::addMarker(out, a, 0.4 * size, colors::kLimit);
      if (std::isfinite(joint.max)) overlay::addMarker(out, b, 0.4 * size, colors::kLimit);
      return norm(p2 - closestOnSegment(p2, a, b));
    }
    case TranslationKind::Ring: {
      const Vec3d n = f1.direction(ctx, joint.direction);
      const double inner = std::max(0.0, finiteOr(joint.min, 0.0));
      const double outer = std::max(inner, finiteOr(joint.max, inner + 6.0 * size));
      overlay::addDisc(out, p1, n, inner, outer, colors::kLimit, 0.35f);
      if (inner > 0.0) overlay::addRing(out, p1, n, inner, colors::kLimit);
      overlay::addRing(out, p1, n, outer, colors::kLimit);
      // Distance to the annulus: height above the plane and radial overshoot.
      const Vec3d d = p2 - p1;
      const double height = dot(d, n);
      const double radial = norm(d - n * height);
      const double over = radial < inner ? inner - radial : (radial > outer ? radial - outer : 0.0);
      return std::hypot(height, over);
    }
    case TranslationKind::Sphere: {
      const double inner = std::max(0.0, finiteOr(joint.min, 0.0));
      const double outer = finiteOr(joint.max, 6.0 * size);
      for (const Vec3d& axis : {Vec3d(1, 0, 0), Vec3d(0, 1, 0), Vec3d(0, 0, 1)})
        overlay::addRing(out, p1, f1.direction(ctx, axis), outer, colors::kLimit);
      const double r = norm(p2 - p1);
      return r > outer ? r - outer : (r < inner ? inner - r : 0.0);
    }
    case TranslationKind::Curve: {
      std::vector<Vec3d> points;
      for (std::size_t i = 0; i + 2 < joint.curve.size(); i += 3)
        points.push_back(f1.point(ctx, Vec3d(joint.curve[i], joint.curve[i + 1], joint.curve[i + 2])));
      double best = points.empty() ? 0.0 : norm(p2 - points.front());
      const std::size_t edges = joint.closedCurve ? points.size() : points.size() - std::min<std::size_t>(1, points.size());
      for (std::size_t i = 0; i < edges; ++i)
        best = std::min(best, norm(p2 - closestOnSegment(p2, points[i], points[(i + 1) % points.size()])));
      overlay::addPolyline(out, std::move(points), joint.closedCurve, colors::kLimit);
      return best;
    }
  }
  return 0.0;
}

// The angle limit: directions of a2 within [min, max] of a1 (section 4.2.1, measured as the
// solver does, angle_limit.h). Returns the excess in radians.
double angleGlyph(const AngleLimit& limit, const ObjectFrame& f1, const ObjectFrame& f2, const Vec3d& at,
                  const GlyphContext& ctx, OverlayGeometry& out) {
  const Vec3d a1 = f1.direction(ctx, limit.axis1), a2 = f2.direction(ctx, limit.axis2);
  overlay::addAngleCone(out, at, a1, limit.min, limit.max, 4.0 * ctx.size, colors::kLimit);
  return std::abs(measureAngleLimit(a1, a2, limit.min, limit.max).error);
}

// The twist limit (section 4.2.2, twist_limit.h): b1 and b2 projected on the median plane of
// a1 and a2, whose normal is n = (a1 + a2)/|a1 + a2|; the arc shows the permitted b2' from
// b1' over [min, max] about n, the line the current b2'. Returns the excess in radians.
double twistGlyph(const TwistLimit& limit, const ObjectFrame& f1, const ObjectFrame& f2, const Vec3d& at,
                  const GlyphContext& ctx, ColorRgb stateColor, OverlayGeometry& out) {
  const Vec3d a1 = f1.direction(ctx, limit.axis1), a2 = f2.direction(ctx, limit.axis2);
  const Vec3d b1 = f1.direction(ctx, limit.ref1), b2 = f2.direction(ctx, limit.ref2);
  const AngularRow row = measureTwistLimit(a1, a2, b1, b2, limit.min, limit.max);
  const Vec3d sum = a1 + a2;
  if (norm(sum) < 1e-9) return std::abs(row.error);
  const Vec3d n = normalized(sum);
  Vec3d p1 = b1 - n * dot(b1, n), p2 = b2 - n * dot(b2, n);
  if (norm(p1) < 1e-9 || norm(p2) < 1e-9) return std::abs(row.error);
  p1 = normalized(p1);
  p2 = normalized(p2);
  const Vec3d q1 = cross(n, p1);
  const double radius = 3.0 * ctx.size;
  const double lo = std::max(limit.min, -std::numbers::pi), hi = std::min(limit.max, std::numbers::pi);
  std::vector<Vec3d> arc{at};
  constexpr int kSteps = 32;
  for (int i = 0; i <= kSteps; ++i) {
    const double t = lo + (hi - lo) * i / kSteps;
    arc.push_back(at + (p1 * std::cos(t) + q1 * std::sin(t)) * radius);
  }
  overlay::addPolyline(out, std::move(arc), true, colors::kLimit);
  overlay::addLine(out, at, at + p2 * (1.2 * radius), row.violated ? colors::kViolated : stateColor);
  return std::abs(row.error);
}

void addJoint(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& joint = static_cast<const RigidJoint&>(c);
  const ObjectFrame f1 = frameOf(ctx, joint.object1), f2 = frameOf(ctx, joint.object2);
  const Vec3d p1 = f1.point(ctx, joint.point1), p2 = f2.point(ctx, joint.point2);
  const double size = ctx.size;

  const double offRegion = translationGlyph(joint, f1, p1, p2, ctx, out);
  double offAngle = 0.0;
  OverlayGeometry limits;  // drawn after the state is known, so the state colour applies
  if (joint.angle.enabled) offAngle = std::max(offAngle, angleGlyph(joint.angle, f1, f2, p2, ctx, limits));
  const bool translationMet = offRegion <= 0.05 * size;
  const ColorRgb provisional = translationMet && offAngle <= 1e-3 ? colors::kSatisfied : colors::kViolated;
  if (joint.twist.enabled)
    offAngle = std::max(offAngle, twistGlyph(joint.twist, f1, f2, p2, ctx, provisional, limits));
  const ColorRgb state = translationMet && offAngle <= 1e-3 ? colors::kSatisfied : colors::kViolated;

  if (joint.translation == TranslationKind::Point)
    overlay::addSpring(out, p1, p2, size, state);
  else if (joint.translation != TranslationKind::None)
    overlay::addMarker(out, p2, 0.55 * size, state);
  if (joint.angle.enabled)
    overlay::addLine(out, p2, p2 + f2.direction(ctx, joint.angle.axis2) * (5.0 * size), state);
  for (auto& line : limits.lines) out.lines.push_back(std::move(line));
  for (auto& mesh : limits.solids) out.solids.push_back(std::move(mesh));
  for (auto& mesh : limits.volumes) out.volumes.push_back(std::move(mesh));
}

}  // namespace

void registerRigidOverlays(OverlayRegistry& registry) {
  for (TranslationKind kind : {TranslationKind::None, TranslationKind::Point, TranslationKind::Segment,
                               TranslationKind::Ring, TranslationKind::Sphere, TranslationKind::Curve,
                               TranslationKind::Surface})
    registry.addConstraintKind(std::string(translationKindName(kind)), addJoint);
}

}  // namespace flexure
