#include "flexure/rigid/point_to_curve.h"

#include <algorithm>
#include <limits>

namespace flexure {

RegionProjection projectOntoCurve(const Vec3d& p, const std::vector<Vec3d>& polyline, bool closed) {
  RegionProjection r;
  if (polyline.empty()) return r;
  if (polyline.size() == 1) {
    r.nearest = polyline[0];
    setPointRows(r, p);
    return r;
  }
  const std::size_t segments = closed ? polyline.size() : polyline.size() - 1;
  double best = std::numeric_limits<double>::infinity();
  Vec3d tangent{1, 0, 0};
  bool pastEnd = false;
  for (std::size_t i = 0; i < segments; ++i) {
    const Vec3d a = polyline[i], b = polyline[(i + 1) % polyline.size()];
    const Vec3d ab = b - a;
    const double len2 = squaredNorm(ab);
    if (len2 <= 0.0) continue;
    const double s = dot(p - a, ab) / len2;
    const double sc = std::clamp(s, 0.0, 1.0);
    const Vec3d q = a + ab * sc;
    const double d2 = squaredNorm(p - q);
    if (d2 < best) {
      best = d2;
      r.nearest = q;
      tangent = ab / std::sqrt(len2);
      pastEnd = !closed && ((i == 0 && s < 0.0) || (i + 1 == segments && s > 1.0));
    }
  }
  if (pastEnd) {
    setPointRows(r, p);
    return r;
  }
  Vec3d e1, e2;
  orthonormalComplement(tangent, e1, e2);
  const Vec3d d = p - r.nearest;
  r.rowDirection[0] = e1;
  r.rowError[0] = dot(d, e1);
  r.rowDirection[1] = e2;
  r.rowError[1] = dot(d, e2);
  r.rowCount = 2;
  return r;
}

}  // namespace flexure
