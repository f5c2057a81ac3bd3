#include "flexure/deform/skeletons/polyline_skeleton.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "../simd_clones.h"

namespace flexure::deform {

void PolylineSkeleton::visitFields(FieldVisitor& v) {
  std::vector<double> flat = flatFromPoints(points);
  // Every deformed vertex visits every edge: the most points a skeleton read from a file may
  // have (docs/scene-format.md, "Limits").
  constexpr std::size_t kMaxPoints = 10000;
  v.field("points", flat, MaxItems{3 * kMaxPoints}, FieldUse::Required);
  if (v.isReading()) points = pointsFromFlat(flat, "polyline skeleton: points");
}

void PolylineSkeleton::prepare() {
  if (points.size() < 2) throw FieldError("polyline skeleton: needs at least 2 points");
  edges_.clear();
  invLength2_.clear();
  size_ = 0.0;
  for (const Vec3d& p : points) size_ = std::max({size_, std::fabs(p.x), std::fabs(p.y), std::fabs(p.z)});
  for (std::size_t k = 0; k + 1 < points.size(); ++k) {
    const Vec3d e = points[k + 1] - points[k];
    const double l2 = squaredNorm(e);
    if (!(l2 > 0.0)) throw FieldError("polyline skeleton: consecutive points coincide");
    edges_.push_back(e);
    invLength2_.push_back(1.0 / l2);
  }
}

Vec3d PolylineSkeleton::pivot() const { return bounds().center(); }

Bounds3 PolylineSkeleton::bounds() const {
  Bounds3 b;
  for (const Vec3d& p : points) b.extend(p);
  return b;
}

int PolylineSkeleton::nearestSegment(const Vec3d& p) const {
  int best = 0;
  double bestD2 = 1e300;
  for (std::size_t k = 0; k < edges_.size(); ++k) {
    const double t = segmentParameter(p, points[k], edges_[k], invLength2_[k]);
    const double d2 = squaredNorm(p - (points[k] + edges_[k] * t));
    if (d2 < bestD2) { bestD2 = d2; best = static_cast<int>(k); }
  }
  return best;
}

namespace {
// One edge against a run of points: keeps, per lane, the offset to the edge where it is nearer
// than the best so far (section 3.2: the nearest segment's offset, section 3.1's clamp).
FLEXURE_DEFORM_SIMD
void nearerOffsetsToEdge(const Vec3d& a, const Vec3d& e, double invLength2, const double* __restrict xs, const double* __restrict ys,
                         const double* __restrict zs, int n, double* __restrict best, double* __restrict ox, double* __restrict oy,
                         double* __restrict oz) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double px = xs[i] - a.x, py = ys[i] - a.y, pz = zs[i] - a.z;
    double t = (px * e.x + py * e.y + pz * e.z) * invLength2;
    t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    const double dx = px - e.x * t, dy = py - e.y * t, dz = pz - e.z * t;
    const double d2 = dx * dx + dy * dy + dz * dz;
    const bool nearer = d2 < best[i];
    const double b = best[i], x = ox[i], y = oy[i], z = oz[i];
    best[i] = nearer ? d2 : b;
    ox[i] = nearer ? dx : x;
    oy[i] = nearer ? dy : y;
    oz[i] = nearer ? dz : z;
  }
}

// The sum of the box's |coordinates|: the scale of the rounding in its corners' distances.
double roundingScale(const Bounds3& box) {
  return std::fabs(box.lo.x) + std::fabs(box.lo.y) + std::fabs(box.lo.z) + std::fabs(box.hi.x) + std::fabs(box.hi.y) + std::fabs(box.hi.z);
}

}  // namespace

