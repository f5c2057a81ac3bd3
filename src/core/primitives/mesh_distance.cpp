#include "flexure/core/primitives/mesh_distance.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <unordered_map>

namespace flexure {

namespace {

constexpr int kLeafSize = 4;

// Closest point on triangle abc to p (Ericson, Real-Time Collision Detection, §5.1.5), with the
// feature it lies on: a vertex (0, 1, 2), an edge (k: from corner k to corner k+1) or the face.
struct TrianglePoint {
  Vec3d point;
  MeshSignedDistance::Feature feature;
  int index;  // vertex or edge index for those features
};

TrianglePoint closestOnTriangle(const Vec3d& p, const Vec3d& a, const Vec3d& b, const Vec3d& c) {
  using F = MeshSignedDistance::Feature;
  const Vec3d ab = b - a, ac = c - a, ap = p - a;
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0.0 && d2 <= 0.0) return {a, F::Vertex, 0};
  const Vec3d bp = p - b;
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0.0 && d4 <= d3) return {b, F::Vertex, 1};
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return {a + ab * (d1 / (d1 - d3)), F::Edge, 0};
  const Vec3d cp = p - c;
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0.0 && d5 <= d6) return {c, F::Vertex, 2};
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return {a + ac * (d2 / (d2 - d6)), F::Edge, 2};
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0)
    return {b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))), F::Edge, 1};
  const double denom = 1.0 / (va + vb + vc);
  return {a + ab * (vb * denom) + ac * (vc * denom), F::Face, 0};
}

double squaredDistanceToBox(const Vec3d& p, const MeshSignedDistance::Box& b) {
  const double q[3] = {p.x, p.y, p.z};
  double d = 0.0;
  for (int i = 0; i < 3; ++i) {
    const double below = b.lo[i] - q[i], above = q[i] - b.hi[i];
    const double e = below > 0.0 ? below : (above > 0.0 ? above : 0.0);
    d += e * e;
  }
  return d;
}

Vec3d unitOr(const Vec3d& n, const Vec3d& fallback) {
  const double len = norm(n);
  return len > 0.0 ? n / len : fallback;
}

}  // namespace

MeshSignedDistance::MeshSignedDistance(const TriangleMesh& mesh) : positions_(mesh.positions), triangles_(mesh.triangles) {
  if (triangles_.empty()) return;
  std::vector<Vec3d> centroids(triangles_.size());
  for (std::size_t t = 0; t < triangles_.size(); ++t) {
    const auto& tri = triangles_[t];
    centroids[t] = (positions_[static_cast<std::size_t>(tri[0])] + positions_[static_cast<std::size_t>(tri[1])] +
                    positions_[static_cast<std::size_t>(tri[2])]) * (1.0 / 3.0);
  }
  order_.resize(triangles_.size());
  std::iota(order_.begin(), order_.end(), 0);
  nodes_.reserve(4 * triangles_.size() / kLeafSize + 1);
  build(0, static_cast<int>(triangles_.size()), centroids);
  // Corner positions in leaf order: a query reads them contiguously.
  corners_.resize(order_.size());
  for (std::size_t k = 0; k < order_.size(); ++k)
    for (std::size_t c = 0; c < 3; ++c)
      corners_[k][c] = positions_[static_cast<std::size_t>(triangles_[static_cast<std::size_t>(order_[k])][c])];

  // Pseudo-normals: faces, edges (sum of the two faces), vertices (angle-weighted).
  faceNormals_.resize(triangles_.size());
  vertexNormals_.assign(positions_.size(), Vec3d{});
  std::unordered_map<std::uint64_t, Vec3d> edgeSums;
  auto edgeKey = [](int i, int j) {
    return (static_cast<std::uint64_t>(std::min(i, j)) << 32) | static_cast<std::uint32_t>(std::max(i, j));
  };
  for (std::size_t t = 0; t < triangles_.size(); ++t) {
    const auto& tri = triangles_[t];
    const Vec3d p[3] = {positions_[static_cast<std::size_t>(tri[0])], positions_[static_cast<std::size_t>(tri[1])],
                        positions_[static_cast<std::size_t>(tri[2])]};
    const Vec3d n = unitOr(cross(p[1] - p[0], p[2] - p[0]), Vec3d(0, 0, 1));
    faceNormals_[t] = n;
    for (int k = 0; k < 3; ++k) {
      const Vec3d e1 = p[(k + 1) % 3] - p[k], e2 = p[(k + 2) % 3] - p[k];
      const double l = norm(e1) * norm(e2);
      const double angle = l > 0.0 ? std::acos(std::clamp(dot(e1, e2) / l, -1.0, 1.0)) : 0.0;
      vertexNormals_[static_cast<std::size_t>(tri[k])] += n * angle;
      edgeSums[edgeKey(tri[k], tri[(k + 1) % 3])] += n;
    }
  }
  for (Vec3d& n : vertexNormals_) n = unitOr(n, Vec3d(0, 0, 1));
  edgeNormals_.resize(triangles_.size());
  for (std::size_t t = 0; t < triangles_.size(); ++t)
    for (int k = 0; k < 3; ++k)
      edgeNormals_[t][static_cast<std::size_t>(k)] =
          unitOr(edgeSums[edgeKey(triangles_[t][k], triangles_[t][(k + 1) % 3])], faceNormals_[t]);
}

