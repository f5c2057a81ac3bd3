#pragma once
// The plane the ground grid lies in. A scene's floor when a module's settings define one
// (SettingsBlock::floor: the rigid settings' ground plane, where solids rest and slide), otherwise the plane through the origin
// perpendicular to the scene's up axis: the camera's up snapped to the nearest coordinate axis,
// so z-up scenes get the z = 0 plane and y-up ones (the imported description-language scenes)
// the y = 0 plane instead of a vertical wall.
#include <optional>

#include "flexure/core/vec.h"

namespace flexure {

class Scene;

struct GridPlane {
  Vec3d normal{0.0, 0.0, 1.0};  // unit, pointing up (away from the floor)
  double offset = 0.0;          // the plane is {X : normal · X = offset}
};

// The coordinate axis (0 = x, 1 = y, 2 = z) with the largest |component| of `direction`;
// ties go to the later axis, a zero or non-finite vector gives z.
int nearestCoordinateAxis(const Vec3d& direction);

// The plane through the origin whose normal is the coordinate axis nearest to `up`, on up's side.
GridPlane gridPlaneForUp(const Vec3d& up);

// An orthonormal frame on a ground plane: the grid's plane coordinates (a, b) are the point
// origin + a·axisA + b·axisB. For a plane perpendicular to axis k the in-plane axes are the world
// axes k+1 and k+2 (cyclic): x, y on z = 0; z, x on y = 0; y, z on x = 0. A tilted plane gets the
// projections of those axes onto it.
struct GridFrame {
  Vec3d origin;                // the plane's point nearest the world origin
  Vec3d axisA, axisB, normal;  // axisA × axisB = normal
  int worldAxisA = 0;          // the coordinate axis axisA follows (the grid colours its line)
  int worldAxisB = 1;
};
GridFrame gridFrameOf(const GridPlane& plane);

// The scene's floor: the floor a settings block switches on (the "rigid" ground plane), with a
// non-zero normal, else none.
std::optional<GridPlane> sceneFloor(const Scene& scene);

// Where the scene's grid goes: its floor, else the plane perpendicular to its camera's up.
GridPlane sceneGridPlane(const Scene& scene);

// The ground grid's cell (its minor line spacing) for a model with these bounds: the power of
// ten just below the model's radius, 1 for radii from 1 to 10 (an empty model: 1). What Ctrl
// snaps translations to while dragging.
double groundGridCell(const Bounds3& modelBounds);

}  // namespace flexure
