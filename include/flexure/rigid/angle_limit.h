#pragma once
// Angle constraint (section 4.2.1): the angle between a1 (of S1) and a2 (of S2) stays in
// [amin, amax] ⊆ [0, π]. θ = atan2(|a1 ∧ a2|, a1·a2); rotating S2 about k = a1 ∧ a2/|a1 ∧ a2|
// increases θ and rotating S1 about k decreases it: dθ = k·(ΔR2 - ΔR1), "rotations of the
// solids in the plane (a1, a2)". At θ = 0 or π (k undefined) any axis perpendicular to a1 is
// taken.
#include "flexure/rigid/angular_correction.h"

namespace flexure {

AngularRow measureAngleLimit(const Vec3d& a1World, const Vec3d& a2World, double angleMin, double angleMax);

}  // namespace flexure