// Median split along the longest axis of the centroids' extent; reorders order_ in place and
// computes each node's box from its children (bottom-up, one pass over the triangles).
int MeshSignedDistance::build(int first, int count, const std::vector<Vec3d>& centroids) {
  const int index = static_cast<int>(nodes_.size());
  nodes_.push_back({});
  const auto begin = order_.begin() + first, end = begin + count;
  if (count <= kLeafSize) {
    Box box;
    for (auto it = begin; it != end; ++it)
      for (int k : triangles_[static_cast<std::size_t>(*it)]) box.extend(positions_[static_cast<std::size_t>(k)]);
    BvhNode& node = nodes_[static_cast<std::size_t>(index)];
    node.box = box;
    node.first = first;
    node.count = count;
    return index;
  }
  Box centres;
  for (auto it = begin; it != end; ++it) centres.extend(centroids[static_cast<std::size_t>(*it)]);
  const double ex = centres.hi[0] - centres.lo[0], ey = centres.hi[1] - centres.lo[1], ez = centres.hi[2] - centres.lo[2];
  const int axis = ex >= ey && ex >= ez ? 0 : (ey >= ez ? 1 : 2);
  const int half = count / 2;
  std::nth_element(begin, begin + half, end, [&](int a, int b) {
    return centroids[static_cast<std::size_t>(a)][axis] < centroids[static_cast<std::size_t>(b)][axis];
  });
  const int left = build(first, half, centroids);
  const int right = build(first + half, count - half, centroids);
  BvhNode& node = nodes_[static_cast<std::size_t>(index)];
  node.left = left;
  node.right = right;
  node.box = nodes_[static_cast<std::size_t>(left)].box;
  node.box.extend(nodes_[static_cast<std::size_t>(right)].box);
  return index;
}

void MeshSignedDistance::closestInTriangle(int slot, const Vec3d& x, Closest& best, double& bestSq) const {
  const auto& p = corners_[static_cast<std::size_t>(slot)];
  const TrianglePoint c = closestOnTriangle(x, p[0], p[1], p[2]);
  const double d = squaredNorm(x - c.point);
  if (d >= bestSq) return;
  const int t = order_[static_cast<std::size_t>(slot)];
  const auto& tri = triangles_[static_cast<std::size_t>(t)];
  bestSq = d;
  best.triangle = t;
  best.feature = c.feature;
  best.point = c.point;
  switch (c.feature) {
    case Feature::Face: best.pseudoNormal = faceNormals_[static_cast<std::size_t>(t)]; break;
    case Feature::Edge: best.pseudoNormal = edgeNormals_[static_cast<std::size_t>(t)][static_cast<std::size_t>(c.index)]; break;
    case Feature::Vertex: best.pseudoNormal = vertexNormals_[static_cast<std::size_t>(tri[c.index])]; break;
  }
}

MeshSignedDistance::Closest MeshSignedDistance::closest(const Vec3d& x) const {
  Closest best;
  if (triangles_.empty()) {
    best.distance = 1e300;
    return best;
  }
  double bestSq = 1e300;
  int stack[128];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const BvhNode& node = nodes_[static_cast<std::size_t>(stack[--top])];
    if (squaredDistanceToBox(x, node.box) >= bestSq) continue;
    if (node.left < 0) {
      for (int k = node.first; k < node.first + node.count; ++k) closestInTriangle(k, x, best, bestSq);
      continue;
    }
    // Visit the nearer child first (pushed last) so the bound shrinks early.
    const double dl = squaredDistanceToBox(x, nodes_[static_cast<std::size_t>(node.left)].box);
    const double dr = squaredDistanceToBox(x, nodes_[static_cast<std::size_t>(node.right)].box);
    if (dl < dr) { stack[top++] = node.right; stack[top++] = node.left; }
    else { stack[top++] = node.left; stack[top++] = node.right; }
  }
  const double d = std::sqrt(bestSq);
  best.distance = dot(x - best.point, best.pseudoNormal) < 0.0 ? -d : d;
  return best;
}

}  // namespace flexure
