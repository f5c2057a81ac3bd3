#include "flexure/render/overlay_shapes.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "flexure/render/glyph_meshes.h"

namespace flexure::overlay {
namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

// Two unit vectors completing unit `axis` to a right-handed frame.
void perpendicularFrame(const Vec3d& axis, Vec3d& a, Vec3d& b) {
  const Vec3d helper = std::abs(axis.z) < 0.9 ? Vec3d(0, 0, 1) : Vec3d(1, 0, 0);
  a = normalized(cross(helper, axis));
  b = cross(axis, a);
}

OverlayMesh solid(TriangleMesh mesh, ColorRgb color, float opacity, OverlayLayer layer) {
  OverlayMesh m;
  m.mesh = std::move(mesh);
  m.color = color;
  m.opacity = opacity;
  m.layer = layer;
  return m;
}

void push(OverlayGeometry& out, OverlayMesh mesh) {
  if (mesh.opacity < 1.0f)
    out.volumes.push_back(std::move(mesh));
  else
    out.solids.push_back(std::move(mesh));
}

}  // namespace

void addLine(OverlayGeometry& out, const Vec3d& a, const Vec3d& b, ColorRgb color, OverlayLayer layer) {
  addPolyline(out, {a, b}, false, color, layer);
}

void addPolyline(OverlayGeometry& out, std::vector<Vec3d> points, bool closed, ColorRgb color, OverlayLayer layer) {
  if (points.size() < 2) return;
  out.lines.push_back({std::move(points), closed, color, layer});
}

void addRing(OverlayGeometry& out, const Vec3d& center, const Vec3d& normal, double radius, ColorRgb color,
             OverlayLayer layer, int segments) {
  Vec3d a, b;
  perpendicularFrame(normalized(normal), a, b);
  std::vector<Vec3d> points;
  points.reserve(static_cast<std::size_t>(segments));
  for (int i = 0; i < segments; ++i) {
    const double t = kTwoPi * i / segments;
    points.push_back(center + (a * std::cos(t) + b * std::sin(t)) * radius);
  }
  addPolyline(out, std::move(points), true, color, layer);
}

void addDisc(OverlayGeometry& out, const Vec3d& center, const Vec3d& normal, double innerRadius, double outerRadius,
             ColorRgb color, float opacity, OverlayLayer layer) {
  const Vec3d n = normalized(normal);
  Vec3d a, b;
  perpendicularFrame(n, a, b);
  constexpr int kSegments = 48;
  TriangleMesh mesh;
  mesh.name = "disc";
  for (int i = 0; i <= kSegments; ++i) {
    const double t = kTwoPi * i / kSegments;
    const Vec3d r = a * std::cos(t) + b * std::sin(t);
    mesh.positions.push_back(center + r * innerRadius);
    mesh.positions.push_back(center + r * outerRadius);
    mesh.normals.push_back(n);
    mesh.normals.push_back(n);
  }
  for (int i = 0; i < kSegments; ++i) {
    const int p0 = 2 * i, p1 = p0 + 1, q0 = p0 + 2, q1 = p0 + 3;
    mesh.triangles.push_back({p0, p1, q1});  // a, b, n right-handed: CCW seen from n
    mesh.triangles.push_back({p0, q1, q0});
  }
  push(out, solid(std::move(mesh), color, opacity, layer));
}

TriangleMesh makeTubeMesh(const std::vector<Vec3d>& centerline, double radius, int sides) {
  TriangleMesh mesh;
  mesh.name = "tube";
  const std::size_t n = centerline.size();
  if (n < 2) return mesh;
  // A frame carried along the line by projection (no twist build-up on a helix).
  Vec3d tangent = normalized(centerline[1] - centerline[0]);
  Vec3d side, up;
  perpendicularFrame(tangent, side, up);
  for (std::size_t i = 0; i < n; ++i) {
    const Vec3d forward = centerline[std::min(i + 1, n - 1)] - centerline[i > 0 ? i - 1 : 0];
    if (norm(forward) > 1e-12) tangent = normalized(forward);
    side = side - tangent * dot(side, tangent);
    if (norm(side) < 1e-9) perpendicularFrame(tangent, side, up);
    side = normalized(side);
    up = cross(tangent, side);
    for (int k = 0; k < sides; ++k) {
      const double t = kTwoPi * k / sides;
      const Vec3d r = side * std::cos(t) + up * std::sin(t);
      mesh.positions.push_back(centerline[i] + r * radius);
      mesh.normals.push_back(r);
    }
  }
  for (std::size_t i = 0; i + 1 < n; ++i)
    for (int k = 0; k < sides; ++k) {
      const int p0 = static_cast<int>(i) * sides + k, p1 = static_cast<int>(i) * sides + (k + 1) % sides;
      const int q0 = p0 + sides, q1 = p1 + sides;
      mesh.triangles.push_back({p0, p1, q1});
      mesh.triangles.push_back({p0, q1, q0});
    }
  return mesh;
}

