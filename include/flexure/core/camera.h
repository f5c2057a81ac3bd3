#pragma once
// The scene's view: where the renderer and the viewport look from.
#include "flexure/core/vec.h"

namespace flexure {

struct Camera {
  enum class Projection { Perspective, Orthographic };
  Vec3d eye{6.0, -8.0, 5.0};
  Vec3d target{0.0, 0.0, 0.0};
  Vec3d up{0.0, 0.0, 1.0};
  double fovYDegrees = 40.0;   // perspective
  double orthoHeight = 10.0;   // orthographic: visible height in scene units
  double nearPlane = 0.05;
  double farPlane = 500.0;
  Projection projection = Projection::Perspective;
};

}  // namespace flexure
