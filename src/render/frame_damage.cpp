#include "frame_damage.h"

#include <algorithm>
#include <cmath>

namespace flexure::render_detail {

namespace {

bool samePoint(const Vec3d& a, const Vec3d& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

}  // namespace

std::optional<Bounds3> changedRegion(const TriangleMesh& before, const TriangleMesh& after) {
  const std::size_t n = after.positions.size();
  const bool sameTopology = before.positions.size() == n && before.triangles == after.triangles &&
                            before.normals.size() == after.normals.size();
  if (!sameTopology) {
    Bounds3 box = before.bounds();
    box.extend(after.bounds());
    return box;
  }
  const bool normals = after.normals.size() == n;
  std::vector<char> moved(n, 0);
  bool any = false;
  for (std::size_t v = 0; v < n; ++v) {
    moved[v] = !samePoint(before.positions[v], after.positions[v]) ||
               (normals && !samePoint(before.normals[v], after.normals[v]));
    any = any || moved[v];
  }
  if (!any) return std::nullopt;
  Bounds3 box;
  for (const auto& t : after.triangles) {
    const auto a = static_cast<std::size_t>(t[0]), b = static_cast<std::size_t>(t[1]), c = static_cast<std::size_t>(t[2]);
    if (!moved[a] && !moved[b] && !moved[c]) continue;
    for (std::size_t v : {a, b, c}) {
      box.extend(before.positions[v]);
      box.extend(after.positions[v]);
    }
  }
  // A moved vertex that no triangle uses changes nothing drawn.
  if (box.empty()) return std::nullopt;
  return box;
}

std::vector<TriangleChunk> triangleChunks(const TriangleMesh& mesh, int trianglesPerChunk) {
  std::vector<TriangleChunk> chunks;
  const int count = mesh.triangleCount();
  for (int first = 0; first < count; first += trianglesPerChunk) {
    TriangleChunk chunk;
    chunk.firstTriangle = first;
    chunk.triangleCount = std::min(trianglesPerChunk, count - first);
    for (int t = first; t < first + chunk.triangleCount; ++t)
      for (int k : mesh.triangles[static_cast<std::size_t>(t)]) chunk.box.extend(mesh.positions[static_cast<std::size_t>(k)]);
    chunks.push_back(chunk);
  }
  return chunks;
}

void appendTrianglesInClip(const TriangleMesh& mesh, const std::vector<TriangleChunk>& chunks,
                           const glm::dmat4& viewProjection, int width, int height, const PixelRect& clip,
                           unsigned base, std::vector<unsigned>& out, ProjectionScratch& scratch) {
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
  const double x0 = clip.x0 - 1, x1 = clip.x1 + 1, y0 = clip.y0 - 1, y1 = clip.y1 + 1;
  for (const TriangleChunk& chunk : chunks) {
    if (!screenRectOf(chunk.box, viewProjection, width, height, 1).intersects(clip)) continue;
    for (int t = chunk.firstTriangle; t < chunk.firstTriangle + chunk.triangleCount; ++t) {
      const auto& tri = mesh.triangles[static_cast<std::size_t>(t)];
      const glm::dvec3 &a = windowOf(tri[0]), &b = windowOf(tri[1]), &c = windowOf(tri[2]);
      const bool inFront = a.z > 0.0 && b.z > 0.0 && c.z > 0.0;
      // One pixel of slack for the rasterizer's sample positions and rounding.
      const bool reaches = !inFront || (std::max({a.x, b.x, c.x}) >= x0 && std::min({a.x, b.x, c.x}) <= x1 &&
                                        std::max({a.y, b.y, c.y}) >= y0 && std::min({a.y, b.y, c.y}) <= y1);
      if (!reaches) continue;
      for (int k : tri) out.push_back(base + static_cast<unsigned>(k));
    }
  }
}

PixelRect screenRectOf(const Bounds3& box, const glm::dmat4& viewProjection, int width, int height, int margin) {
  const PixelRect viewport{0, 0, width, height};
  if (box.empty()) return {};
  double x0 = 1e300, y0 = 1e300, x1 = -1e300, y1 = -1e300;
  for (int corner = 0; corner < 8; ++corner) {
    const glm::dvec4 p((corner & 1) ? box.hi.x : box.lo.x, (corner & 2) ? box.hi.y : box.lo.y,
                       (corner & 4) ? box.hi.z : box.lo.z, 1.0);
    const glm::dvec4 clip = viewProjection * p;
    if (!(clip.w > 1e-9)) return viewport;  // behind the eye: the projection bounds nothing
    const double x = (clip.x / clip.w * 0.5 + 0.5) * width, y = (clip.y / clip.w * 0.5 + 0.5) * height;
    x0 = std::min(x0, x);
    y0 = std::min(y0, y);
    x1 = std::max(x1, x);
    y1 = std::max(y1, y);
  }
  if (!(x1 >= -margin && y1 >= -margin && x0 <= width + margin && y0 <= height + margin)) return {};
  const PixelRect rect{static_cast<int>(std::floor(std::max(x0, -1e6))) - margin,
                       static_cast<int>(std::floor(std::max(y0, -1e6))) - margin,
                       static_cast<int>(std::ceil(std::min(x1, 1e6))) + margin + 1,
                       static_cast<int>(std::ceil(std::min(y1, 1e6))) + margin + 1};
  return rect.intersection(viewport);
}

}  // namespace flexure::render_detail
