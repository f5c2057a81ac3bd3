#include "flexure/core/affine_grid_lines.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

namespace flexure {
namespace {

// Written out rather than std::max({…}): called per vertex in every line test, it then inlines.
inline double largest(const Vec3d& v) { return std::max(std::max(std::abs(v.x), std::abs(v.y)), std::abs(v.z)); }

// One grid block of a mesh, with its tolerances.
class BlockView {
 public:
  BlockView(const TriangleMesh& mesh, const GridBlock& block, double relativeTolerance)
      : mesh_(mesh), block_(block), normals_(mesh.normals.size() == mesh.positions.size()) {
    Bounds3 box;
    for (int j = 0; j < block.rows; ++j)
      for (int i = 0; i < block.columns; ++i) box.extend(position(i, j));
    const Vec3d extent = box.extent();
    positionTolerance_ = relativeTolerance * std::max(std::sqrt(dot(extent, extent)), 1e-300);
    normalTolerance_ = relativeTolerance;
  }

  int columns() const { return block_.columns; }
  int rows() const { return block_.rows; }
  std::size_t index(int i, int j) const {
    return static_cast<std::size_t>(block_.firstVertex) + static_cast<std::size_t>(j) * static_cast<std::size_t>(block_.columns) +
           static_cast<std::size_t>(i);
  }
  const Vec3d& position(int i, int j) const { return mesh_.positions[index(i, j)]; }

  // Vertex v equals (1 − t)·p + t·q in position and normal: it lies on the line between them,
  // evenly spaced, so a rasterizer interpolating p and q draws it where it is, lit as it is.
  bool interpolates(std::size_t v, std::size_t p, std::size_t q, double t) const {
    const auto& P = mesh_.positions;
    if (largest(P[v] - (P[p] * (1.0 - t) + P[q] * t)) > positionTolerance_) return false;
    if (!normals_) return true;
    const auto& N = mesh_.normals;
    return largest(N[v] - (N[p] * (1.0 - t) + N[q] * t)) <= normalTolerance_;
  }

  // The plane of triangle (p0, p1, p2), for the coordinates of many points in it.
  struct Plane {
    std::size_t p0 = 0, p1 = 0, p2 = 0;
    Vec3d e1, e2;
    double a = 0.0, b = 0.0, c = 0.0, det = 0.0;
    bool valid = false;  // false: the triangle is degenerate (no plane)
  };
  Plane plane(std::size_t p0, std::size_t p1, std::size_t p2) const {
    const auto& P = mesh_.positions;
    Plane q;
    q.p0 = p0;
    q.p1 = p1;
    q.p2 = p2;
    q.e1 = P[p1] - P[p0];
    q.e2 = P[p2] - P[p0];
    q.a = dot(q.e1, q.e1);
    q.b = dot(q.e1, q.e2);
    q.c = dot(q.e2, q.e2);
    q.det = q.a * q.c - q.b * q.b;
    q.valid = q.a > 0.0 && q.c > 0.0 && q.det > 1e-24 * q.a * q.c;
    return q;
  }

  // Vertex v ≈ p0 + s (p1 − p0) + t (p2 − p0) in the plane, and its distance from the plane.
  void coordinates(const Plane& q, std::size_t v, double& s, double& t, double& distance) const {
    const Vec3d x = mesh_.positions[v] - mesh_.positions[q.p0];
    const double xe1 = dot(x, q.e1), xe2 = dot(x, q.e2);
    s = (q.c * xe1 - q.b * xe2) / q.det;
    t = (q.a * xe2 - q.b * xe1) / q.det;
    distance = largest(x - (q.e1 * s + q.e2 * t));
  }

  // Vertex v lies inside the plane's triangle (in the plane, on it or within its edges).
  bool liesInside(const Plane& q, std::size_t v) const {
    if (!q.valid) return false;
    double s = 0.0, t = 0.0, distance = 0.0;
    coordinates(q, v, s, t, distance);
    constexpr double kInside = 1e-9;
    return distance <= positionTolerance_ && s >= -kInside && t >= -kInside && s + t <= 1.0 + kInside;
  }

