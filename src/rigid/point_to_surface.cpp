#include "flexure/rigid/point_to_surface.h"

namespace flexure {

RegionProjection projectOntoSurface(const Vec3d& p, const ImplicitFunction& implicit, int iterations) {
  RegionProjection r;
  Vec3d x = p, g;
  for (int k = 0; k < iterations; ++k) {
    const double value = implicit(x, g);
    const double g2 = squaredNorm(g);
    if (g2 < 1e-24) break;
    x -= g * (value / g2);
    if (std::abs(value) < 1e-13) break;
  }
  r.nearest = x;
  implicit(x, g);
  if (squaredNorm(g) > 1e-24) {
    const Vec3d n = normalized(g);
    r.rowDirection[0] = n;
    r.rowError[0] = dot(p - x, n);
    r.rowCount = 1;
  }
  return r;
}

}  // namespace flexure
