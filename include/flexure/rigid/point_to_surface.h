#pragma once
// "Point to surface" (section 4.1.3): P2 stays on the surface I = 0 of an implicit function
// attached to S1 (a primitive of S1's sub-tree, through the operators between it and the
// solid). P' is found by Newton projection along the gradient,
//   x ← x - I(x) ∇I(x) / |∇I(x)|²,
// which lands on the nearest surface point for points near a smooth surface. One row along
// the surface normal.
#include <functional>

#include "flexure/rigid/permitted_region.h"

namespace flexure {

using ImplicitFunction = std::function<double(const Vec3d&, Vec3d& gradient)>;

RegionProjection projectOntoSurface(const Vec3d& p, const ImplicitFunction& implicit, int iterations = 12);

}  // namespace flexure