  // Vertex v lies in the plane and its normal is the affine field that the triangle's corners
  // define over that plane, evaluated at v (also outside the triangle).
  bool followsAffineField(const Plane& q, std::size_t v) const {
    double s = 0.0, t = 0.0, distance = 0.0;
    coordinates(q, v, s, t, distance);
    if (distance > positionTolerance_) return false;
    if (!normals_) return true;
    const auto& N = mesh_.normals;
    const Vec3d n = N[q.p0] * (1.0 - s - t) + N[q.p1] * s + N[q.p2] * t;
    return largest(N[v] - n) <= normalTolerance_;
  }

 private:
  const TriangleMesh& mesh_;
  GridBlock block_;
  bool normals_;
  double positionTolerance_ = 0.0;
  double normalTolerance_ = 0.0;
};

// Line k (a column when `columns`, else a row) is reproduced, at every vertex along it, by
// interpolating lines a and b.
bool lineInterpolates(const BlockView& g, bool columns, int k, int a, int b) {
  const double t = double(k - a) / double(b - a);
  const int along = columns ? g.rows() : g.columns();
  for (int m = 0; m < along; ++m) {
    const bool ok = columns ? g.interpolates(g.index(k, m), g.index(a, m), g.index(b, m), t)
                            : g.interpolates(g.index(m, k), g.index(m, a), g.index(m, b), t);
    if (!ok) return false;
  }
  return true;
}

// The lines to keep along one direction, ascending: both borders, every line not affine with its
// neighbours, and, inside each run of affine lines, whatever splits the run until each removed
// line is reproduced by the kept lines around it (a run of small second differences can still
// bend by their sum).
std::vector<char> keptLines(const BlockView& g, bool columns) {
  const int count = columns ? g.columns() : g.rows();
  std::vector<char> kept(static_cast<std::size_t>(count), 1);
  for (int k = 1; k + 1 < count; ++k) kept[static_cast<std::size_t>(k)] = !lineInterpolates(g, columns, k, k - 1, k + 1);
  std::vector<std::pair<int, int>> spans;
  for (int a = 0; a + 1 < count;) {
    int b = a + 1;
    while (!kept[static_cast<std::size_t>(b)]) ++b;
    if (b - a > 1) spans.emplace_back(a, b);
    a = b;
  }
  while (!spans.empty()) {
    const auto [a, b] = spans.back();
    spans.pop_back();
    bool ok = true;
    for (int k = a + 1; k < b && ok; ++k) ok = lineInterpolates(g, columns, k, a, b);
    if (ok) continue;
    const int mid = (a + b) / 2;
    kept[static_cast<std::size_t>(mid)] = 1;
    if (mid - a > 1) spans.emplace_back(a, mid);
    if (b - mid > 1) spans.emplace_back(mid, b);
  }
  return kept;
}

std::vector<int> indicesOf(const std::vector<char>& kept) {
  std::vector<int> out;
  for (std::size_t k = 0; k < kept.size(); ++k)
    if (kept[k]) out.push_back(static_cast<int>(k));
  return out;
}

// A merged cell [a, b] × [c, d] draws what its original cells drew when the whole cell is one
// plane carrying one affine normal field: then every original triangle, whose corners follow
// that field, interpolates exactly what the two merged triangles interpolate. Checked at every
// original vertex of the cell: in the plane, inside the merged cell, with the field's normal.
// Lines alone do not ensure it: both families of a hyperbolic paraboloid's grid lines are
// straight, and on a cone's trapezoids the normal is not affine across the two triangles.
bool cellDrawsTheSame(const BlockView& g, int a, int b, int c, int d) {
  if (b - a == 1 && d - c == 1) return true;  // an original cell
  const std::size_t A = g.index(a, c), B = g.index(b, c), C = g.index(a, d), D = g.index(b, d);
  // The field is defined by a corner triangle with a plane (a disc's centre collapses A and B).
  const BlockView::Plane first = g.plane(A, B, D), second = g.plane(A, D, C);
  if (!first.valid && !second.valid) return false;
  const BlockView::Plane& reference = first.valid ? first : second;
  for (int j = c; j <= d; ++j)
    for (int i = a; i <= b; ++i) {
      const std::size_t v = g.index(i, j);
      if (!g.followsAffineField(reference, v)) return false;
      if (!g.liesInside(first, v) && !g.liesInside(second, v)) return false;
    }
  return true;
}

// Kept lines such that every merged cell draws the same surface: a failing cell gets its longer
// side split (the original grid, all lines kept, always passes).
void refineUntilCellsMatch(const BlockView& g, std::vector<char>& keptColumns, std::vector<char>& keptRows) {
  for (;;) {
    const std::vector<int> cols = indicesOf(keptColumns), rows = indicesOf(keptRows);
    bool split = false;
    for (std::size_t r = 0; r + 1 < rows.size(); ++r)
      for (std::size_t q = 0; q + 1 < cols.size(); ++q) {
        const int a = cols[q], b = cols[q + 1], c = rows[r], d = rows[r + 1];
        if (cellDrawsTheSame(g, a, b, c, d)) continue;
        if (b - a >= d - c) keptColumns[static_cast<std::size_t>((a + b) / 2)] = 1;
        else keptRows[static_cast<std::size_t>((c + d) / 2)] = 1;
        split = true;
      }
    if (!split) return;
  }
}

// The block's triangles are its cells' (a, b, d), (a, d, c) in row-major order, as tessellation
// lays them out and as compaction writes them again.
bool trianglesInGridOrder(const TriangleMesh& mesh, const GridBlock& block) {
  std::size_t t = static_cast<std::size_t>(block.firstTriangle);
  for (int j = 0; j + 1 < block.rows; ++j)
    for (int i = 0; i + 1 < block.columns; ++i, t += 2) {
      const int a = block.firstVertex + j * block.columns + i, b = a + 1, c = a + block.columns, d = c + 1;
      if (mesh.triangles[t] != std::array<int, 3>{a, b, d} || mesh.triangles[t + 1] != std::array<int, 3>{a, d, c})
        return false;
    }
  return true;
}

}  // namespace

AffineGridLineStats dropAffineGridLines(TriangleMesh& mesh, double relativeTolerance) {
  AffineGridLineStats stats;
  stats.verticesBefore = mesh.vertexCount();
  stats.trianglesBefore = mesh.triangleCount();
  const std::size_t vertexCount = mesh.positions.size();
  std::vector<char> keepVertex(vertexCount, 1), gridTriangle(mesh.triangles.size(), 0);
  struct Kept {
    std::vector<int> columns, rows;
  };
  std::vector<Kept> kept(mesh.grids.size());
  // A block that does not fit the mesh (edited after tessellation) is left as it is.
  std::erase_if(mesh.grids, [&](const GridBlock& g) {
    return g.columns < 2 || g.rows < 2 || g.firstVertex < 0 || g.firstTriangle < 0 ||
           static_cast<std::size_t>(g.firstVertex) + static_cast<std::size_t>(g.columns) * static_cast<std::size_t>(g.rows) > vertexCount ||
           static_cast<std::size_t>(g.firstTriangle + g.triangleCount()) > mesh.triangles.size();
  });
  kept.resize(mesh.grids.size());
  std::vector<BlockView> views;  // one per block: its constructor reads every vertex of the block
  views.reserve(mesh.grids.size());
  for (std::size_t b = 0; b < mesh.grids.size(); ++b) {
    const GridBlock& block = mesh.grids[b];
    for (int t = 0; t < block.triangleCount(); ++t) gridTriangle[static_cast<std::size_t>(block.firstTriangle + t)] = 1;
    const BlockView& g = views.emplace_back(mesh, block, relativeTolerance);
    std::vector<char> columns = keptLines(g, true), rows = keptLines(g, false);
    refineUntilCellsMatch(g, columns, rows);
    for (int j = 0; j < block.rows; ++j)
      for (int i = 0; i < block.columns; ++i) keepVertex[g.index(i, j)] = columns[static_cast<std::size_t>(i)] && rows[static_cast<std::size_t>(j)];
    kept[b] = {indicesOf(columns), indicesOf(rows)};
  }
  const std::size_t keptVertices = static_cast<std::size_t>(std::count(keepVertex.begin(), keepVertex.end(), char{1}));
  const bool inOrder = std::is_sorted(mesh.grids.begin(), mesh.grids.end(), [](const GridBlock& x, const GridBlock& y) {
    return x.firstTriangle < y.firstTriangle;
  });
  if (keptVertices == vertexCount && inOrder &&
      std::all_of(mesh.grids.begin(), mesh.grids.end(), [&](const GridBlock& g) { return trianglesInGridOrder(mesh, g); })) {
    // Nothing dropped: the compacted mesh would be this one, vertex for vertex and triangle for
    // triangle (every block's cells again in row-major order), so it stays as it is.
    stats.verticesAfter = stats.verticesBefore;
    stats.trianglesAfter = stats.trianglesBefore;
    return stats;
  }

  // Compact the vertices, then the triangles: others as they were, each grid's from its kept lines.
  // Sized once (this runs on every frame of a drag over a large deformed sheet).
  std::vector<int> newIndex(vertexCount, -1);
  TriangleMesh out;
  out.name = std::move(mesh.name);
  const bool normals = mesh.normals.size() == vertexCount, uvs = mesh.uvs.size() == vertexCount;
  out.positions.resize(keptVertices);
  if (normals) out.normals.resize(keptVertices);
  if (uvs) out.uvs.resize(keptVertices);
  std::size_t at = 0;
  for (std::size_t v = 0; v < vertexCount; ++v) {
    if (!keepVertex[v]) continue;
    newIndex[v] = static_cast<int>(at);
    out.positions[at] = mesh.positions[v];
    if (normals) out.normals[at] = mesh.normals[v];
    if (uvs) out.uvs[at] = mesh.uvs[v];
    ++at;
  }
  std::size_t triangleCount = static_cast<std::size_t>(std::count(gridTriangle.begin(), gridTriangle.end(), char{0}));
  for (const Kept& k : kept)
    if (k.columns.size() > 1 && k.rows.size() > 1) triangleCount += 2 * (k.columns.size() - 1) * (k.rows.size() - 1);
  out.triangles.reserve(triangleCount);
  // Triangles keep their order: each grid's run where it was, the others around them.
  std::vector<std::size_t> order(mesh.grids.size());
  for (std::size_t b = 0; b < order.size(); ++b) order[b] = b;
  std::sort(order.begin(), order.end(),
            [&](std::size_t x, std::size_t y) { return mesh.grids[x].firstTriangle < mesh.grids[y].firstTriangle; });
  std::size_t next = 0;
  auto copyOthersUntil = [&](std::size_t end) {
    for (; next < end; ++next)
      if (!gridTriangle[next]) {
        const auto& t = mesh.triangles[next];
        out.triangles.push_back({newIndex[static_cast<std::size_t>(t[0])], newIndex[static_cast<std::size_t>(t[1])],
                                 newIndex[static_cast<std::size_t>(t[2])]});
      }
  };
  for (std::size_t b : order) {
    const GridBlock& block = mesh.grids[b];
    copyOthersUntil(static_cast<std::size_t>(block.firstTriangle));
    const BlockView& g = views[b];
    const Kept& k = kept[b];
    GridBlock merged;
    merged.firstVertex = newIndex[g.index(0, 0)];
    merged.columns = static_cast<int>(k.columns.size());
    merged.rows = static_cast<int>(k.rows.size());
    merged.firstTriangle = out.triangleCount();
    for (std::size_t r = 0; r + 1 < k.rows.size(); ++r)
      for (std::size_t q = 0; q + 1 < k.columns.size(); ++q) {
        const int a = newIndex[g.index(k.columns[q], k.rows[r])], bb = newIndex[g.index(k.columns[q + 1], k.rows[r])];
        const int c = newIndex[g.index(k.columns[q], k.rows[r + 1])], d = newIndex[g.index(k.columns[q + 1], k.rows[r + 1])];
        out.triangles.push_back({a, bb, d});
        out.triangles.push_back({a, d, c});
      }
    out.grids.push_back(merged);
    next = static_cast<std::size_t>(block.firstTriangle + block.triangleCount());
  }
  copyOthersUntil(mesh.triangles.size());
  mesh = std::move(out);
  stats.verticesAfter = mesh.vertexCount();
  stats.trianglesAfter = mesh.triangleCount();
  return stats;
}

}  // namespace flexure
