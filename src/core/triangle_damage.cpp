// Where a change of a mesh's vertices can change its picture (triangle_damage.h).
#include "flexure/core/triangle_damage.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flexure/core/parallel_for.h"

namespace flexure {

double damageExtentFor(const Bounds3& bounds) {
  if (bounds.empty()) return 1e300;
  const Vec3d e = bounds.extent();
  return std::max(kDamageBoxFraction * std::sqrt(dot(e, e)), 1e-9);
}

namespace {

// Marks of a grid of cubic cells over a box (changedRegions), in x-fastest order.
class CellGrid {
 public:
  CellGrid(const Bounds3& box, double cell) : box_(box), cell_(cell) {
    const Vec3d e = box.extent();
    n_ = {count(e.x), count(e.y), count(e.z)};
    marked_.assign(static_cast<std::size_t>(n_[0]) * static_cast<std::size_t>(n_[1]) * static_cast<std::size_t>(n_[2]), 0);
  }

  // The cell holding point p (clamped to the grid).
  std::array<int, 3> cellOf(const Vec3d& p) const {
    return {index(p.x, box_.lo.x, 0), index(p.y, box_.lo.y, 1), index(p.z, box_.lo.z, 2)};
  }
  // Marks every cell `b` reaches.
  void mark(const Bounds3& b) { mark(cellOf(b.lo), cellOf(b.hi)); }
  // Marks the cells [lo, hi] (the cells of a box's corners: the cell index grows with the point).
  void mark(const std::array<int, 3>& lo, const std::array<int, 3>& hi) {
    for (int z = lo[2]; z <= hi[2]; ++z)
      for (int y = lo[1]; y <= hi[1]; ++y)
        for (int x = lo[0]; x <= hi[0]; ++x) {
          char& m = marked_[at(x, y, z)];
          markedCount_ += m == 0;
          m = 1;
        }
  }
  std::size_t markedCount() const { return markedCount_; }
  // Marks the cells `other` (a grid over the same box) marks.
  void unite(const CellGrid& other) {
    for (std::size_t k = 0; k < marked_.size(); ++k) {
      markedCount_ += marked_[k] == 0 && other.marked_[k] != 0;
      marked_[k] = static_cast<char>(marked_[k] | other.marked_[k]);
    }
  }

  // The marked cells as boxes, runs of up to `run` cells along x merged (a long run drawn
  // diagonally would cover its whole bounding rectangle on screen).
  void appendBoxes(int run, std::vector<Bounds3>& out) const {
    for (int z = 0; z < n_[2]; ++z)
      for (int y = 0; y < n_[1]; ++y)
        for (int x = 0; x < n_[0];) {
          if (!marked_[at(x, y, z)]) {
            ++x;
            continue;
          }
          int end = x;
          while (end < n_[0] && end - x < run && marked_[at(end, y, z)]) ++end;
          out.push_back(cellBox(x, end, y, z));
          x = end;
        }
  }

 private:
  int count(double extent) const { return std::max(1, static_cast<int>(std::ceil(extent / cell_))); }
  int index(double v, double lo, int axis) const {
    return std::clamp(static_cast<int>(std::floor((v - lo) / cell_)), 0, n_[static_cast<std::size_t>(axis)] - 1);
  }
  std::size_t at(int x, int y, int z) const {
    return (static_cast<std::size_t>(z) * static_cast<std::size_t>(n_[1]) + static_cast<std::size_t>(y)) *
               static_cast<std::size_t>(n_[0]) +
           static_cast<std::size_t>(x);
  }
  // Cells [x0, x1) × y × z, cut to the box; the first and last cells along an axis reach the
  // box's ends exactly (no rounding gap at its faces).
  Bounds3 cellBox(int x0, int x1, int y, int z) const {
    Bounds3 b;
    b.lo = Vec3d(x0 == 0 ? box_.lo.x : box_.lo.x + x0 * cell_, y == 0 ? box_.lo.y : box_.lo.y + y * cell_,
                 z == 0 ? box_.lo.z : box_.lo.z + z * cell_);
    b.hi = Vec3d(x1 == n_[0] ? box_.hi.x : std::min(box_.lo.x + x1 * cell_, box_.hi.x),
                 y + 1 == n_[1] ? box_.hi.y : std::min(box_.lo.y + (y + 1) * cell_, box_.hi.y),
                 z + 1 == n_[2] ? box_.hi.z : std::min(box_.lo.z + (z + 1) * cell_, box_.hi.z));
    return b;
  }

