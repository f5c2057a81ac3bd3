// Glyphs of MES curves (Chen & Wu): the control polygon of every curve (its Ψ slice, the points
// the solver moves), the outline of every mold (walls and curve-mold cavities), and the
// constraints of section 5.1: a nail (thumbnail) as a pin driven into its point, a ring around
// its point in the curve's plane, a tangent as an arrow along the prescribed direction at r(u*),
// a rubber band as a spring from r(u) to its anchor, a half-space as its boundary line, loads as
// arrows (a force one arrow, a pressure a row along the span it acts on). Red when r(u*) misses the nail / ring, the tangent is off, or the curve leaves a mold.
#include <algorithm>
#include <cmath>

#include "flexure/curves/curve_constraints.h"
#include "flexure/curves/curve_mold_geometry.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/curves/mold_polygon.h"
#include "flexure/curves/mold_wall.h"
#include "curves_interaction.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/render/overlay_shapes.h"

namespace flexure {
namespace {

namespace colors = overlay_colors;

// Everything about one curve a glyph needs, in world space.
struct CurveView {
  const MesCurve& node;
  const GlyphContext& ctx;
  CurvePlane plane = node.plane();

  Vec3d planePoint(const Vec3d& xy) const { return ctx.toWorld(node, plane.toWorld(Vec3d(xy.x, xy.y, 0.0)), false); }
  Vec3d at(double u) const { return planePoint(sampleCurveNode(node, ctx.params, u).r); }
  Vec3d tangentAt(double u) const {
    const Vec3d r1 = sampleCurveNode(node, ctx.params, u).r1;
    return normalized(plane.directionToWorld(Vec3d(r1.x, r1.y, 0.0)));
  }
  Vec3d normal() const { return normalized(plane.normal); }
  Eigen::VectorXd controlPoints() const {
    const double* q = ctx.params.of(node);
    return Eigen::Map<const Eigen::VectorXd>(q, 2 * node.shape().count);
  }
  // Distance from a plane point to the curve, by dense sampling (display accuracy).
  double distanceTo(const Vec3d& world) const {
    double best = 1e300;
    constexpr int kSamples = 400;
    for (int i = 0; i <= kSamples; ++i) best = std::min(best, norm(at(static_cast<double>(i) / kSamples) - world));
    return best;
  }
};

const MesCurve* curveOf(const Constraint& c) {
  return static_cast<const CurveConstraint&>(c).curveNode();
}

ColorRgb stateColor(bool met) { return met ? colors::kSatisfied : colors::kViolated; }

void addControlPolygon(const Node& n, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& curve = static_cast<const MesCurve&>(n);
  const CurveView view{curve, ctx};
  const Eigen::VectorXd q = view.controlPoints();
  std::vector<Vec3d> points;
  for (int i = 0; i < curve.shape().count; ++i) {
    points.push_back(view.planePoint(Vec3d(q[2 * i], q[2 * i + 1], 0.0)));
    overlay::addMarker(out, points.back(), 0.3 * ctx.size, colors::kControlPolygon, OverlayLayer::ControlPolygons);
  }
  overlay::addPolyline(out, std::move(points), curve.shape().closed, colors::kControlPolygon,
                       OverlayLayer::ControlPolygons);
}

void addMoldWallOutline(const Node& n, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& wall = static_cast<const MoldWall&>(n);
  const CurvePlane plane = CurvePlane::fromAxes(wall.origin, wall.axisU, wall.axisV);
  const Vec3d up = plane.normal * (0.5 * wall.height);
  std::vector<Vec3d> top, bottom;
  for (std::size_t i = 0; i + 1 < wall.vertices.size(); i += 2) {
    const Vec3d p = ctx.toWorld(wall, plane.toWorld(Vec3d(wall.vertices[i], wall.vertices[i + 1], 0.0)), false);
    top.push_back(p + up);
    bottom.push_back(p - up);
    overlay::addLine(out, p - up, p + up, colors::kMold, OverlayLayer::ControlPolygons);
  }
  overlay::addPolyline(out, std::move(top), true, colors::kMold, OverlayLayer::ControlPolygons);
  overlay::addPolyline(out, std::move(bottom), true, colors::kMold, OverlayLayer::ControlPolygons);
}

void addMold(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& mold = static_cast<const CurveMold&>(c);
  const CurveView view{*curveOf(c), ctx};
  const MoldPolygon polygon = MoldPolygon::fromFlat(mold.vertices);
  const bool crosses = curveCrossesBoundary(view.node.shape(), view.controlPoints(), polygon);
  std::vector<Vec3d> outline;
  for (std::size_t i = 0; i + 1 < mold.vertices.size(); i += 2)
    outline.push_back(view.planePoint(Vec3d(mold.vertices[i], mold.vertices[i + 1], 0.0)));
  overlay::addPolyline(out, std::move(outline), true, crosses ? colors::kViolated : colors::kMold,
                       OverlayLayer::ControlPolygons);
}

// A nail: a pin (cone) driven into the point along the plane normal, its head a disc.
void addThumbnail(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& nail = static_cast<const CurveThumbnail&>(c);
  const CurveView view{*curveOf(c), ctx};
  const Vec3d p = view.planePoint(nail.point);
  const ColorRgb color = stateColor(norm(view.at(nail.u) - p) <= 0.05 * ctx.size);
  const Vec3d n = view.normal() * (3.0 * ctx.size);
  overlay::addArrow(out, p + n, n * -1.0, 1.6 * ctx.size, color);
  overlay::addDisc(out, p + n, view.normal(), 0.0, 0.9 * ctx.size, color, 1.0f);
}

void addRing(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& ring = static_cast<const CurveRing&>(c);
  const CurveView view{*curveOf(c), ctx};
  const Vec3d p = view.planePoint(ring.point);
  const ColorRgb color = stateColor(view.distanceTo(p) <= 0.05 * ctx.size);
  // A ring the curve threads through: in the plane ⟂ the curve's tangent there.
  const Vec3d tangent = view.tangentAt(ring.u);
  overlay::addRing(out, p, tangent, 1.2 * ctx.size, color);
  overlay::addDisc(out, p, tangent, 0.8 * ctx.size, 1.2 * ctx.size, color, 1.0f);
}

void addTangent(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& tangent = static_cast<const CurveTangent&>(c);
  const CurveView view{*curveOf(c), ctx};
  const Vec3d p = view.at(tangent.u);
  const Vec3d wanted = normalized(view.plane.directionToWorld(Vec3d(tangent.direction.x, tangent.direction.y, 0.0)));
  const double angle = std::acos(std::clamp(std::abs(dot(wanted, view.tangentAt(tangent.u))), 0.0, 1.0));
  const ColorRgb color = stateColor(angle <= 1e-2);
  overlay::addArrow(out, p, wanted * (5.0 * ctx.size), 1.2 * ctx.size, color);
  overlay::addLine(out, p, p - wanted * (3.0 * ctx.size), color);
}

void addRubberband(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& band = static_cast<const CurveRubberband&>(c);
  const CurveView view{*curveOf(c), ctx};
  // A penalty spring pulls by design and is never "met": the limit colour, not red.
  overlay::addSpring(out, view.at(band.u), view.planePoint(band.point), 0.7 * ctx.size, colors::kLimit);
  overlay::addMarker(out, view.planePoint(band.point), 0.45 * ctx.size, colors::kLimit);
}

void addHalfspace(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& half = static_cast<const CurveHalfspace&>(c);
  const CurveView view{*curveOf(c), ctx};
  const double n2 = half.normal.x * half.normal.x + half.normal.y * half.normal.y;
  if (n2 < 1e-24) return;
  // The boundary n·p = offset, drawn across the control points' extent.
  const Vec3d foot(half.normal.x * half.offset / n2, half.normal.y * half.offset / n2, 0.0);
  const Vec3d along = normalized(Vec3d(-half.normal.y, half.normal.x, 0.0));
  const Eigen::VectorXd q = view.controlPoints();
  double lo = 0.0, hi = 0.0;
  bool met = true;
  for (int i = 0; i < view.node.shape().count; ++i) {
    const Vec3d p(q[2 * i], q[2 * i + 1], 0.0);
    lo = std::min(lo, dot(p - foot, along));
    hi = std::max(hi, dot(p - foot, along));
    const bool listed = half.controlPoints.empty() ||
                        std::find(half.controlPoints.begin(), half.controlPoints.end(), i) != half.controlPoints.end();
    if (listed && half.normal.x * p.x + half.normal.y * p.y < half.offset - 1e-6) met = false;
  }
  overlay::addLine(out, view.planePoint(foot + along * (lo - 1.0)), view.planePoint(foot + along * (hi + 1.0)),
                   stateColor(met));
}

void addForce(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& force = static_cast<const CurveForce&>(c);
  const CurveView view{*curveOf(c), ctx};
  const Vec3d f = view.plane.directionToWorld(Vec3d(force.force.x, force.force.y, 0.0));
  if (norm(f) < 1e-15) return;
  // Direction only: load magnitudes have no length scale in the scene.
  const Vec3d p = view.at(force.u);
  const Vec3d arrow = normalized(f) * (5.0 * ctx.size);
  overlay::addArrow(out, p - arrow, arrow, 1.4 * ctx.size, colors::kLimit);
}

// A pressure (Eq. 4): p(u) n̂(u) with n̂ the right-hand normal of Eq. 5, p linear from p0 to p1
// over [u0, u1]: a row of arrows ending on the curve, their lengths following |p|.
void addPressure(const Constraint& c, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& pressure = static_cast<const CurvePressure&>(c);
  const CurveView view{*curveOf(c), ctx};
  const double largest = std::max(std::abs(pressure.p0), std::abs(pressure.p1));
  if (!(largest > 0.0)) return;
  constexpr int kArrows = 9;
  for (int i = 0; i < kArrows; ++i) {
    const double s = static_cast<double>(i) / (kArrows - 1);
    const double u = pressure.u0 + s * (pressure.u1 - pressure.u0);
    const double p = pressure.p0 + s * (pressure.p1 - pressure.p0);
    if (std::abs(p) < 1e-6 * largest) continue;
    const Vec3d r1 = sampleCurveNode(view.node, ctx.params, u).r1;
    const Vec3d n = rightNormal(r1);
    const Vec3d push = normalized(view.plane.directionToWorld(Vec3d(n.x, n.y, 0.0))) * (p / largest * 3.0 * ctx.size);
    const Vec3d at = view.at(u);
    overlay::addArrow(out, at - push, push, 0.8 * ctx.size, colors::kLimit);
  }
}

}  // namespace

void registerCurveOverlays(OverlayRegistry& registry) {
  registry.addNodeType(std::string(MesCurve::kType), addControlPolygon);
  registry.addNodeType(std::string(MoldWall::kType), addMoldWallOutline);
  registry.addConstraintKind(std::string(CurveMold::kKind), addMold);
  registry.addConstraintKind(std::string(CurveThumbnail::kKind), addThumbnail);
  registry.addConstraintKind(std::string(CurveRing::kKind), addRing);
  registry.addConstraintKind(std::string(CurveTangent::kKind), addTangent);
  registry.addConstraintKind(std::string(CurveRubberband::kKind), addRubberband);
  registry.addConstraintKind(std::string(CurveHalfspace::kKind), addHalfspace);
  registry.addConstraintKind(std::string(CurveForce::kKind), addForce);
  registry.addConstraintKind(std::string(CurvePressure::kKind), addPressure);
}

}  // namespace flexure
