#include "flexure/rigid/twist_limit.h"

#include <algorithm>
#include <cmath>

namespace flexure {

AngularRow measureTwistLimit(const Vec3d& a1, const Vec3d& a2, const Vec3d& b1, const Vec3d& b2, double twistMin,
                             double twistMax) {
  Vec3d n = normalized(a1) + normalized(a2);
  n = squaredNorm(n) > 1e-12 ? normalized(n) : normalized(a1);
  const Vec3d p1 = b1 - n * dot(n, b1), p2 = b2 - n * dot(n, b2);
  AngularRow row;
  row.axis = n;
  if (squaredNorm(p1) < 1e-20 || squaredNorm(p2) < 1e-20) return row;  // b along the axis: undefined
  row.angle = std::atan2(dot(n, cross(p1, p2)), dot(p1, p2));
  const double clamped = std::clamp(row.angle, twistMin, twistMax);
  row.error = row.angle - clamped;
  row.violated = row.error != 0.0;
  return row;
}

}  // namespace flexure
