#include "flexure/core/triangle_mesh.h"

namespace flexure {

Bounds3 TriangleMesh::bounds() const {
  Bounds3 b;
  for (const Vec3d& p : positions) b.extend(p);
  return b;
}

void TriangleMesh::append(const TriangleMesh& other) {
  const int base = vertexCount();
  const bool keepNormals = normals.size() == positions.size() && other.normals.size() == other.positions.size();
  const bool keepUvs = uvs.size() == positions.size() && other.uvs.size() == other.positions.size();
  positions.insert(positions.end(), other.positions.begin(), other.positions.end());
  if (keepNormals) normals.insert(normals.end(), other.normals.begin(), other.normals.end()); else normals.clear();
  if (keepUvs) uvs.insert(uvs.end(), other.uvs.begin(), other.uvs.end()); else uvs.clear();
  const int triangleBase = triangleCount();
  for (const auto& t : other.triangles) triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
  for (GridBlock g : other.grids) {
    g.firstVertex += base;
    g.firstTriangle += triangleBase;
    grids.push_back(g);
  }
}

void TriangleMesh::computeVertexNormals() {
  normals.assign(positions.size(), Vec3d{});
  for (const auto& t : triangles) {
    const Vec3d& a = positions[static_cast<std::size_t>(t[0])];
    const Vec3d& b = positions[static_cast<std::size_t>(t[1])];
    const Vec3d& c = positions[static_cast<std::size_t>(t[2])];
    const Vec3d n = cross(b - a, c - a);  // length = twice the area: area weighting
    for (int k : t) normals[static_cast<std::size_t>(k)] += n;
  }
  for (Vec3d& n : normals) {
    const double len = norm(n);
    n = len > 0.0 ? n / len : Vec3d(0, 0, 1);
  }
}

}  // namespace flexure
