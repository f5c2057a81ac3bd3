#pragma once
// The paper's Oldham linkage (Witkin et al. 1987, section 4, Figure 2): rotation passes between
// two parallel shafts offset in the plane perpendicular to their axes (x) through a floating
// middle disc with two perpendicular grooves.
//
//   shaft-a   driving shaft at the origin; its frozen quaternion is the drive angle. Carries
//             flange-a (face at x = -0.3) and tongue-a (a bar along its own y).
//   shaft-b   driven shaft in a frozen bearing at (0, 0.35, 0.15); free quaternion. Carries
//             flange-b (face at x = +0.3) and tongue-b (a bar along its own z).
//   disc      the floating middle disc: free translation and quaternion (7 parameters);
//             groove 1 along its y at x = -0.25, groove 2 along its z at x = +0.25.
//
// Constraints: surface contact of each disc face with its flange (float-attach: the face point
// floats on the flange's implicit surface, normals opposite); each tongue slides in its groove
// (two sliders per tongue, one at each end, with the groove line carried by the disc);
// shaft-b's axis stays along x (orientation). The start has the parts loose: disc displaced
// and tilted, shaft-b turned away.
#include <memory>

#include "flexure/core/scene.h"

namespace flexure {

std::unique_ptr<Scene> buildOldhamScene();
// Sets the driving shaft's angle (radians, about x).
void setOldhamDriveAngle(Scene& scene, double angle);
// The angle of a shaft about x, from its quaternion (radians in (-π, π]).
double oldhamShaftAngle(const Scene& scene, const char* shaft);

}  // namespace flexure
