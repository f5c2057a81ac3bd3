#pragma once
// Where the ground grid goes and how fine it is, from the model's size and the camera.
#include "flexure/core/camera.h"
#include "flexure/core/vec.h"

namespace flexure::render_detail {

struct GridLayout {
  double centerX = 0.0, centerY = 0.0;  // middle of the drawn square on the z = 0 plane
  double halfSize = 10.0;               // half the side of that square
  double cell = 1.0;                    // minor line spacing, a power of ten
};

// Cells are the power of ten just below the model's radius, so a model spans a few cells; the
// square reaches well past the model and past the camera's distance so the grid fades out
// before its edge is seen.
GridLayout gridLayoutFor(const Bounds3& modelBounds, const Camera& camera);

}  // namespace flexure::render_detail
