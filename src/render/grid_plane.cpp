#include "flexure/render/grid_plane.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {
namespace {

Vec3d unitAxis(int axis) {
  Vec3d e(0.0, 0.0, 0.0);
  e[axis] = 1.0;
  return e;
}

}  // namespace

int nearestCoordinateAxis(const Vec3d& direction) {
  int best = 2;
  double largest = std::abs(direction.z);
  for (int axis : {1, 0})
    if (std::abs(direction[axis]) > largest) {
      best = axis;
      largest = std::abs(direction[axis]);
    }
  return std::isfinite(largest) && largest > 0.0 ? best : 2;
}

GridPlane gridPlaneForUp(const Vec3d& up) {
  const int axis = nearestCoordinateAxis(up);
  GridPlane plane;
  plane.normal = unitAxis(axis) * (up[axis] < 0.0 ? -1.0 : 1.0);
  return plane;
}

GridFrame gridFrameOf(const GridPlane& plane) {
  GridFrame frame;
  const double length = norm(plane.normal);
  frame.normal = std::isfinite(length) && length > 1e-12 ? plane.normal / length : Vec3d(0.0, 0.0, 1.0);
  frame.origin = frame.normal * plane.offset;
  const int k = nearestCoordinateAxis(frame.normal);
  frame.worldAxisA = (k + 1) % 3;
  frame.worldAxisB = (k + 2) % 3;
  // Axis k+1 is at least as perpendicular to the normal as axis k (|n_{k+1}| ≤ |n_k|), so its
  // projection onto the plane never degenerates (it has length ≥ 1/√2).
  const Vec3d e = unitAxis(frame.worldAxisA);
  frame.axisA = normalized(e - frame.normal * dot(e, frame.normal));
  frame.axisB = cross(frame.normal, frame.axisA);
  return frame;
}

std::optional<GridPlane> sceneFloor(const Scene& scene) {
  // The first block (in kind order) that defines a floor: today only the rigid settings do.
  for (const auto& [kind, block] : scene.settings.blocks()) {
    const std::optional<FloorPlane> floor = block->floor();
    if (!floor) continue;
    const double length = norm(floor->normal);
    if (!std::isfinite(length) || length < 1e-12 || !std::isfinite(floor->offset)) return std::nullopt;
    // The contact code (ground_contact.cpp) normalizes the normal and keeps the offset as given.
    return GridPlane{floor->normal / length, floor->offset};
  }
  return std::nullopt;
}

GridPlane sceneGridPlane(const Scene& scene) {
  if (std::optional<GridPlane> floor = sceneFloor(scene)) return *floor;
  return gridPlaneForUp(scene.camera.up);
}

double groundGridCell(const Bounds3& modelBounds) {
  const double radius = modelBounds.empty() ? 5.0 : std::max(0.5 * norm(modelBounds.extent()), 1e-3);
  return std::pow(10.0, std::floor(std::log10(radius)));
}

}  // namespace flexure
