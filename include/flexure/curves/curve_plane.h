#pragma once
// The plane an MES curve lives in: an origin and two orthonormal in-plane axes (Chen & Wu's
// curves are planar section curves). Curve coordinates (x, y) map to origin + x e_u + y e_v.
#include "flexure/core/vec.h"

namespace flexure {

struct CurvePlane {
  Vec3d origin{0, 0, 0};
  Vec3d axisU{1, 0, 0};
  Vec3d axisV{0, 1, 0};
  Vec3d normal{0, 0, 1};  // axisU × axisV

  // Orthonormalizes user-given axes (Gram-Schmidt); falls back to the xy plane if degenerate.
  static CurvePlane fromAxes(const Vec3d& origin, const Vec3d& u, const Vec3d& v);

  template <class S>
  Vec3<S> toWorld(const Vec3<S>& p) const {
    return Vec3<S>(S(origin.x) + p.x * axisU.x + p.y * axisV.x, S(origin.y) + p.x * axisU.y + p.y * axisV.y,
                   S(origin.z) + p.x * axisU.z + p.y * axisV.z);
  }
  // A plane direction (x, y) as a world vector.
  template <class S>
  Vec3<S> directionToWorld(const Vec3<S>& d) const {
    return Vec3<S>(d.x * axisU.x + d.y * axisV.x, d.x * axisU.y + d.y * axisV.y, d.x * axisU.z + d.y * axisV.z);
  }
  // World point to (x, y, height above the plane).
  template <class S>
  Vec3<S> toPlane(const Vec3<S>& x) const {
    const Vec3<S> d(x.x - origin.x, x.y - origin.y, x.z - origin.z);
    return Vec3<S>(d.x * axisU.x + d.y * axisU.y + d.z * axisU.z, d.x * axisV.x + d.y * axisV.y + d.z * axisV.z,
                   d.x * normal.x + d.y * normal.y + d.z * normal.z);
  }
};

}  // namespace flexure
