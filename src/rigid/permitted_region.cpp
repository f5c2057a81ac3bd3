#include "flexure/rigid/permitted_region.h"

#include <cmath>

namespace flexure {

void orthonormalComplement(const Vec3d& a, Vec3d& e1, Vec3d& e2) {
  const Vec3d helper = std::fabs(a.x) < 0.6 ? Vec3d(1, 0, 0) : (std::fabs(a.y) < 0.6 ? Vec3d(0, 1, 0) : Vec3d(0, 0, 1));
  e1 = normalized(cross(a, helper));
  e2 = cross(a, e1);
}

void setPointRows(RegionProjection& r, const Vec3d& p) {
  const Vec3d d = p - r.nearest;
  r.rowCount = 3;
  r.rowDirection[0] = {1, 0, 0};
  r.rowDirection[1] = {0, 1, 0};
  r.rowDirection[2] = {0, 0, 1};
  r.rowError[0] = d.x;
  r.rowError[1] = d.y;
  r.rowError[2] = d.z;
}

}  // namespace flexure