  Bounds3 box_;
  double cell_;
  std::array<int, 3> n_{};
  std::vector<char> marked_;
  std::size_t markedCount_ = 0;
};

// Past this many marked cells the grid's boxes would cost more to project each frame than the
// pixels they save (a rotated block whose faces' boxes fill its whole bound): one box instead.
constexpr std::size_t kMaxMarkedCells = 2048;
// At most this many cells in all (the cells are cubes: a bound of similar sides gets 32 a side).
constexpr double kMaxCells = 32768.0;

// Marks the cells the changed triangles reach at `mesh`'s positions (their corners those of
// `topology`, whose vertices are in [first, last]); stops past kMaxMarkedCells. A triangle's box
// reaches the cells between the least and the greatest cell of its corners; each vertex's cell is
// found once (a grid's vertex is a corner of six triangles).
void markTriangles(const std::vector<Vec3d>& positions, const std::vector<std::array<int, 3>>& triangles,
                   const std::vector<int>& changedTriangles, std::size_t first, std::size_t last, CellGrid& grid) {
  constexpr int kUnknown = -1;
  std::vector<std::array<int, 3>> cells(last - first + 1, std::array<int, 3>{kUnknown, 0, 0});
  for (int k : changedTriangles) {
    std::array<int, 3> lo{std::numeric_limits<int>::max(), std::numeric_limits<int>::max(), std::numeric_limits<int>::max()};
    std::array<int, 3> hi{-1, -1, -1};
    for (int v : triangles[static_cast<std::size_t>(k)]) {
      std::array<int, 3>& c = cells[static_cast<std::size_t>(v) - first];
      if (c[0] == kUnknown) c = grid.cellOf(positions[static_cast<std::size_t>(v)]);
      for (std::size_t a = 0; a < 3; ++a) {
        lo[a] = std::min(lo[a], c[a]);
        hi[a] = std::max(hi[a], c[a]);
      }
    }
    grid.mark(lo, hi);
    if (grid.markedCount() > kMaxMarkedCells) return;
  }
}

}  // namespace

void appendTriangleDamage(const std::vector<Vec3d>& before, const std::vector<Vec3d>& after,
                          const std::vector<std::array<int, 3>>& triangles, const std::vector<int>& changedTriangles,
                          const std::vector<int>& movedVertices, double maxExtent, std::vector<Bounds3>& out,
                          int maxThreads) {
  Bounds3 all;
  std::size_t first = std::numeric_limits<std::size_t>::max(), last = 0;  // the vertices they use
  for (int k : changedTriangles)
    for (int v : triangles[static_cast<std::size_t>(k)]) {
      all.extend(after[static_cast<std::size_t>(v)]);
      first = std::min(first, static_cast<std::size_t>(v));
      last = std::max(last, static_cast<std::size_t>(v));
    }
  for (int v : movedVertices) all.extend(before[static_cast<std::size_t>(v)]);
  if (all.empty()) return;
  const Vec3d e = all.extent();
  const double longest = std::max({e.x, e.y, e.z});
  if (!(longest > maxExtent) || !std::isfinite(longest)) {
    out.push_back(all);
    return;
  }
  // Cells of a grid over that box (cubes of side at least maxExtent, at most 64 along an axis and
  // 32 768 in all): each changed triangle, before and after, marks the cells its bounding box
  // reaches. A few operations per changed triangle, and the boxes stay few however many triangles
  // moved; past 2 048 marked cells, the one box around them all.
  // Where the triangles were and where they are are marked at once, on two threads when one is
  // free and allowed (the marks are the same in any order: a cell is marked or not).
  const double cell = std::max({maxExtent, longest / 64.0, std::cbrt(e.x * e.y * e.z / kMaxCells)});
  std::array<CellGrid, 2> grids{CellGrid(all, cell), CellGrid(all, cell)};
  parallelFor(2, 1, maxThreads, [&](long begin, long end) {
    for (long m = begin; m < end; ++m)
      markTriangles(m == 0 ? before : after, triangles, changedTriangles, first, last, grids[static_cast<std::size_t>(m)]);
  });
  CellGrid& grid = grids[0];
  grid.unite(grids[1]);
  if (grid.markedCount() > kMaxMarkedCells) {
    out.push_back(all);
    return;
  }
  grid.appendBoxes(2, out);
  // (A moved vertex that no triangle uses changes nothing drawn, and adds no box.)
}


}  // namespace flexure
