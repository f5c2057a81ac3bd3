#include "flexure/rigid/round_contact.h"

#include <cmath>

#include "flexure/rigid/permitted_region.h"

namespace flexure {

void appendLowestPoints(const RoundContactShape& s, const Vec3d& up, std::vector<Vec3d>& out) {
  if (s.halfLength <= 0.0 && squaredNorm(s.axis) == 0.0) {  // sphere
    out.push_back(s.centre - up * s.radius);
    return;
  }
  const Vec3d across = up - s.axis * dot(up, s.axis);
  const double length = norm(across);
  // The lower rim is the one whose centre is further along -up.
  const Vec3d lowerRim = s.centre - s.axis * (s.halfLength * (dot(up, s.axis) >= 0.0 ? 1.0 : -1.0));
  if (length < 1e-9) {  // standing on a cap: four points of its rim
    Vec3d e1, e2;
    orthonormalComplement(s.axis, e1, e2);
    for (const Vec3d& e : {e1, e2}) {
      out.push_back(lowerRim + e * s.radius);
      out.push_back(lowerRim - e * s.radius);
    }
    return;
  }
  const Vec3d u = across / length;
  for (double side : {-1.0, 1.0}) out.push_back(s.centre + s.axis * (side * s.halfLength) - u * s.radius);
}

double roundContactReach(const RoundContactShape& s, const Vec3d& from) {
  return norm(s.centre - from) + std::sqrt(s.radius * s.radius + s.halfLength * s.halfLength);
}

}  // namespace flexure
