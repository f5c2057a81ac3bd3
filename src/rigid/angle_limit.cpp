#include "flexure/rigid/angle_limit.h"

#include <algorithm>
#include <cmath>

#include "flexure/rigid/permitted_region.h"

namespace flexure {

AngularRow measureAngleLimit(const Vec3d& a1In, const Vec3d& a2In, double angleMin, double angleMax) {
  const Vec3d a1 = normalized(a1In), a2 = normalized(a2In);
  const Vec3d c = cross(a1, a2);
  const double s = norm(c);
  AngularRow row;
  row.angle = std::atan2(s, dot(a1, a2));
  const double clamped = std::clamp(row.angle, angleMin, angleMax);
  row.error = row.angle - clamped;
  row.violated = row.error != 0.0;
  if (s > 1e-12) {
    row.axis = c / s;
  } else {
    Vec3d unused;
    orthonormalComplement(a1, row.axis, unused);
  }
  return row;
}

}  // namespace flexure
