#pragma once
// Where the ground grid goes and how fine it is, from the model's size, the camera and the plane
// the grid lies in (grid_plane.h).
#include <glm/glm.hpp>

#include "flexure/core/camera.h"
#include "flexure/core/vec.h"
#include "flexure/render/grid_plane.h"

namespace flexure::render_detail {

struct GridLayout {
  GridFrame frame;                      // the plane and its coordinate axes a, b
  double centerA = 0.0, centerB = 0.0;  // middle of the drawn square, in plane coordinates
  double halfSize = 10.0;               // half the side of that square
  double cell = 1.0;                    // minor line spacing, a power of ten
};

// Cells are the power of ten just below the model's radius, so a model spans a few cells; the
// square is centred under the model (its centre projected onto the plane, rounded to whole
// cells) and reaches well past the model (its radius rounded up to a step of 2^(1/4)) and past
// the camera's distance so the grid fades out before its edge is seen. The rounding keeps the
// layout fixed while a part is dragged a little.
GridLayout gridLayoutFor(const Bounds3& modelBounds, const Camera& camera, const GridPlane& plane);

// Plane coordinates (a, b, height above the plane) to world: the grid shader's uPlaneToWorld.
glm::dmat4 gridPlaneToWorld(const GridLayout& layout);

}  // namespace flexure::render_detail
