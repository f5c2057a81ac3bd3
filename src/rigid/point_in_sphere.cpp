#include "flexure/rigid/point_in_sphere.h"

#include <algorithm>

namespace flexure {

RegionProjection projectIntoSphere(const Vec3d& p, const Vec3d& centre, double radiusMin, double radiusMax) {
  const Vec3d d = p - centre;
  const double dist = norm(d);
  const double clamped = std::clamp(dist, std::max(0.0, radiusMin), radiusMax);
  RegionProjection r;
  if (clamped == dist) {
    r.nearest = p;
    return r;
  }
  const Vec3d u = dist > 1e-12 ? d / dist : Vec3d(0, 1, 0);
  r.nearest = centre + u * clamped;
  r.rowDirection[0] = u;
  r.rowError[0] = dist - clamped;
  r.rowCount = 1;
  return r;
}

}  // namespace flexure
