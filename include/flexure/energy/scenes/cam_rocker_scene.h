#pragma once
// The paper's cam and rocker arm (Witkin et al. 1987, section 4, Figure 3): "the pressure of
// the spring on the valve head pushes the follower against the cam via the fulcrum. The
// follower 'feels' the cam using an implicit-function interference constraint, so that if the
// cam were reshaped, the motion of the arm would change accordingly."
//
//   cam        an eccentric disc (cylinder of radius 1 whose centre is 0.3 off the camshaft) on
//              a camshaft along y at the origin; the frozen quaternion "cam-rotate" is the
//              drive angle.
//   rocker     turns about a fulcrum at (-1.6, 0, 1.45) (free quaternion; an orientation term
//              keeps its axis along y) and carries the follower, a roller of radius 0.25 at
//              1.6 along its x, resting on top of the cam.
//   spring     the valve spring: a weak attach-point pulling the follower down (a load, never
//              met: it presses the follower onto the cam).
//   contact    collision of the follower's surface with the cam's implicit function.
#include <memory>

#include "flexure/core/scene.h"

namespace flexure {

std::unique_ptr<Scene> buildCamRockerScene();
void setCamAngle(Scene& scene, double angle);
// World position of the follower's centre and of the cam disc's centre.
Vec3d followerCentre(const Scene& scene);
Vec3d camCentre(const Scene& scene);
constexpr double kCamRadius = 1.0, kFollowerRadius = 0.25, kCamEccentricity = 0.3;

}  // namespace flexure
