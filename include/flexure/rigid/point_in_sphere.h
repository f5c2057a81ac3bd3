#pragma once
// "Point in sphere" (section 4.1.3): |P2 - C| ∈ [rmin, rmax] (a ball when rmin = 0, a shell
// otherwise). P' = P2 inside, else C + clamp(|P2 - C|) (P2 - C)/|P2 - C|; one radial row when
// out of range.
#include "flexure/rigid/permitted_region.h"

namespace flexure {

RegionProjection projectIntoSphere(const Vec3d& p, const Vec3d& centre, double radiusMin, double radiusMax);

}  // namespace flexure
