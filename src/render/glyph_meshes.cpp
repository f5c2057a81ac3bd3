#include "flexure/render/glyph_meshes.h"

#include <cmath>
#include <numbers>

namespace flexure {
namespace {

// Two unit vectors completing `axis` (unit) to a right-handed frame.
void perpendicularFrame(const Vec3d& axis, Vec3d& a, Vec3d& b) {
  const Vec3d helper = std::abs(axis.z) < 0.9 ? Vec3d(0, 0, 1) : Vec3d(1, 0, 0);
  a = normalized(cross(helper, axis));
  b = cross(axis, a);
}

int addVertex(TriangleMesh& mesh, const Vec3d& p, const Vec3d& n) {
  mesh.positions.push_back(p);
  mesh.normals.push_back(n);
  return mesh.vertexCount() - 1;
}

// A flat disc facing `normal`, fanned around `center`.
void addDisc(TriangleMesh& mesh, const Vec3d& center, const Vec3d& normal, double radius, int segments) {
  Vec3d a, b;
  perpendicularFrame(normal, a, b);
  const int c = addVertex(mesh, center, normal);
  const int first = mesh.vertexCount();
  for (int i = 0; i < segments; ++i) {
    const double t = 2.0 * std::numbers::pi * i / segments;
    addVertex(mesh, center + (a * std::cos(t) + b * std::sin(t)) * radius, normal);
  }
  for (int i = 0; i < segments; ++i) {
    const int p = first + i, q = first + (i + 1) % segments;
    mesh.triangles.push_back({c, p, q});  // a, b, normal right-handed: CCW seen from the normal
  }
}

}  // namespace

TriangleMesh makeSphereMesh(const Vec3d& center, double radius, int segments) {
  TriangleMesh mesh;
  mesh.name = "sphere";
  const int slices = std::max(segments, 3);
  const int stacks = std::max(segments / 2, 2);
  for (int j = 0; j <= stacks; ++j) {
    const double phi = std::numbers::pi * j / stacks;  // from the north pole down
    for (int i = 0; i <= slices; ++i) {
      const double theta = 2.0 * std::numbers::pi * i / slices;
      const Vec3d n(std::sin(phi) * std::cos(theta), std::sin(phi) * std::sin(theta), std::cos(phi));
      addVertex(mesh, center + n * radius, n);
    }
  }
  const int row = slices + 1;
  for (int j = 0; j < stacks; ++j)
    for (int i = 0; i < slices; ++i) {
      const int a = j * row + i, b = a + 1, c = a + row, d = c + 1;
      // Going down in phi and around in theta: (a, c, d) winds counter-clockwise from outside.
      if (j > 0) mesh.triangles.push_back({a, c, b});
      if (j < stacks - 1) mesh.triangles.push_back({b, c, d});
    }
  return mesh;
}

TriangleMesh makeCylinderMesh(const Vec3d& base, const Vec3d& axis, double radius, int segments) {
  TriangleMesh mesh;
  mesh.name = "cylinder";
  const double height = norm(axis);
  const Vec3d w = axis / height;
  Vec3d a, b;
  perpendicularFrame(w, a, b);
  const int first = mesh.vertexCount();
  for (int i = 0; i <= segments; ++i) {
    const double t = 2.0 * std::numbers::pi * i / segments;
    const Vec3d n = a * std::cos(t) + b * std::sin(t);
    addVertex(mesh, base + n * radius, n);
    addVertex(mesh, base + axis + n * radius, n);
  }
  for (int i = 0; i < segments; ++i) {
    const int p0 = first + 2 * i, p1 = p0 + 1, q0 = p0 + 2, q1 = p0 + 3;
    mesh.triangles.push_back({p0, q0, q1});
    mesh.triangles.push_back({p0, q1, p1});
  }
  addDisc(mesh, base, -w, radius, segments);
  addDisc(mesh, base + axis, w, radius, segments);
  return mesh;
}

TriangleMesh makeConeMesh(const Vec3d& base, const Vec3d& axis, double radius, int segments) {
  TriangleMesh mesh;
  mesh.name = "cone";
  const double height = norm(axis);
  const Vec3d w = axis / height;
  Vec3d a, b;
  perpendicularFrame(w, a, b);
  // The side normal leans toward the tip by the cone's half angle.
  const double slope = radius / height;
  for (int i = 0; i < segments; ++i) {
    const double t0 = 2.0 * std::numbers::pi * i / segments;
    const double t1 = 2.0 * std::numbers::pi * (i + 1) / segments;
    const double tm = 0.5 * (t0 + t1);
    const Vec3d r0 = a * std::cos(t0) + b * std::sin(t0);
    const Vec3d r1 = a * std::cos(t1) + b * std::sin(t1);
    const Vec3d rm = a * std::cos(tm) + b * std::sin(tm);
    const int p = addVertex(mesh, base + r0 * radius, normalized(r0 + w * slope));
    const int q = addVertex(mesh, base + r1 * radius, normalized(r1 + w * slope));
    const int tip = addVertex(mesh, base + axis, normalized(rm + w * slope));
    mesh.triangles.push_back({p, q, tip});
  }
  addDisc(mesh, base, -w, radius, segments);
  return mesh;
}

TriangleMesh makeArrowMesh(const Vec3d& tip, double shaftRadius, double headRadius, int segments) {
  const Vec3d shaftEnd = tip * 0.75;
  TriangleMesh mesh = makeCylinderMesh(Vec3d(0, 0, 0), shaftEnd, shaftRadius, segments);
  mesh.append(makeConeMesh(shaftEnd, tip - shaftEnd, headRadius, segments));
  mesh.name = "arrow";
  return mesh;
}

}  // namespace flexure