void addSpring(OverlayGeometry& out, const Vec3d& a, const Vec3d& b, double coilRadius, ColorRgb color) {
  const Vec3d d = b - a;
  const double length = norm(d);
  if (length < 0.5 * coilRadius) {
    addMarker(out, a, 0.45 * coilRadius, color);
    return;
  }
  // Straight leads at both ends, the coil in between: turns fixed, pitch stretched with length.
  constexpr int kTurns = 7, kStepsPerTurn = 14;
  const Vec3d w = d / length;
  Vec3d u, v;
  perpendicularFrame(w, u, v);
  const double lead = std::min(0.15 * length, 2.0 * coilRadius);
  std::vector<Vec3d> line{a};
  const int steps = kTurns * kStepsPerTurn;
  for (int i = 0; i <= steps; ++i) {
    const double s = static_cast<double>(i) / steps;
    const double t = kTwoPi * kTurns * s;
    // The radius eases in and out so the coil meets the leads.
    const double r = coilRadius * std::sin(std::numbers::pi * std::min(1.0, std::min(s, 1.0 - s) * 8.0) * 0.5);
    line.push_back(a + w * (lead + s * (length - 2.0 * lead)) + (u * std::cos(t) + v * std::sin(t)) * r);
  }
  line.push_back(b);
  push(out, solid(makeTubeMesh(line, 0.16 * coilRadius, 6), color, 1.0f, OverlayLayer::ConstraintGlyphs));
  addMarker(out, a, 0.35 * coilRadius, color);
  addMarker(out, b, 0.35 * coilRadius, color);
}

void addMarker(OverlayGeometry& out, const Vec3d& p, double radius, ColorRgb color, OverlayLayer layer) {
  push(out, solid(makeSphereMesh(p, radius, 12), color, 1.0f, layer));
}

void addArrow(OverlayGeometry& out, const Vec3d& from, const Vec3d& vector, double headLength, ColorRgb color) {
  const double length = norm(vector);
  if (length < 1e-12) return;
  const Vec3d w = vector / length;
  const double head = std::min(headLength, 0.5 * length);
  addLine(out, from, from + w * (length - head), color);
  push(out, solid(makeConeMesh(from + w * (length - head), w * head, 0.4 * head, 16), color, 1.0f,
                  OverlayLayer::ConstraintGlyphs));
}

void addAngleCone(OverlayGeometry& out, const Vec3d& apex, const Vec3d& axis, double minHalfAngle,
                  double maxHalfAngle, double length, ColorRgb color) {
  const Vec3d w = normalized(axis);
  Vec3d a, b;
  perpendicularFrame(w, a, b);
  const double halfAngle = std::clamp(maxHalfAngle, 0.0, std::numbers::pi);
  constexpr int kSegments = 40;
  // The cone's surface: apex fan to the rim at slant `length`, normals pointing outwards.
  TriangleMesh mesh;
  mesh.name = "angle-cone";
  const int apexIndex = 0;
  mesh.positions.push_back(apex);
  mesh.normals.push_back(-w);
  for (int i = 0; i <= kSegments; ++i) {
    const double t = kTwoPi * i / kSegments;
    const Vec3d radial = a * std::cos(t) + b * std::sin(t);
    mesh.positions.push_back(apex + (w * std::cos(halfAngle) + radial * std::sin(halfAngle)) * length);
    mesh.normals.push_back(radial * std::cos(halfAngle) - w * std::sin(halfAngle));
  }
  for (int i = 0; i < kSegments; ++i) mesh.triangles.push_back({apexIndex, i + 2, i + 1});
  push(out, solid(std::move(mesh), color, 0.30f, OverlayLayer::ConstraintGlyphs));
  addRing(out, apex + w * (std::cos(halfAngle) * length), w, std::sin(halfAngle) * length, color);
  if (minHalfAngle > 1e-6)
    addRing(out, apex + w * (std::cos(minHalfAngle) * length), w, std::sin(minHalfAngle) * length, color);
  addLine(out, apex, apex + w * length, color);
}

}  // namespace flexure::overlay
