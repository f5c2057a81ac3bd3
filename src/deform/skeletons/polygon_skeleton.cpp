#include "flexure/deform/skeletons/polygon_skeleton.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "../simd_clones.h"

// GCC vectorizes the frame loop's min/max reductions of selects when told they are reductions;
// clang 14 does not recognize them (without fast-math flags) and reports the `omp simd` it
// cannot honour, so it gets a plain loop (as in coordinate_bounds.cpp).
#if defined(__clang__)
#define FLEXURE_FRAME_BOX_REDUCTION
#else
#define FLEXURE_FRAME_BOX_REDUCTION _Pragma("omp simd reduction(min : xlo, ylo) reduction(max : xhi, yhi)")
#endif

namespace flexure::deform {

namespace {

// The polygon in its plane's frame, as the lane loop reads it.
struct PlanarPolygon {
  double cx, cy, cz, ux, uy, uz, vx, vy, vz, nx, ny, nz;
  const double *px, *py, *ex, *ey, *slope, *invLength2;
  int edges;
  double size;    // the largest |px|, |py|: the scale of the crossing test's rounding
  double reach2;  // points farther than sqrt(reach2) from the polygon need no offset (1e300: all do)
};

// The edges a chunk of points needs (both lists in edge order, so that the lanes choose as
// planarOffset does): those that can cross the even-odd ray of some point of the chunk (whose
// y-range meets the chunk's: the test compares without arithmetic, so the others never count),
// and those that can be the nearest edge of some point. For the latter, with c the centre of
// the chunk's 2D box and r its half diagonal, U = min over edges of dist(c, edge) + r bounds
// every point's nearest-edge distance (triangle inequality); an edge whose bounding box is
// farther than U from the chunk's box (with a margin for rounding) is strictly farther than
// the nearest edge for every point and is dropped.
struct ChunkEdges {
  static constexpr int kMax = 64;  // more edges than this: no culling
  std::array<int, kMax> cross, near;  // filled up to the counts: not cleared (once per chunk)
  int crossCount = 0, nearCount = 0;
  // No edge comes near the chunk's disk (centre c, radius r): every point of the chunk is on
  // the side of c, whose even-odd parity is `inside`, and lies at least `lower` from every edge.
  bool clear = false, inside = false;
  double lower = 0.0;
};

// The even-odd parity of one point (x, y) in the plane's frame, as planarOffset counts it.
bool parityOf(const PlanarPolygon& g, double x, double y) {
  bool inside = false;
  for (int k = 0, j = g.edges - 1; k < g.edges; j = k++)
    if ((g.py[k] > y) != (g.py[j] > y) && x < g.px[j] + (y - g.py[j]) * g.slope[k]) inside = !inside;
  return inside;
}

bool chunkEdges(const PlanarPolygon& g, double xlo, double xhi, double ylo, double yhi, ChunkEdges& out) {
  if (g.edges > ChunkEdges::kMax || !(xlo <= xhi) || !(ylo <= yhi)) return false;
  const double cx = 0.5 * (xlo + xhi), cy = 0.5 * (ylo + yhi);
  double centre2 = 1e300;
  for (int k = 0; k < g.edges; ++k) {
    const double ax = cx - g.px[k], ay = cy - g.py[k];
    double t = (ax * g.ex[k] + ay * g.ey[k]) * g.invLength2[k];
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    const double dx = ax - t * g.ex[k], dy = ay - t * g.ey[k];
    centre2 = std::min(centre2, dx * dx + dy * dy);
  }
  const double scale = std::fabs(xlo) + std::fabs(xhi) + std::fabs(ylo) + std::fabs(yhi);  // the rounding of the gaps below
  const double wx = xhi - xlo, wy = yhi - ylo;
  const double half = 0.5 * std::sqrt(wx * wx + wy * wy);  // not hypot (a libm call): the margins below cover its rounding
  const double bound = (std::sqrt(centre2) + half) * (1.0 + 1e-9) + 1e-12 * scale + 1e-300;
  const double bound2 = bound * bound;
  // dist(p, edges) >= dist(c, edges) - r for every point p of the chunk (triangle inequality),
  // less a margin far above the rounding of the lanes' distances and crossings; a positive
  // margin left means no edge separates any point from c.
  const double slack = 1e-9 * (scale + g.size) + 1e-300;
  out.lower = std::sqrt(centre2) * (1.0 - 1e-9) - half * (1.0 + 1e-9) - slack;
  out.clear = out.lower > slack;
  if (out.clear) out.inside = parityOf(g, cx, cy);
  for (int k = 0, j = g.edges - 1; k < g.edges; j = k++) {
    const double y0 = std::min(g.py[j], g.py[k]), y1 = std::max(g.py[j], g.py[k]);
    if (!(y0 > yhi || y1 <= ylo)) out.cross[static_cast<std::size_t>(out.crossCount++)] = k;
    const int next = k + 1 < g.edges ? k + 1 : 0;  // edge k runs from point k to point k + 1
    const double sx0 = std::min(g.px[k], g.px[next]), sx1 = std::max(g.px[k], g.px[next]);
    const double sy0 = std::min(g.py[k], g.py[next]), sy1 = std::max(g.py[k], g.py[next]);
    const double gx = std::max({0.0, sx0 - xhi, xlo - sx1}), gy = std::max({0.0, sy0 - yhi, ylo - sy1});
    if (gx * gx + gy * gy <= bound2) out.near[static_cast<std::size_t>(out.nearCount++)] = k;
  }
  return true;
}

// planarOffset for every point: x, y, h in the plane's frame; the even-odd crossings and the
// nearest edge with the edges in the outer loop, so that the points fill the lanes; per chunk
// of points only the edges chunkEdges keeps. A chunk no edge comes near skips the crossings
// (its parity is its centre's) and, inside, the nearest edge too (the offset is h n); false,
// writing nothing, when the points are one chunk lying wholly beyond sqrt(g.reach2) from the
// polygon (outside it, every edge farther: |P - Q| >= the in-plane distance to the edges).
FLEXURE_DEFORM_SIMD
bool planarOffsets(const PlanarPolygon& g, const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n,
                   double* __restrict ox, double* __restrict oy, double* __restrict oz) {
  constexpr int kChunk = 64;  // lanes per pass: the per-point state stays in L1
  alignas(64) double x[kChunk], y[kChunk], h[kChunk], inside[kChunk], best[kChunk], bx[kChunk], by[kChunk];
  for (int start = 0; start < n; start += kChunk) {
    const int m = std::min(kChunk, n - start);
    const double* px = xs + start;
    const double* py = ys + start;
    const double* pz = zs + start;
    double xlo = 1e300, xhi = -1e300, ylo = 1e300, yhi = -1e300;
    FLEXURE_FRAME_BOX_REDUCTION
    for (int i = 0; i < m; ++i) {
      const double cx = px[i] - g.cx, cy = py[i] - g.cy, cz = pz[i] - g.cz;
      x[i] = cx * g.ux + cy * g.uy + cz * g.uz;
      y[i] = cx * g.vx + cy * g.vy + cz * g.vz;
      h[i] = cx * g.nx + cy * g.ny + cz * g.nz;
      inside[i] = 0.0;
      best[i] = 1e300;
      bx[i] = 0.0;
      by[i] = 0.0;
      xlo = x[i] < xlo ? x[i] : xlo;  // the chunk's box in the plane's frame
      xhi = x[i] > xhi ? x[i] : xhi;
      ylo = y[i] < ylo ? y[i] : ylo;
      yhi = y[i] > yhi ? y[i] : yhi;
    }
    ChunkEdges use;
    // A chunk with NaN points (an empty box) or a polygon of many edges visits every edge.
    const bool culled = chunkEdges(g, xlo, xhi, ylo, yhi, use);
    const bool clear = culled && use.clear;
    if (clear && !use.inside && n <= kChunk && use.lower * use.lower > g.reach2 * (1.0 + 1e-9)) return false;
    if (clear && use.inside)
      for (int i = 0; i < m; ++i) inside[i] = 1.0;
    const int crossCount = clear ? 0 : (culled ? use.crossCount : g.edges);
    const int nearCount = clear && use.inside ? 0 : (culled ? use.nearCount : g.edges);
    for (int c = 0; c < crossCount; ++c) {
      const int k = culled ? use.cross[static_cast<std::size_t>(c)] : c, j = k > 0 ? k - 1 : g.edges - 1;
      const double pyk = g.py[k], pxj = g.px[j], pyj = g.py[j], slope = g.slope[k];
#pragma omp simd
      for (int i = 0; i < m; ++i) {
        // Even-odd rule: edge (j, k) crosses the ray in +u from (x, y).
        const bool crosses = ((pyk > y[i]) != (pyj > y[i])) & (x[i] < pxj + (y[i] - pyj) * slope);
        inside[i] = crosses ? 1.0 - inside[i] : inside[i];
      }
    }
    for (int c = 0; c < nearCount; ++c) {
      const int k = culled ? use.near[static_cast<std::size_t>(c)] : c;
      const double pxk = g.px[k], pyk = g.py[k], ex = g.ex[k], ey = g.ey[k], inv = g.invLength2[k];
#pragma omp simd
      for (int i = 0; i < m; ++i) {
        const double ax = x[i] - pxk, ay = y[i] - pyk;
        double t = (ax * ex + ay * ey) * inv;
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        const double dx = ax - t * ex, dy = ay - t * ey;
        const double d2 = dx * dx + dy * dy;
        const bool nearer = d2 < best[i];
        best[i] = nearer ? d2 : best[i];
        bx[i] = nearer ? dx : bx[i];
        by[i] = nearer ? dy : by[i];
      }
    }
#pragma omp simd
    for (int i = 0; i < m; ++i) {
      const double a = inside[i] != 0.0 ? 0.0 : bx[i], b = inside[i] != 0.0 ? 0.0 : by[i];
      ox[start + i] = g.ux * a + g.vx * b + g.nx * h[i];
      oy[start + i] = g.uy * a + g.vy * b + g.ny * h[i];
      oz[start + i] = g.uz * a + g.vz * b + g.nz * h[i];
    }
  }
  return true;
}

}  // namespace

void PolygonSkeleton::visitFields(FieldVisitor& v) {
  std::vector<double> flat = flatFromPoints(points);
  // Every deformed vertex visits every edge: the most points a skeleton read from a file may
  // have (docs/scene-format.md, "Limits").
  constexpr std::size_t kMaxPoints = 10000;
  v.field("points", flat, MaxItems{3 * kMaxPoints}, FieldUse::Required);
  if (v.isReading()) points = pointsFromFlat(flat, "polygon skeleton: points");
}

void PolygonSkeleton::prepare() {
  const std::size_t n = points.size();
  if (n < 3) throw FieldError("polygon skeleton: needs at least 3 points");
  // Newell's normal: robust for concave polygons; its length is twice the area.
  Vec3d normalSum(0, 0, 0);
  centroid_ = {0, 0, 0};
  for (std::size_t k = 0; k < n; ++k) {
    const Vec3d& a = points[k];
    const Vec3d& b = points[(k + 1) % n];
    normalSum += Vec3d((a.y - b.y) * (a.z + b.z), (a.z - b.z) * (a.x + b.x), (a.x - b.x) * (a.y + b.y));
    centroid_ += a;
  }
  centroid_ = centroid_ * (1.0 / double(n));
  unit_ = unitOrThrow(normalSum, "polygon skeleton: area normal");
  orthonormalBasis(unit_, u_, v_);
  edges_.clear();
  invLength2_.clear();
  px_.clear();
  py_.clear();
  for (std::size_t k = 0; k < n; ++k) {
    const Vec3d e = points[(k + 1) % n] - points[k];
    const double l2 = squaredNorm(e);
    if (!(l2 > 0.0)) throw FieldError("polygon skeleton: consecutive points coincide");
    edges_.push_back(e);
    invLength2_.push_back(1.0 / l2);
    px_.push_back(dot(points[k] - centroid_, u_));
    py_.push_back(dot(points[k] - centroid_, v_));
  }
  // 2D edges (their 3D inverse squared lengths serve when the polygon is planar), and the
  // crossing slopes of projectsInside: edge (j = i - 1, i) crosses the ray's line at
  // x = px_j + (y - py_j) (px_i - px_j) / (py_i - py_j).
  ex_.clear();
  ey_.clear();
  slope_.clear();
  frameSize_ = 0.0;
  double size = 0.0, height = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t next = (k + 1) % n, prev = (k + n - 1) % n;
    ex_.push_back(px_[next] - px_[k]);
    ey_.push_back(py_[next] - py_[k]);
    const double dy = py_[k] - py_[prev];
    slope_.push_back(dy != 0.0 ? (px_[k] - px_[prev]) / dy : 0.0);  // unused when dy == 0 (no crossing)
    size = std::max(size, norm(points[k] - centroid_));
    frameSize_ = std::max({frameSize_, std::fabs(px_[k]), std::fabs(py_[k])});
    height = std::max(height, std::fabs(dot(points[k] - centroid_, unit_)));
  }
  planar_ = height <= 1e-12 * size;
}

