#pragma once
// "Point to ring" (section 4.1.2): P2 moves in the plane (P1, n) with its distance to P1 in
// [rmin, rmax] (a disc when rmin = 0). P' is the projection q = P2 - n (n·(P2 - P1)) when it
// lies in the ring; otherwise the ring point nearest to q:
//   P' = P1 + clamp(|q - P1|, rmin, rmax) (q - P1)/|q - P1|.
// Rows: n always, plus the radial direction when the radius is out of range.
#include "flexure/rigid/permitted_region.h"

namespace flexure {

RegionProjection projectOntoRing(const Vec3d& p, const Vec3d& centre, const Vec3d& normal, double radiusMin,
                                 double radiusMax);

}  // namespace flexure
