#include "flexure/deform/skeletons/polyline_skeleton.h"

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

}  // namespace flexure::deform
