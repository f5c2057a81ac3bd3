#include "flexure/deform/sample_meshes.h"

#include <cmath>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

namespace {
constexpr double kPi = 3.14159265358979323846;

// Quads between consecutive rings of `ringSize` vertices, rings starting at `first`.
void stitchRings(TriangleMesh& m, int first, int rings, int ringSize) {
  for (int r = 0; r + 1 < rings; ++r)
    for (int k = 0; k < ringSize; ++k) {
      const int a = first + r * ringSize + k, b = first + r * ringSize + (k + 1) % ringSize;
      const int c = a + ringSize, d = b + ringSize;
      m.triangles.push_back({a, b, d});
      m.triangles.push_back({a, d, c});
    }
}
// A fan closing a ring to a point (the point is appended).
void capRing(TriangleMesh& m, int ringStart, int ringSize, const Vec3d& apex, bool reverse) {
  const int apexIndex = m.vertexCount();
  m.positions.push_back(apex);
  for (int k = 0; k < ringSize; ++k) {
    const int a = ringStart + k, b = ringStart + (k + 1) % ringSize;
    if (reverse) m.triangles.push_back({apexIndex, b, a});
    else m.triangles.push_back({apexIndex, a, b});
  }
}
}  // namespace

TriangleMesh makeLathe(const std::vector<std::array<double, 2>>& profile, int segments) {
  // Profile runs from the bottom pole to the top pole; interior points become rings.
  TriangleMesh m;
  const int rings = static_cast<int>(profile.size()) - 2;
  for (int r = 1; r <= rings; ++r)
    for (int k = 0; k < segments; ++k) {
      const double a = 2 * kPi * k / segments;
      m.positions.emplace_back(profile[static_cast<std::size_t>(r)][0] * std::cos(a),
                               profile[static_cast<std::size_t>(r)][0] * std::sin(a), profile[static_cast<std::size_t>(r)][1]);
    }
  stitchRings(m, 0, rings, segments);
  capRing(m, 0, segments, {0, 0, profile.front()[1]}, true);
  capRing(m, (rings - 1) * segments, segments, {0, 0, profile.back()[1]}, false);
  m.computeVertexNormals();
  return m;
}

TriangleMesh makeEllipsoid(const Vec3d& center, const Vec3d& radii, int resolution) {
  std::vector<std::array<double, 2>> profile;
  const int n = std::max(4, resolution / 2);
  for (int i = 0; i <= n; ++i) {
    const double t = -kPi / 2 + kPi * i / n;
    profile.push_back({std::cos(t), std::sin(t)});
  }
  profile.front()[0] = 0.0;
  profile.back()[0] = 0.0;
  TriangleMesh m = makeLathe(profile, resolution);
  for (Vec3d& p : m.positions) p = center + cwiseProduct(p, radii);
  m.computeVertexNormals();
  return m;
}

TriangleMesh makeTube(const std::vector<Vec3d>& path, double radius, int segments) {
  TriangleMesh m;
  const int rings = static_cast<int>(path.size());
  Vec3d u, v;
  for (int r = 0; r < rings; ++r) {
    const std::size_t i = static_cast<std::size_t>(r);
    const Vec3d tangent = normalized(path[std::min(i + 1, path.size() - 1)] - path[i == 0 ? 0 : i - 1]);
    if (r == 0) {
      orthonormalBasis(tangent, u, v);
    } else {  // parallel transport of the frame: no twist between rings
      u = normalized(u - tangent * dot(u, tangent));
      v = cross(tangent, u);
    }
    for (int k = 0; k < segments; ++k) {
      const double a = 2 * kPi * k / segments;
      m.positions.push_back(path[i] + (u * std::cos(a) + v * std::sin(a)) * radius);
    }
  }
  stitchRings(m, 0, rings, segments);
  capRing(m, 0, segments, path.front(), true);
  capRing(m, (rings - 1) * segments, segments, path.back(), false);
  m.computeVertexNormals();
  return m;
}

TriangleMesh makeTeapotLikeMesh(int resolution) {
  // Body: a squat bulb from the bottom (z = 0) to the lid (z = 1.1), then a knob.
  std::vector<std::array<double, 2>> body = {{0.0, 0.0}};
  const int n = resolution;
  for (int i = 0; i <= n; ++i) {
    const double t = double(i) / n;  // 0 bottom .. 1 rim
    const double r = 0.55 + 0.45 * std::sin(kPi * (0.15 + 0.8 * t));
    body.push_back({r, 1.0 * t});
  }
  body.push_back({0.55, 1.08});  // lid
  body.push_back({0.12, 1.14});
  body.push_back({0.12, 1.24});  // knob
  body.push_back({0.0, 1.28});
  TriangleMesh m = makeLathe(body, resolution * 2);
  // Spout on +x rising from the lower body; handle on -x.
  std::vector<Vec3d> spout, handle;
  for (int i = 0; i <= 12; ++i) {
    const double t = i / 12.0;
    spout.emplace_back(0.85 + 0.65 * t, 0.0, 0.35 + 0.75 * t * t);
  }
  for (int i = 0; i <= 16; ++i) {
    const double a = -kPi / 2 + kPi * i / 16;
    handle.emplace_back(-0.9 - 0.38 * std::cos(a), 0.0, 0.6 + 0.32 * std::sin(a));
  }
  m.append(makeTube(spout, 0.1, resolution / 2));
  m.append(makeTube(handle, 0.06, resolution / 2));
  m.name = "teapot";
  return m;
}

TriangleMesh makeQuadrupedMesh(int resolution) {
  TriangleMesh m = makeEllipsoid({0.0, 0.0, 1.0}, {0.9, 0.38, 0.36}, resolution);  // body
  m.append(makeEllipsoid({1.22, 0.0, 1.32}, {0.28, 0.17, 0.17}, resolution));       // head
  m.append(makeTube({{0.7, 0.0, 1.12}, {0.85, 0.0, 1.22}, {1.0, 0.0, 1.3}}, 0.14, resolution / 2));  // neck
  for (double x : {-0.6, 0.6})
    for (double y : {-0.2, 0.2}) m.append(makeTube({{x, y, 0.9}, {x, y, 0.45}, {x, y, 0.0}}, 0.08, resolution / 2));
  m.append(makeTube({{-0.88, 0.0, 1.1}, {-1.0, 0.0, 0.9}, {-1.02, 0.0, 0.6}}, 0.03, 6));  // tail
  m.name = "cow";
  return m;
}

}  // namespace flexure::deform
