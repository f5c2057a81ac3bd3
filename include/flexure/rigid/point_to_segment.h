#pragma once
// "Point to segment" (section 4.1.1): P2 = P1 + λ t with λ ∈ [λmin, λmax] (either bound may
// be infinite). P' is the point of [P1 + λmin t, P1 + λmax t] nearest to P2:
//   λ* = clamp(t·(P2 - P1), λmin, λmax),   P' = P1 + λ* t.
// Rows: the two directions perpendicular to t always (the point stays on the line), plus t
// itself when λ is out of range.
#include "flexure/rigid/permitted_region.h"

namespace flexure {

RegionProjection projectOntoSegment(const Vec3d& p, const Vec3d& origin, const Vec3d& direction, double lambdaMin,
                                    double lambdaMax);

}  // namespace flexure
