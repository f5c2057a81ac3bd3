#include "ground_grid.h"

#include <algorithm>
#include <cmath>

#include "flexure/render/camera_matrices.h"

namespace flexure::render_detail {

GridLayout gridLayoutFor(const Bounds3& modelBounds, const Camera& camera, const GridPlane& plane) {
  GridLayout layout;
  layout.frame = gridFrameOf(plane);
  const double radius = modelBounds.empty() ? 5.0 : std::max(0.5 * norm(modelBounds.extent()), 1e-3);
  layout.cell = groundGridCell(modelBounds);
  // The square follows the model in whole cells and grows in steps of 2^(1/4): a part dragged a
  // little does not move the grid's fade, so the picture of the grid (and the renderer's cached
  // backdrop) stays the same while the model moves under it.
  const Vec3d center = (modelBounds.empty() ? camera.target : modelBounds.center()) - layout.frame.origin;
  layout.centerA = std::round(dot(center, layout.frame.axisA) / layout.cell) * layout.cell;
  layout.centerB = std::round(dot(center, layout.frame.axisB) / layout.cell) * layout.cell;
  const double radiusStep = layout.cell * std::exp2(std::ceil(4.0 * std::log2(radius / layout.cell)) / 4.0);
  const double viewDistance = norm(camera.eye - camera.target);
  layout.halfSize = std::max({8.0 * radiusStep, 2.5 * viewDistance, 20.0 * layout.cell});
  return layout;
}

glm::dmat4 gridPlaneToWorld(const GridLayout& layout) {
  const GridFrame& f = layout.frame;
  return glm::dmat4(glm::dvec4(toGlm(f.axisA), 0.0), glm::dvec4(toGlm(f.axisB), 0.0), glm::dvec4(toGlm(f.normal), 0.0),
                    glm::dvec4(toGlm(f.origin), 1.0));
}

}  // namespace flexure::render_detail
