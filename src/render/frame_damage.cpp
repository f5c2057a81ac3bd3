#include "frame_damage.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/triangle_damage.h"

namespace flexure::render_detail {

namespace {

bool samePoint(const Vec3d& a, const Vec3d& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

}  // namespace

bool PolylineDamage::small(const Bounds3& box) const {
  const Vec3d e = box.extent();
  return std::max({e.x, e.y, e.z}) <= maxExtent_;
}

void PolylineDamage::add(const Bounds3& box) {
  Bounds3 joined = current_;
  joined.extend(box);
  if (!current_.empty() && !small(joined)) flush();
  current_.extend(box);
}

void PolylineDamage::flush() {
  if (!current_.empty()) out_.push_back(current_);
  current_ = Bounds3{};
}

void PolylineDamage::addSegment(const Vec3d& a, const Vec3d& b) { split(a, b, 0); }

void PolylineDamage::split(const Vec3d& a, const Vec3d& b, int depth) {
  // 2^16 pieces at most, so a degenerate bound (0, NaN) cannot recurse for ever.
  constexpr int kMaxSplitDepth = 16;
  Bounds3 box;
  box.extend(a);
  box.extend(b);
  if (box.empty()) return;
  if (small(box) || depth >= kMaxSplitDepth) {
    add(box);
    return;
  }
  const Vec3d m = (a + b) * 0.5;
  split(a, m, depth + 1);
  split(m, b, depth + 1);
}

bool changedRegions(const TriangleMesh& before, const TriangleMesh& after, double maxExtent, std::vector<Bounds3>& out,
                    ChangedVertices* vertices) {
  const std::size_t n = after.positions.size();
  const bool sameTopology = before.positions.size() == n && before.triangles == after.triangles &&
                            before.normals.size() == after.normals.size();
  if (vertices) *vertices = ChangedVertices{};
  if (!sameTopology) {
    Bounds3 box = before.bounds();
    box.extend(after.bounds());
    if (!box.empty()) out.push_back(box);
    return true;
  }
  const bool normals = after.normals.size() == n;
  std::vector<char> moved(n, 0);
  std::vector<int> movedList;
  for (std::size_t v = 0; v < n; ++v) {
    moved[v] = !samePoint(before.positions[v], after.positions[v]) ||
               (normals && !samePoint(before.normals[v], after.normals[v]));
    if (moved[v]) movedList.push_back(static_cast<int>(v));
  }
  const bool any = !movedList.empty();
  if (vertices && normals) *vertices = ChangedVertices{true, rangesOf(movedList, kVertexRangeJoinGap), {}};
  if (!any) return false;
  // Where each moved triangle was and where it is: the pixels either covers may change. The
  // changed triangles are listed once (a drag moves a small part of a large sheet; the passes
  // below and the caller's chunk update then visit those alone), straight into the caller's
  // ChangedVertices when it takes them.
  std::vector<int> unreported;
  std::vector<int>& changedTriangles = vertices && vertices->known ? vertices->triangles : unreported;
  for (std::size_t k = 0; k < after.triangles.size(); ++k) {
    const auto& t = after.triangles[k];
    if (moved[static_cast<std::size_t>(t[0])] || moved[static_cast<std::size_t>(t[1])] || moved[static_cast<std::size_t>(t[2])])
      changedTriangles.push_back(static_cast<int>(k));
  }
  appendTriangleDamage(before.positions, after.positions, after.triangles, changedTriangles, movedList, maxExtent, out);
  return true;
}

bool changedRegionsAt(const TriangleMesh& before, const TriangleMesh& after, const std::vector<int>& movedVertices,
                      const VertexTriangles& around, double maxExtent, std::vector<Bounds3>& out,
                      ChangedVertices& vertices) {
  vertices = ChangedVertices{true, rangesOf(movedVertices, kVertexRangeJoinGap), around.around(movedVertices)};
  if (movedVertices.empty()) return false;
  appendTriangleDamage(before.positions, after.positions, after.triangles, vertices.triangles, movedVertices, maxExtent,
                       out);
  return true;
}

std::vector<PixelRect> coveringRects(const std::vector<PixelRect>& rects, const PixelRect& viewport, int tile,
                                     std::size_t maxRects) {
  PixelRect bound;
  for (const PixelRect& r : rects) bound = bound.united(r.intersection(viewport));
  if (bound.empty()) return {};
  tile = std::max(tile, 1);
  const int columns = (viewport.x1 - viewport.x0 + tile - 1) / tile;
  const int rows = (viewport.y1 - viewport.y0 + tile - 1) / tile;
  std::vector<char> marked(static_cast<std::size_t>(columns) * static_cast<std::size_t>(rows), 0);
  const auto tileAt = [&](int i, int j) -> char& {
    return marked[static_cast<std::size_t>(j) * static_cast<std::size_t>(columns) + static_cast<std::size_t>(i)];
  };
  for (const PixelRect& r0 : rects) {
    const PixelRect r = r0.intersection(viewport);
    if (r.empty()) continue;
    for (int j = (r.y0 - viewport.y0) / tile; j <= (r.y1 - 1 - viewport.y0) / tile; ++j)
      for (int i = (r.x0 - viewport.x0) / tile; i <= (r.x1 - 1 - viewport.x0) / tile; ++i) tileAt(i, j) = 1;
  }
  // Rectangles in tile units, [c0, c1) × [r0, r1); `open` are those that reached the last row.
  struct TileRect {
    int c0, c1, r0, r1;
    long long used;  // marked tiles inside
    long long area() const { return static_cast<long long>(c1 - c0) * (r1 - r0); }
  };
  std::vector<TileRect> done, open;
  for (int j = 0; j < rows; ++j) {
    std::vector<TileRect> next;
    for (int i = 0; i < columns;) {
      if (!tileAt(i, j)) {
        ++i;
        continue;
      }
      int end = i;
      while (end < columns && tileAt(end, j)) ++end;
      // Join the open rectangle above that overlaps this run when at most a quarter of the joined
      // rectangle is tiles that nothing marked.
      TileRect run{i, end, j, j + 1, end - i};
      bool joined = false;
      for (std::size_t k = 0; k < open.size() && !joined; ++k) {
        const TileRect& above = open[k];
        if (above.c1 <= run.c0 || run.c1 <= above.c0) continue;
        const TileRect merged{std::min(above.c0, run.c0), std::max(above.c1, run.c1), above.r0, j + 1, above.used + run.used};
        if (4 * (merged.area() - merged.used) <= merged.area()) {
          next.push_back(merged);
          open.erase(open.begin() + static_cast<long>(k));
          joined = true;
        }
      }
      if (!joined) next.push_back(run);
      i = end;
    }
    for (const TileRect& r : open) done.push_back(r);
    open = std::move(next);
  }
  for (const TileRect& r : open) done.push_back(r);
  std::vector<PixelRect> out;
  for (const TileRect& r : done) {
    const PixelRect p{viewport.x0 + r.c0 * tile, viewport.y0 + r.r0 * tile, viewport.x0 + r.c1 * tile,
                      viewport.y0 + r.r1 * tile};
    const PixelRect cut = p.intersection(bound);
    if (!cut.empty()) out.push_back(cut);
  }
  if (out.size() > maxRects) return {bound};
  return out;
}

namespace {

// Window coordinates of the corners of a non-empty box: their bounds, and whether all lie in
// front of the eye (the box then projects into the hull of their images).
struct CornerBounds {
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  bool inFront = true;
  bool numbers = true;  // no corner's coordinate is NaN (the bounds pass them over)
  bool inside(const PixelRect& r) const {
    return inFront && numbers && x0 >= r.x0 && x1 <= r.x1 && y0 >= r.y0 && y1 <= r.y1;
  }
};

CornerBounds cornerBounds(const Bounds3& box, const glm::dmat4& viewProjection, int width, int height) {
  CornerBounds b;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::dvec4 p((corner & 1) ? box.hi.x : box.lo.x, (corner & 2) ? box.hi.y : box.lo.y,
                       (corner & 4) ? box.hi.z : box.lo.z, 1.0);
    const glm::dvec4 clip = viewProjection * p;
    if (!(clip.w > 1e-9)) {
      b.inFront = false;
      return b;
    }
    const double x = (clip.x / clip.w * 0.5 + 0.5) * width, y = (clip.y / clip.w * 0.5 + 0.5) * height;
    b.numbers = b.numbers && !std::isnan(x) && !std::isnan(y);
    b.x0 = std::min(b.x0, x);
    b.y0 = std::min(b.y0, y);
    b.x1 = std::max(b.x1, x);
    b.y1 = std::max(b.y1, y);
  }
  return b;
}

// screenRectOf from the box's corner bounds.
PixelRect screenRectFrom(const CornerBounds& b, int width, int height, int margin) {
  const PixelRect viewport{0, 0, width, height};
  if (!b.inFront) return viewport;  // behind the eye: the projection bounds nothing
  if (!(b.x1 >= -margin && b.y1 >= -margin && b.x0 <= width + margin && b.y0 <= height + margin)) return {};
  const PixelRect rect{static_cast<int>(std::floor(std::max(b.x0, -1e6))) - margin,
                       static_cast<int>(std::floor(std::max(b.y0, -1e6))) - margin,
                       static_cast<int>(std::ceil(std::min(b.x1, 1e6))) + margin + 1,
                       static_cast<int>(std::ceil(std::min(b.y1, 1e6))) + margin + 1};
  return rect.intersection(viewport);
}

}  // namespace

void appendTrianglesInClip(const TriangleMesh& mesh, const std::vector<TriangleChunk>& chunks,
                           const glm::dmat4& viewProjection, int width, int height, const PixelRect& clip,
                           unsigned base, std::vector<unsigned>& out, ProjectionScratch& scratch,
                           const std::vector<PixelRect>* rects) {
  // Window coordinates of each vertex, projected when a triangle first needs it; z holds whether
  // the point lies in front of the eye. Only the rows of x, y and w are needed.
  const std::size_t n = mesh.positions.size();
  if (scratch.window.size() < n) {
    scratch.window.resize(n);
    scratch.stamp.resize(n, 0);
  }
  if (++scratch.generation == 0) {  // wrapped: no stamp may look current
    std::fill(scratch.stamp.begin(), scratch.stamp.end(), 0u);
    scratch.generation = 1;
  }
  const glm::dvec4 rowX(viewProjection[0][0], viewProjection[1][0], viewProjection[2][0], viewProjection[3][0]);
  const glm::dvec4 rowY(viewProjection[0][1], viewProjection[1][1], viewProjection[2][1], viewProjection[3][1]);
  const glm::dvec4 rowW(viewProjection[0][3], viewProjection[1][3], viewProjection[2][3], viewProjection[3][3]);
  const double halfWidth = 0.5 * width, halfHeight = 0.5 * height;
  auto windowOf = [&](int v) -> const glm::dvec3& {
    const auto k = static_cast<std::size_t>(v);
    if (scratch.stamp[k] != scratch.generation) {
      const Vec3d& p = mesh.positions[k];
      const glm::dvec4 h(p.x, p.y, p.z, 1.0);
      const double w = glm::dot(rowW, h);
      scratch.window[k] = w > 1e-9 ? glm::dvec3((glm::dot(rowX, h) / w + 1.0) * halfWidth,
                                                (glm::dot(rowY, h) / w + 1.0) * halfHeight, 1.0)
                                   : glm::dvec3(0.0, 0.0, 0.0);
      scratch.stamp[k] = scratch.generation;
    }
    return scratch.window[k];
  };
  const bool anyOfRects = rects && rects->size() > 1;
  for (const TriangleChunk& chunk : chunks) {
    if (chunk.box.empty()) continue;
    const CornerBounds corners = cornerBounds(chunk.box, viewProjection, width, height);
    if (!screenRectFrom(corners, width, height, 1).intersects(clip)) continue;
    // A chunk inside the clip (and, with several rectangles, inside one of them): every triangle
    // of it passes the test below, and is taken without projecting its corners.
    const auto holds = [&](const PixelRect& r) { return corners.inside(r); };
    if (holds(clip) && (!anyOfRects || std::any_of(rects->begin(), rects->end(), holds))) {
      for (int t = chunk.firstTriangle; t < chunk.firstTriangle + chunk.triangleCount; ++t)
        for (int k : mesh.triangles[static_cast<std::size_t>(t)]) out.push_back(base + static_cast<unsigned>(k));
      continue;
    }
    for (int t = chunk.firstTriangle; t < chunk.firstTriangle + chunk.triangleCount; ++t) {
      const auto& tri = mesh.triangles[static_cast<std::size_t>(t)];
      const glm::dvec3 &a = windowOf(tri[0]), &b = windowOf(tri[1]), &c = windowOf(tri[2]);
      const bool inFront = a.z > 0.0 && b.z > 0.0 && c.z > 0.0;
      if (inFront) {
        const double tx0 = std::min({a.x, b.x, c.x}), tx1 = std::max({a.x, b.x, c.x});
        const double ty0 = std::min({a.y, b.y, c.y}), ty1 = std::max({a.y, b.y, c.y});
        // One pixel of slack for the rasterizer's sample positions and rounding.
        const auto reaches = [&](const PixelRect& r) {
          return tx1 >= r.x0 - 1 && tx0 <= r.x1 + 1 && ty1 >= r.y0 - 1 && ty0 <= r.y1 + 1;
        };
        if (!reaches(clip)) continue;
        if (anyOfRects && std::none_of(rects->begin(), rects->end(), reaches)) continue;
      }
      for (int k : tri) out.push_back(base + static_cast<unsigned>(k));
    }
  }
}

PixelRect screenRectOf(const Bounds3& box, const glm::dmat4& viewProjection, int width, int height, int margin) {
  if (box.empty()) return {};
  return screenRectFrom(cornerBounds(box, viewProjection, width, height), width, height, margin);
}

}  // namespace flexure::render_detail
