#include "flexure/deform/skeletons/polygon_skeleton.h"

#include <algorithm>
#include <cmath>

namespace flexure::deform {

void PolygonSkeleton::visitFields(FieldVisitor& v) {
  std::vector<double> flat = flatFromPoints(points);
  v.field("points", flat, FieldUse::Required);
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
  double size = 0.0, height = 0.0;
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t next = (k + 1) % n, prev = (k + n - 1) % n;
    ex_.push_back(px_[next] - px_[k]);
    ey_.push_back(py_[next] - py_[k]);
    const double dy = py_[k] - py_[prev];
    slope_.push_back(dy != 0.0 ? (px_[k] - px_[prev]) / dy : 0.0);  // unused when dy == 0 (no crossing)
    size = std::max(size, norm(points[k] - centroid_));
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

}  // namespace flexure::deform
