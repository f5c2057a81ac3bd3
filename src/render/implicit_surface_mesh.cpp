#include "flexure/render/implicit_surface_mesh.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace flexure {
namespace {

// Cube corners as bit patterns (x = bit 0, y = bit 1, z = bit 2) and the six tetrahedra of the
// Kuhn split along the diagonal 0-7: each walks from corner 0 to 7 flipping one axis at a time.
constexpr std::array<std::array<int, 4>, 6> kTetrahedra{{
    {0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7}, {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7},
}};

struct Corner {
  Vec3d p;
  double f;
  Vec3d gradient;  // of f, by central differences on the grid
  std::uint64_t node = 0;  // grid node index: crossings on the same grid edge share a vertex
};

// Where f crosses zero on the edge a-b (linear interpolation), with the interpolated gradient.
struct Crossing {
  Vec3d p, gradient;
  std::uint64_t edge;  // the grid edge, as its two node indices (smaller first)
};

Crossing crossing(const Corner& a, const Corner& b) {
  const double t = a.f / (a.f - b.f);
  const std::uint64_t edge = a.node < b.node ? (a.node << 32) | b.node : (b.node << 32) | a.node;
  return {a.p + (b.p - a.p) * t, a.gradient + (b.gradient - a.gradient) * t, edge};
}

}  // namespace

TriangleMesh meshImplicitSurface(const std::function<double(const Vec3d&)>& f, const Bounds3& box, int resolution) {
  TriangleMesh mesh;
  mesh.name = "implicit-surface";
  if (box.empty() || resolution < 1) return mesh;
  const Vec3d extent = box.extent();
  if (extent.x < 0.0 || extent.y < 0.0 || extent.z < 0.0) return mesh;
  const double h = std::max({extent.x, extent.y, extent.z}) / resolution;
  if (!(h > 0.0)) return mesh;
  const int nx = std::max(1, static_cast<int>(std::ceil(extent.x / h)));
  const int ny = std::max(1, static_cast<int>(std::ceil(extent.y / h)));
  const int nz = std::max(1, static_cast<int>(std::ceil(extent.z / h)));

  // Field values at the grid nodes, evaluated once.
  auto node = [&](int i, int j, int k) { return box.lo + Vec3d(i * h, j * h, k * h); };
  const auto index = [&](int i, int j, int k) {
    return (static_cast<std::size_t>(k) * static_cast<std::size_t>(ny + 1) + static_cast<std::size_t>(j)) *
               static_cast<std::size_t>(nx + 1) +
           static_cast<std::size_t>(i);
  };
  std::vector<double> values(static_cast<std::size_t>(nx + 1) * static_cast<std::size_t>(ny + 1) *
                             static_cast<std::size_t>(nz + 1));
  for (int k = 0; k <= nz; ++k)
    for (int j = 0; j <= ny; ++j)
      for (int i = 0; i <= nx; ++i) values[index(i, j, k)] = f(node(i, j, k));

  // Gradients at the grid nodes from the values already there (one-sided at the box's faces):
  // vertex normals then cost no further evaluation of f.
  auto valueAt = [&](int i, int j, int k) { return values[index(i, j, k)]; };
  auto difference = [&](int i, int j, int k, int axis) {
    const int n[3] = {nx, ny, nz};
    int lo[3] = {i, j, k}, hi[3] = {i, j, k};
    lo[axis] = std::max(0, lo[axis] - 1);
    hi[axis] = std::min(n[axis], hi[axis] + 1);
    return (valueAt(hi[0], hi[1], hi[2]) - valueAt(lo[0], lo[1], lo[2])) / ((hi[axis] - lo[axis]) * h);
  };
  auto gradientAt = [&](int i, int j, int k) {
    return Vec3d(difference(i, j, k, 0), difference(i, j, k, 1), difference(i, j, k, 2));
  };
  std::unordered_map<std::uint64_t, int> vertexOfEdge;
  auto emit = [&](Crossing a, Crossing b, Crossing c, const Vec3d& outward) {
    if (dot(cross(b.p - a.p, c.p - a.p), outward) < 0.0) std::swap(b, c);
    std::array<int, 3> corners{};
    std::size_t k = 0;
    for (const Crossing& x : {a, b, c}) {
      // A grid edge's crossing is the same point for every tetrahedron around it: one vertex.
      const auto [it, added] = vertexOfEdge.try_emplace(x.edge, mesh.vertexCount());
      if (added) {
        mesh.positions.push_back(x.p);
        const double length = norm(x.gradient);
        mesh.normals.push_back(length > 0.0 ? x.gradient / length : normalized(outward));
      }
      corners[k++] = it->second;
    }
    if (corners[0] != corners[1] && corners[1] != corners[2] && corners[0] != corners[2]) mesh.triangles.push_back(corners);
  };

  for (int k = 0; k < nz; ++k)
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        std::array<Corner, 8> cube;
        bool anyInside = false, anyOutside = false;
        for (int c = 0; c < 8; ++c) {
          const int ci = i + (c & 1), cj = j + ((c >> 1) & 1), ck = k + ((c >> 2) & 1);
          cube[static_cast<std::size_t>(c)] = {node(ci, cj, ck), values[index(ci, cj, ck)], Vec3d(0, 0, 0),
                                               static_cast<std::uint64_t>(index(ci, cj, ck))};
          (cube[static_cast<std::size_t>(c)].f <= 0.0 ? anyInside : anyOutside) = true;
        }
        if (!anyInside || !anyOutside) continue;
        for (int c = 0; c < 8; ++c)
          cube[static_cast<std::size_t>(c)].gradient = gradientAt(i + (c & 1), j + ((c >> 1) & 1), k + ((c >> 2) & 1));
        for (const auto& tet : kTetrahedra) {
          std::array<Corner, 4> in{}, out{};
          int nIn = 0, nOut = 0;
          for (int c : tet) {
            const Corner& corner = cube[static_cast<std::size_t>(c)];
            if (corner.f <= 0.0)
              in[static_cast<std::size_t>(nIn++)] = corner;
            else
              out[static_cast<std::size_t>(nOut++)] = corner;
          }
          if (nIn == 0 || nOut == 0) continue;
          Vec3d inCenter(0, 0, 0), outCenter(0, 0, 0);
          for (int a = 0; a < nIn; ++a) inCenter += in[static_cast<std::size_t>(a)].p * (1.0 / nIn);
          for (int a = 0; a < nOut; ++a) outCenter += out[static_cast<std::size_t>(a)].p * (1.0 / nOut);
          const Vec3d outward = outCenter - inCenter;
          if (nIn == 1) {
            emit(crossing(in[0], out[0]), crossing(in[0], out[1]), crossing(in[0], out[2]), outward);
          } else if (nIn == 3) {
            emit(crossing(in[0], out[0]), crossing(in[1], out[0]), crossing(in[2], out[0]), outward);
          } else {
            // Two in, two out: the section is the quad in0-out0, in0-out1, in1-out1, in1-out0.
            const Crossing a = crossing(in[0], out[0]), b = crossing(in[0], out[1]);
            const Crossing c = crossing(in[1], out[1]), d = crossing(in[1], out[0]);
            emit(a, b, c, outward);
            emit(a, c, d, outward);
          }
        }
      }
  return mesh;
}

}  // namespace flexure