// The edges that can be nearest to some point of a chunk whose box has centre c and half
// diagonal r: U = min over edges of dist(c, edge) + r bounds every point's nearest distance
// (triangle inequality); an edge whose bounding box lies farther than U from the chunk's box
// (with a margin for rounding) is strictly farther than the nearest edge for every point of the
// chunk. Kept in edge order, so that ties go to the same edge as without culling. Returns the
// number kept; every edge for a chunk of NaN points (an empty box). centre2: distance2To(c).
int PolylineSkeleton::edgesNearBox(const Bounds3& box, double centre2, int* kept) const {
  const int edges = static_cast<int>(edges_.size());
  if (box.empty()) {
    for (int k = 0; k < edges; ++k) kept[k] = k;
    return edges;
  }
  const double bound = (std::sqrt(centre2) + 0.5 * norm(box.extent())) * (1.0 + 1e-9) + 1e-12 * roundingScale(box) + 1e-300;
  int count = 0;
  for (int k = 0; k < edges; ++k) {
    const Vec3d& a = points[static_cast<std::size_t>(k)];
    const Vec3d& b = points[static_cast<std::size_t>(k) + 1];
    double gap2 = 0.0;
    for (int d = 0; d < 3; ++d) {
      const double g = std::max({0.0, std::min(a[d], b[d]) - box.hi[d], box.lo[d] - std::max(a[d], b[d])});
      gap2 += g * g;
    }
    if (gap2 <= bound * bound) kept[count++] = k;
  }
  return count;
}

double PolylineSkeleton::distance2To(const Vec3d& p) const {
  double d2 = 1e300;
  for (std::size_t k = 0; k < edges_.size(); ++k) {
    const double t = segmentParameter(p, points[k], edges_[k], invLength2_[k]);
    d2 = std::min(d2, squaredNorm(p - (points[k] + edges_[k] * t)));
  }
  return d2;
}

// dist(P, polyline) >= dist(c, polyline) - r for every point P of the box (centre c, half
// diagonal r: the triangle inequality), less a margin far above the rounding of the lanes'
// distances; beyond sqrt(reach2) a metaball's F is 0 (Eq. 7), so no offset is needed.
// The box's centre distance is found once and serves both this test and the edge culling.
bool PolylineSkeleton::offsetsOfRunWithin(const double* xs, const double* ys, const double* zs, int count, const Bounds3& box,
                                          double reach2, double* ox, double* oy, double* oz) const {
  const double centre2 = box.empty() ? 0.0 : distance2To(box.center());
  if (!box.empty()) {
    const double lower = std::sqrt(centre2) * (1.0 - 1e-9) - 0.5 * norm(box.extent()) * (1.0 + 1e-9) - 1e-9 * (roundingScale(box) + size_) -
                         1e-300;
    if (lower > 0.0 && lower * lower > reach2 * (1.0 + 1e-9)) return false;
  }
  offsetsNearEdges(xs, ys, zs, count, box, centre2, ox, oy, oz);
  return true;
}

void PolylineSkeleton::offsetsOfRun(const double* xs, const double* ys, const double* zs, int count, const Bounds3& box, double* ox,
                                    double* oy, double* oz) const {
  offsetsNearEdges(xs, ys, zs, count, box, box.empty() ? 0.0 : distance2To(box.center()), ox, oy, oz);
}

void PolylineSkeleton::offsetsNearEdges(const double* xs, const double* ys, const double* zs, int count, const Bounds3& box, double centre2,
                                        double* ox, double* oy, double* oz) const {
  alignas(64) double best[64];
  // Edge lists on the stack for the usual few edges; a long polyline culls into its own buffer.
  constexpr int kStackEdges = 64;
  std::array<int, kStackEdges> small;  // filled up to the count edgesNearBox returns
  std::vector<int> large;
  int* kept = small.data();
  if (edges_.size() > kStackEdges) {
    large.resize(edges_.size());
    kept = large.data();
  }
  const int edges = edgesNearBox(box, centre2, kept);
  for (int start = 0; start < count; start += 64) {
    const int n = std::min(64, count - start);
    std::fill(best, best + n, 1e300);
    std::fill(ox + start, ox + start + n, 0.0);
    std::fill(oy + start, oy + start + n, 0.0);
    std::fill(oz + start, oz + start + n, 0.0);
    for (int e = 0; e < edges; ++e) {
      const auto k = static_cast<std::size_t>(kept[e]);
      nearerOffsetsToEdge(points[k], edges_[k], invLength2_[k], xs + start, ys + start, zs + start, n, best, ox + start, oy + start,
                          oz + start);
    }
  }
}

}  // namespace flexure::deform
