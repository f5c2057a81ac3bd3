#include "flexure/rigid/point_to_segment.h"

#include <algorithm>

namespace flexure {

RegionProjection projectOntoSegment(const Vec3d& p, const Vec3d& origin, const Vec3d& direction, double lambdaMin,
                                    double lambdaMax) {
  const Vec3d t = normalized(direction);
  const double lambda = dot(p - origin, t);
  const double clamped = std::clamp(lambda, lambdaMin, lambdaMax);
  RegionProjection r;
  r.nearest = origin + t * clamped;
  Vec3d e1, e2;
  orthonormalComplement(t, e1, e2);
  const Vec3d d = p - r.nearest;
  r.rowDirection[0] = e1;
  r.rowError[0] = dot(d, e1);
  r.rowDirection[1] = e2;
  r.rowError[1] = dot(d, e2);
  r.rowCount = 2;
  if (clamped != lambda) {
    r.rowDirection[2] = t;
    r.rowError[2] = lambda - clamped;
    r.rowCount = 3;
  }
  return r;
}

}  // namespace flexure
