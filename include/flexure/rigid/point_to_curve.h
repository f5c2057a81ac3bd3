#pragma once
// "Point to curve" (section 4.1.3): P2 stays on a polyline attached to S1 (open or closed).
// P' is the nearest point over all its segments. Rows: the two directions perpendicular to
// the tangent there, plus the tangent past an open end.
#include <vector>

#include "flexure/rigid/permitted_region.h"

namespace flexure {

RegionProjection projectOntoCurve(const Vec3d& p, const std::vector<Vec3d>& polyline, bool closed);

}  // namespace flexure
