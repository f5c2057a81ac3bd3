#include "flexure/core/affine_grid_lines.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <utility>
#include <vector>

namespace flexure {

// (Named, not file-local: AffineGridMerger::State, a class with linkage, holds it.)
namespace affine_grid_detail {

// What a block's previous merge found, for the next merge after a few vertices moved.
struct BlockMemory {
  GridBlock block;
  double tolerance = 0.0;
  // Per direction: the first pass (a line not interpolated by its neighbours), keptLines' result,
  // and the lines kept in the end.
  std::vector<char> columnBends, rowBends, columnLines, rowLines, columns, rows;
  // The bounds of each chunk of consecutive vertices of the block (blockBounds).
  std::vector<Bounds3> chunkBounds;
};

}  // namespace affine_grid_detail

using affine_grid_detail::BlockMemory;

namespace {

// Written out rather than std::max({…}): called per vertex in every line test, it then inlines.
inline double largest(const Vec3d& v) { return std::max(std::max(std::abs(v.x), std::abs(v.y)), std::abs(v.z)); }

// One grid block of a mesh, with its tolerances.
class BlockView {
 public:
  // `box`: the bounds of the block's vertices.
  BlockView(const TriangleMesh& mesh, const GridBlock& block, double relativeTolerance, const Bounds3& box)
      : mesh_(mesh), block_(block), normals_(mesh.normals.size() == mesh.positions.size()) {
    const Vec3d extent = box.extent();
    // The diagonal rounded up to a power of two: a round-off tolerance either way, and one that
    // stays put while a drag changes the block's extent a little (AffineGridMerger reuses tests).
    const double diagonal = std::max(std::sqrt(dot(extent, extent)), 1e-300);
    positionTolerance_ = relativeTolerance * std::exp2(std::ceil(std::log2(diagonal)));
    normalTolerance_ = relativeTolerance;
  }