Bounds3 PolygonSkeleton::bounds() const {
  Bounds3 b;
  for (const Vec3d& p : points) b.extend(p);
  return b;
}

bool PolygonSkeleton::projectsInside(const Vec3d& p) const {
  // Even-odd rule: count crossings of a ray in +u from the projected point.
  const double x = dot(p - centroid_, u_), y = dot(p - centroid_, v_);
  bool inside = false;
  const std::size_t n = px_.size();
  for (std::size_t i = 0, j = n - 1; i < n; j = i++) {
    if ((py_[i] > y) != (py_[j] > y)) {
      const double xc = px_[j] + (y - py_[j]) * slope_[i];
      if (x < xc) inside = !inside;
    }
  }
  return inside;
}

int PolygonSkeleton::nearestEdge(const Vec3d& p) const {
  int best = 0;
  double bestD2 = 1e300;
  for (std::size_t k = 0; k < edges_.size(); ++k) {
    const double t = segmentParameter(p, points[k], edges_[k], invLength2_[k]);
    const double d2 = squaredNorm(p - (points[k] + edges_[k] * t));
    if (d2 < bestD2) { bestD2 = d2; best = static_cast<int>(k); }
  }
  return best;
}

bool PolygonSkeleton::offsetsOfRun(const double* xs, const double* ys, const double* zs, int count, double* ox, double* oy, double* oz) const {
  return offsetsOfRunWithin(xs, ys, zs, count, 1e300, ox, oy, oz) == RunResult::kOffsets;
}

PolygonSkeleton::RunResult PolygonSkeleton::offsetsOfRunWithin(const double* xs, const double* ys, const double* zs, int count, double reach2,
                                                               double* ox, double* oy, double* oz) const {
  if (!planar_) return RunResult::kNotPlanar;
  const PlanarPolygon g{centroid_.x,       centroid_.y,  centroid_.z, u_.x,          u_.y,         u_.z,
                        v_.x,              v_.y,         v_.z,        unit_.x,       unit_.y,      unit_.z,
                        px_.data(),        py_.data(),   ex_.data(),  ey_.data(),    slope_.data(), invLength2_.data(),
                        static_cast<int>(px_.size()), frameSize_, reach2};
  return planarOffsets(g, xs, ys, zs, count, ox, oy, oz) ? RunResult::kOffsets : RunResult::kBeyondReach;
}

}  // namespace flexure::deform

#undef FLEXURE_FRAME_BOX_REDUCTION
