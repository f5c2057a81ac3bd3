#include "ground_grid.h"

#include <algorithm>
#include <cmath>

namespace flexure::render_detail {

GridLayout gridLayoutFor(const Bounds3& modelBounds, const Camera& camera) {
  GridLayout layout;
  const double radius = modelBounds.empty() ? 5.0 : std::max(0.5 * norm(modelBounds.extent()), 1e-3);
  layout.cell = std::pow(10.0, std::floor(std::log10(radius)));
  const Vec3d center = modelBounds.empty() ? camera.target : modelBounds.center();
  layout.centerX = center.x;
  layout.centerY = center.y;
  const double viewDistance = norm(camera.eye - camera.target);
  layout.halfSize = std::max({8.0 * radius, 2.5 * viewDistance, 20.0 * layout.cell});
  return layout;
}

}  // namespace flexure::render_detail