  double positionTolerance() const { return positionTolerance_; }

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

// Which lines of a block hold a moved vertex, and the index box of the moved vertices.
struct BlockMoves {
  std::vector<char> columns, rows;
  int i0 = 0, i1 = -1, j0 = 0, j1 = -1;
  bool any() const { return i1 >= i0; }
  // Some moved vertex may lie in [a, b] × [c, d] (the box is conservative).
  bool meets(int a, int b, int c, int d) const { return any() && a <= i1 && b >= i0 && c <= j1 && d >= j0; }
};

BlockMoves movesIn(const GridBlock& block, const std::vector<int>& moved) {
  BlockMoves m;
  m.columns.assign(static_cast<std::size_t>(block.columns), 0);
  m.rows.assign(static_cast<std::size_t>(block.rows), 0);
  m.i0 = block.columns;
  m.j0 = block.rows;
  const int end = block.firstVertex + block.columns * block.rows;
  for (auto it = std::lower_bound(moved.begin(), moved.end(), block.firstVertex); it != moved.end() && *it < end; ++it) {
    const int local = *it - block.firstVertex, i = local % block.columns, j = local / block.columns;
    m.columns[static_cast<std::size_t>(i)] = m.rows[static_cast<std::size_t>(j)] = 1;
    m.i0 = std::min(m.i0, i);
    m.i1 = std::max(m.i1, i);
    m.j0 = std::min(m.j0, j);
    m.j1 = std::max(m.j1, j);
  }
  return m;
}

// One direction's memory and moves, when the previous merge of the block can be taken over.
struct LineMemory {
  const std::vector<char>& bends;  // the previous first pass
  const std::vector<char>& lines;  // the previous keptLines result
  const std::vector<char>& moved;  // lines holding a moved vertex now
};

// The lines to keep along one direction, ascending: both borders, every line not affine with its
// neighbours, and, inside each run of affine lines, whatever splits the run until each removed
// line is reproduced by the kept lines around it (a run of small second differences can still
// bend by their sum). `bends` gets the first pass. With `memory`, a line whose neighbourhood
// holds no moved vertex keeps its first-pass result, and a run that was a run before and holds no
// moved vertex keeps its splits: the same tests on the same vertices.
std::vector<char> keptLines(const BlockView& g, bool columns, const LineMemory* memory, std::vector<char>& bends) {
  const int count = columns ? g.columns() : g.rows();
  const auto at = [](int k) { return static_cast<std::size_t>(k); };
  const auto movedAt = [&](int k) { return memory->moved[at(k)] != 0; };
  bends.assign(at(count), 1);
  for (int k = 1; k + 1 < count; ++k) {
    const bool reuse = memory && !movedAt(k - 1) && !movedAt(k) && !movedAt(k + 1);
    bends[at(k)] = reuse ? memory->bends[at(k)] : !lineInterpolates(g, columns, k, k - 1, k + 1);
  }
  std::vector<char> kept = bends;
  const auto unchangedRun = [&](int a, int b) {
    for (int k = a; k <= b; ++k)
      if (movedAt(k) || memory->bends[at(k)] != bends[at(k)]) return false;
    return true;
  };
  std::vector<std::pair<int, int>> spans;
  for (int a = 0; a + 1 < count;) {
    int b = a + 1;
    while (!kept[at(b)]) ++b;
    if (b - a > 1) {
      if (memory && unchangedRun(a, b)) std::copy(memory->lines.begin() + a + 1, memory->lines.begin() + b, kept.begin() + a + 1);
      else spans.emplace_back(a, b);
    }
    a = b;
  }
  while (!spans.empty()) {
    const auto [a, b] = spans.back();
    spans.pop_back();
    bool ok = true;
    for (int k = a + 1; k < b && ok; ++k) ok = lineInterpolates(g, columns, k, a, b);
    if (ok) continue;
    const int mid = (a + b) / 2;
    kept[at(mid)] = 1;
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

// For each line, the next kept line after it (−1 after the last).
std::vector<int> nextKept(const std::vector<char>& kept) {
  std::vector<int> next(kept.size(), -1);
  int after = -1;
  for (std::size_t k = kept.size(); k-- > 0;) {
    next[k] = after;
    if (kept[k]) after = static_cast<int>(k);
  }
  return next;
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
// side split (the original grid, all lines kept, always passes). With the previous merge's
// final lines (`memory`), a cell that was one of its cells and holds no moved vertex passes
// without being tested again: it passed that merge's last round on the same vertices.
void refineUntilCellsMatch(const BlockView& g, std::vector<char>& keptColumns, std::vector<char>& keptRows,
                           const BlockMemory* memory, const BlockMoves& moves) {
  std::vector<int> nextColumn, nextRow;
  if (memory) {
    nextColumn = nextKept(memory->columns);
    nextRow = nextKept(memory->rows);
  }
  const auto passedBefore = [&](int a, int b, int c, int d) {
    return memory && nextColumn[static_cast<std::size_t>(a)] == b && nextRow[static_cast<std::size_t>(c)] == d &&
           !moves.meets(a, b, c, d);
  };
  for (;;) {
    const std::vector<int> cols = indicesOf(keptColumns), rows = indicesOf(keptRows);
    bool split = false;
    for (std::size_t r = 0; r + 1 < rows.size(); ++r)
      for (std::size_t q = 0; q + 1 < cols.size(); ++q) {
        const int a = cols[q], b = cols[q + 1], c = rows[r], d = rows[r + 1];
        if (passedBefore(a, b, c, d) || cellDrawsTheSame(g, a, b, c, d)) continue;
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

bool sameBlock(const GridBlock& x, const GridBlock& y) {
  return x.firstVertex == y.firstVertex && x.columns == y.columns && x.rows == y.rows && x.firstTriangle == y.firstTriangle;
}

// The blocks that fit the mesh (one edited after tessellation is left as it is).
std::vector<GridBlock> fittingBlocks(const TriangleMesh& mesh) {
  std::vector<GridBlock> out;
  const std::size_t vertexCount = mesh.positions.size();
  for (const GridBlock& g : mesh.grids)
    if (g.columns >= 2 && g.rows >= 2 && g.firstVertex >= 0 && g.firstTriangle >= 0 &&
        static_cast<std::size_t>(g.firstVertex) + static_cast<std::size_t>(g.columns) * static_cast<std::size_t>(g.rows) <= vertexCount &&
        static_cast<std::size_t>(g.firstTriangle + g.triangleCount()) <= mesh.triangles.size())
      out.push_back(g);
  return out;
}

constexpr int kBoundsChunk = 256;

// The bounds of each chunk of kBoundsChunk consecutive vertices of the block: `kept`'s (the
// previous call's) for the chunks no vertex of `moved` lies in, computed again for the others.
// Their union is the block's bounds, exactly (a drag over a 700 × 700 sheet then reads the
// twelfth of it that moved, not all of it).
std::vector<Bounds3> blockBounds(const TriangleMesh& mesh, const GridBlock& block, const std::vector<Bounds3>* kept,
                                 const std::vector<int>* moved) {
  const int count = block.columns * block.rows, chunks = (count + kBoundsChunk - 1) / kBoundsChunk;
  const bool reuse = kept && moved && kept->size() == static_cast<std::size_t>(chunks);
  std::vector<Bounds3> out = reuse ? *kept : std::vector<Bounds3>(static_cast<std::size_t>(chunks));
  std::vector<char> again(static_cast<std::size_t>(chunks), reuse ? 0 : 1);
  if (reuse)
    for (auto it = std::lower_bound(moved->begin(), moved->end(), block.firstVertex);
         it != moved->end() && *it < block.firstVertex + count; ++it)
      again[static_cast<std::size_t>((*it - block.firstVertex) / kBoundsChunk)] = 1;
  for (int c = 0; c < chunks; ++c) {
    if (!again[static_cast<std::size_t>(c)]) continue;
    Bounds3 box;
    const int end = std::min(count, (c + 1) * kBoundsChunk);
    for (int k = c * kBoundsChunk; k < end; ++k) box.extend(mesh.positions[static_cast<std::size_t>(block.firstVertex + k)]);
    out[static_cast<std::size_t>(c)] = box;
  }
  return out;
}

Bounds3 unionOf(const std::vector<Bounds3>& boxes) {
  Bounds3 all;
  for (const Bounds3& b : boxes) all.extend(b);
  return all;
}

// The kept lines of every block (`memory`: the previous call's, taken over where nothing moved,
// when `moved` is given).
std::vector<BlockMemory> keptLinesOfBlocks(const TriangleMesh& mesh, const std::vector<GridBlock>& blocks,
                                           double relativeTolerance, const std::vector<BlockMemory>* memory,
                                           const std::vector<int>* moved) {
  std::vector<BlockMemory> out(blocks.size());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const BlockMemory* same = memory && moved && b < memory->size() && sameBlock((*memory)[b].block, blocks[b]) ? &(*memory)[b] : nullptr;
    BlockMemory& m = out[b];
    m.chunkBounds = blockBounds(mesh, blocks[b], same ? &same->chunkBounds : nullptr, moved);
    const BlockView g(mesh, blocks[b], relativeTolerance, unionOf(m.chunkBounds));
    m.block = blocks[b];
    m.tolerance = g.positionTolerance();
    const BlockMemory* before = same && same->tolerance == m.tolerance ? same : nullptr;
    const BlockMoves moves = before ? movesIn(blocks[b], *moved) : BlockMoves{};
    if (before && !moves.any()) {  // nothing of the block moved: every test would read the same
      m = *before;  // (its chunk bounds too: they are the same)
      continue;
    }
    const LineMemory columnMemory{before ? before->columnBends : m.columnBends, before ? before->columnLines : m.columnLines,
                                  moves.columns};
    const LineMemory rowMemory{before ? before->rowBends : m.rowBends, before ? before->rowLines : m.rowLines, moves.rows};
    m.columnLines = keptLines(g, true, before ? &columnMemory : nullptr, m.columnBends);
    m.rowLines = keptLines(g, false, before ? &rowMemory : nullptr, m.rowBends);
    m.columns = m.columnLines;
    m.rows = m.rowLines;
    refineUntilCellsMatch(g, m.columns, m.rows, before, moves);
  }
  return out;
}

}  // namespace

struct AffineGridMerger::State {
  double relativeTolerance = 1e-9;
  bool valid = false;  // `result` and the memories are those of the previous call
  std::size_t inputVertices = 0, inputTriangles = 0;
  std::vector<BlockMemory> blocks;
  std::vector<int> newIndex;  // input vertex → result vertex, −1 where dropped
  TriangleMesh result;
  AffineGridLineStats stats;
  bool sameTriangles = false;
  std::vector<int> movedOut;
};

namespace {

// The merged mesh of `mesh` from the blocks' kept lines: vertices compacted, triangles in their
// order (each grid's run where it was, the others around them). Sized once (this runs on every
// frame of a drag over a large deformed sheet). Nothing dropped: the mesh as it is, its blocks
// those that fit.
void compact(const TriangleMesh& mesh, const std::vector<GridBlock>& blocks, const std::vector<BlockMemory>& kept,
             TriangleMesh& out, std::vector<int>& newIndex) {
  const std::size_t vertexCount = mesh.positions.size();
  std::vector<char> keepVertex(vertexCount, 1), gridTriangle(mesh.triangles.size(), 0);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    const GridBlock& block = blocks[b];
    for (int t = 0; t < block.triangleCount(); ++t) gridTriangle[static_cast<std::size_t>(block.firstTriangle + t)] = 1;
    for (int j = 0; j < block.rows; ++j)
      for (int i = 0; i < block.columns; ++i)
        keepVertex[static_cast<std::size_t>(block.firstVertex + j * block.columns + i)] =
            kept[b].columns[static_cast<std::size_t>(i)] && kept[b].rows[static_cast<std::size_t>(j)];
  }
  const std::size_t keptVertices = static_cast<std::size_t>(std::count(keepVertex.begin(), keepVertex.end(), char{1}));
  const bool inOrder = std::is_sorted(blocks.begin(), blocks.end(),
                                      [](const GridBlock& x, const GridBlock& y) { return x.firstTriangle < y.firstTriangle; });
  newIndex.resize(vertexCount);
  if (keptVertices == vertexCount && inOrder &&
      std::all_of(blocks.begin(), blocks.end(), [&](const GridBlock& g) { return trianglesInGridOrder(mesh, g); })) {
    // Nothing dropped: the compacted mesh would be this one, vertex for vertex and triangle for
    // triangle (every block's cells again in row-major order).
    if (&out != &mesh) out = mesh;
    out.grids = blocks;
    for (std::size_t v = 0; v < vertexCount; ++v) newIndex[v] = static_cast<int>(v);
    return;
  }
  TriangleMesh merged;
  merged.name = mesh.name;
  const bool normals = mesh.normals.size() == vertexCount, uvs = mesh.uvs.size() == vertexCount;
  merged.positions.resize(keptVertices);
  if (normals) merged.normals.resize(keptVertices);
  if (uvs) merged.uvs.resize(keptVertices);
  std::size_t at = 0;
  for (std::size_t v = 0; v < vertexCount; ++v) {
    if (!keepVertex[v]) {
      newIndex[v] = -1;
      continue;
    }
    newIndex[v] = static_cast<int>(at);
    merged.positions[at] = mesh.positions[v];
    if (normals) merged.normals[at] = mesh.normals[v];
    if (uvs) merged.uvs[at] = mesh.uvs[v];
    ++at;
  }
  std::size_t triangleCount = static_cast<std::size_t>(std::count(gridTriangle.begin(), gridTriangle.end(), char{0}));
  for (const BlockMemory& k : kept) {
    const auto c = static_cast<std::size_t>(std::count(k.columns.begin(), k.columns.end(), char{1}));
    const auto r = static_cast<std::size_t>(std::count(k.rows.begin(), k.rows.end(), char{1}));
    triangleCount += 2 * (c - 1) * (r - 1);
  }
  merged.triangles.reserve(triangleCount);
  std::vector<std::size_t> order(blocks.size());
  for (std::size_t b = 0; b < order.size(); ++b) order[b] = b;
  std::sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return blocks[x].firstTriangle < blocks[y].firstTriangle; });
  std::size_t next = 0;
  auto copyOthersUntil = [&](std::size_t end) {
    for (; next < end; ++next)
      if (!gridTriangle[next]) {
        const auto& t = mesh.triangles[next];
        merged.triangles.push_back({newIndex[static_cast<std::size_t>(t[0])], newIndex[static_cast<std::size_t>(t[1])],
                                    newIndex[static_cast<std::size_t>(t[2])]});
      }
  };
  for (std::size_t b : order) {
    const GridBlock& block = blocks[b];
    copyOthersUntil(static_cast<std::size_t>(block.firstTriangle));
    const std::vector<int> columns = indicesOf(kept[b].columns), rows = indicesOf(kept[b].rows);
    const auto vertexAt = [&](int i, int j) {
      return newIndex[static_cast<std::size_t>(block.firstVertex + j * block.columns + i)];
    };
    GridBlock mergedBlock;
    mergedBlock.firstVertex = vertexAt(0, 0);
    mergedBlock.columns = static_cast<int>(columns.size());
    mergedBlock.rows = static_cast<int>(rows.size());
    mergedBlock.firstTriangle = merged.triangleCount();
    for (std::size_t r = 0; r + 1 < rows.size(); ++r)
      for (std::size_t q = 0; q + 1 < columns.size(); ++q) {
        const int a = vertexAt(columns[q], rows[r]), bb = vertexAt(columns[q + 1], rows[r]);
        const int c = vertexAt(columns[q], rows[r + 1]), d = vertexAt(columns[q + 1], rows[r + 1]);
        merged.triangles.push_back({a, bb, d});
        merged.triangles.push_back({a, d, c});
      }
    merged.grids.push_back(mergedBlock);
    next = static_cast<std::size_t>(block.firstTriangle + block.triangleCount());
  }
  copyOthersUntil(mesh.triangles.size());
  out = std::move(merged);
}

bool sameLines(const std::vector<BlockMemory>& x, const std::vector<BlockMemory>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t b = 0; b < x.size(); ++b)
    if (!sameBlock(x[b].block, y[b].block) || x[b].columns != y[b].columns || x[b].rows != y[b].rows) return false;
  return true;
}

}  // namespace

AffineGridLineStats dropAffineGridLines(TriangleMesh& mesh, double relativeTolerance) {
  AffineGridLineStats stats;
  stats.verticesBefore = mesh.vertexCount();
  stats.trianglesBefore = mesh.triangleCount();
  const std::vector<GridBlock> blocks = fittingBlocks(mesh);
  const std::vector<BlockMemory> kept = keptLinesOfBlocks(mesh, blocks, relativeTolerance, nullptr, nullptr);
  std::vector<int> newIndex;
  compact(mesh, blocks, kept, mesh, newIndex);
  stats.verticesAfter = mesh.vertexCount();
  stats.trianglesAfter = mesh.triangleCount();
  return stats;
}

AffineGridMerger::AffineGridMerger() : AffineGridMerger(1e-9) {}
AffineGridMerger::AffineGridMerger(double relativeTolerance) : state_(std::make_unique<State>()) {
  state_->relativeTolerance = relativeTolerance;
}
AffineGridMerger::~AffineGridMerger() = default;
AffineGridMerger::AffineGridMerger(AffineGridMerger&&) noexcept = default;
AffineGridMerger& AffineGridMerger::operator=(AffineGridMerger&&) noexcept = default;

void AffineGridMerger::merge(const TriangleMesh& mesh, const std::vector<int>* moved) {
  State& s = *state_;
  const bool remember = moved && s.valid && s.inputVertices == mesh.positions.size() && s.inputTriangles == mesh.triangles.size();
  const std::vector<GridBlock> blocks = fittingBlocks(mesh);
  std::vector<BlockMemory> kept =
      keptLinesOfBlocks(mesh, blocks, s.relativeTolerance, remember ? &s.blocks : nullptr, remember ? moved : nullptr);
  s.sameTriangles = remember && sameLines(kept, s.blocks);
  s.movedOut.clear();
  if (s.sameTriangles) {
    // The kept lines stayed: the result of the previous call with the moved vertices rewritten.
    const bool normals = s.result.normals.size() == s.result.positions.size();
    const bool uvs = s.result.uvs.size() == s.result.positions.size();
    for (int v : *moved) {
      const int to = s.newIndex[static_cast<std::size_t>(v)];
      if (to < 0) continue;
      const auto w = static_cast<std::size_t>(v), t = static_cast<std::size_t>(to);
      s.result.positions[t] = mesh.positions[w];
      if (normals) s.result.normals[t] = mesh.normals[w];
      if (uvs) s.result.uvs[t] = mesh.uvs[w];
      s.movedOut.push_back(to);
    }
    s.result.name = mesh.name;
  } else {
    compact(mesh, blocks, kept, s.result, s.newIndex);
  }
  s.blocks = std::move(kept);
  s.inputVertices = mesh.positions.size();
  s.inputTriangles = mesh.triangles.size();
  s.valid = true;
  s.stats.verticesBefore = mesh.vertexCount();
  s.stats.trianglesBefore = mesh.triangleCount();
  s.stats.verticesAfter = s.result.vertexCount();
  s.stats.trianglesAfter = s.result.triangleCount();
}

const TriangleMesh& AffineGridMerger::result() const { return state_->result; }
const AffineGridLineStats& AffineGridMerger::stats() const { return state_->stats; }
bool AffineGridMerger::sameTrianglesAsBefore() const { return state_->sameTriangles; }
const std::vector<int>& AffineGridMerger::movedInResult() const { return state_->movedOut; }

}  // namespace flexure
