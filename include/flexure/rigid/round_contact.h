#pragma once
// Exact ground contact for round solids. A tessellated wheel touches the floor by the vertices
// of a polygon: its axle rises and falls by r(1 - cos(π/n)) per vertex, and once the wheel rolls
// faster than sqrt(g r) its centre cannot follow the arc about each vertex (that needs a
// centripetal acceleration v²/r > g), so a polygon wheel hops. For spheres and cylinders the
// lowest point towards the floor is known in closed form, so the contact point of a round part
// is computed from the current orientation instead of being picked among fixed samples:
//   sphere      c - r d                       (d: the floor's normal, in the solid's frame)
//   cylinder    c ± h a - r u,  u = (d - (d·a) a)/|d - (d·a) a|   (the lowest point of each rim)
// A cylinder standing on a cap (d ∥ a) returns four points of the lower rim.
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

class Scene;
class SolidOperator;

struct RoundContactShape {
  Vec3d centre;        // solid frame
  Vec3d axis;          // unit axis of a cylinder; zero for a sphere
  double radius = 0.0;
  double halfLength = 0.0;
};

// Appends the solid-frame points of `shape` lowest along -up (`up`: the floor's normal in the
// solid's frame, unit).
void appendLowestPoints(const RoundContactShape& shape, const Vec3d& up, std::vector<Vec3d>& out);
// Largest distance of the shape's points from `from` (for the contact cull).
double roundContactReach(const RoundContactShape& shape, const Vec3d& from);

}  // namespace flexure
