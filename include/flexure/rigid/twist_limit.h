#pragma once
// Twist constraint (section 4.2.2): b1 ⟂ a1 (of S1) and b2 ⟂ a2 (of S2) are projected on the
// median plane between a1 and a2 and the signed angle φ from b1' to b2' about its normal n
// stays in [bmin, bmax]. The paper writes the median plane's normal as a1 - a2 (its a2 points
// back along the joint); with both axes pointing the same way, as in Appendix A
// ("angle 1 0 0 1 0 0"), the median normal is n = (a1 + a2)/|a1 + a2|, used here.
//   φ = atan2(n·(b1' ∧ b2'), b1'·b2'),   dφ = n·(ΔR2 - ΔR1),
// i.e. S1 and S2 are rotated about their axes in opposite directions (section 4.2.2); this
// rotation does not change the angle between a1 and a2 (section 4.2.3).
#include "flexure/rigid/angular_correction.h"

namespace flexure {

AngularRow measureTwistLimit(const Vec3d& a1World, const Vec3d& a2World, const Vec3d& b1World, const Vec3d& b2World,
                             double twistMin, double twistMax);

}  // namespace flexure
