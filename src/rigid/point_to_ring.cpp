#include "flexure/rigid/point_to_ring.h"

#include <algorithm>

namespace flexure {

RegionProjection projectOntoRing(const Vec3d& p, const Vec3d& centre, const Vec3d& normal, double radiusMin,
                                 double radiusMax) {
  const Vec3d n = normalized(normal);
  const double height = dot(p - centre, n);
  const Vec3d q = p - n * height;
  const Vec3d radial = q - centre;
  const double rho = norm(radial);
  const double clamped = std::clamp(rho, std::max(0.0, radiusMin), radiusMax);
  RegionProjection r;
  r.rowDirection[0] = n;
  r.rowError[0] = height;
  r.rowCount = 1;
  if (clamped == rho) {
    r.nearest = q;
    return r;
  }
  Vec3d u, unused;
  if (rho > 1e-12) u = radial / rho;
  else orthonormalComplement(n, u, unused);  // at the centre of a ring: any radial direction
  r.nearest = centre + u * clamped;
  r.rowDirection[1] = u;
  r.rowError[1] = rho - clamped;
  r.rowCount = 2;
  return r;
}

}  // namespace flexure
