#include "ground_grid.h"

#include <algorithm>
#include <cmath>

#include "flexure/render/camera_matrices.h"

namespace flexure::render_detail {

GridLayout gridLayoutFor(const Bounds3& modelBounds, const Camera& camera, const GridPlane& plane) {
  GridLayout layout;
  layout.frame = gridFrameOf(plane);
  const double radius = modelBounds.empty() ? 5.0 : std::max(0.5 * norm(modelBounds.extent()), 1e-3);
  layout.cell = std::pow(10.0, std::floor(std::log10(radius)));
  const Vec3d center = (modelBounds.empty() ? camera.target : modelBounds.center()) - layout.frame.origin;
  layout.centerA = dot(center, layout.frame.axisA);
  layout.centerB = dot(center, layout.frame.axisB);
  const double viewDistance = norm(camera.eye - camera.target);
  layout.halfSize = std::max({8.0 * radius, 2.5 * viewDistance, 20.0 * layout.cell});
  return layout;
}

glm::dmat4 gridPlaneToWorld(const GridLayout& layout) {
  const GridFrame& f = layout.frame;
  return glm::dmat4(glm::dvec4(toGlm(f.axisA), 0.0), glm::dvec4(toGlm(f.axisB), 0.0), glm::dvec4(toGlm(f.normal), 0.0),
                    glm::dvec4(toGlm(f.origin), 1.0));
}

}  // namespace flexure::render_detail
