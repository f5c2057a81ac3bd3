#pragma once
// The transform handle on the selected part's placement (issue 19, docs/app.md "Transform
// handle"): three arrows (move along world x, y, z) and three rings (turn about them) drawn at
// the placement's origin as extra overlay lines, at a constant size on screen. A press within a
// few pixels of an arrow or ring is picked before the parts; the drag then goes through the
// part drag machinery (part_drag_controller.h) in Move mode, with the target of the spring
// constrained: along the arrow's line, or turned on the ring's plane about the origin.
//
// A single drag spring pulls one point of the part (Witkin et al. 1987, E_user): an arrow's
// target moves that point along the axis, which the placement follows by translating; a
// ring's target moves the point on a circle about the axis, which the placement follows by
// turning (and, where the solver prefers, by some translation: one point does not fix a
// rotation's centre). Constraints keep pulling throughout, as in every drag.
#include <optional>
#include <string>

#include "flexure/core/camera.h"
#include "flexure/core/scene.h"
#include "flexure/render/mesh_picking.h"
#include "flexure/render/overlay_geometry.h"

namespace flexure::app {

struct TransformHandle {
  std::string part;  // the primitive the drag pulls
  Vec3d origin;      // the placement's origin in world space
  double size = 1.0;  // arrow length (scene units)
};

// The handle of the selected node: a primitive with a placement (a translate or rotate above
// it), or a translate / rotate (its first primitive); nullopt otherwise.
std::optional<TransformHandle> transformHandleFor(const Scene& scene, const Node* selected, const Camera& camera);

// Appends the arrows (x red, y green, z blue) and rings.
void appendTransformHandle(const TransformHandle& handle, OverlayGeometry& out);

struct HandlePart {
  enum class Kind { Arrow, Ring };
  Kind kind = Kind::Arrow;
  int axis = 0;  // 0 x, 1 y, 2 z
};

// The arrow or ring within `tolerance` pixels of `pixel` (the nearest; arrows first on ties).
std::optional<HandlePart> pickTransformHandle(const TransformHandle& handle, const Camera& camera, int width,
                                              int height, double x, double y, double tolerance = 8.0);

// The world axis of a handle part.
Vec3d handleAxis(int axis);

// Where the grabbed point `grabbed` goes when the mouse, pressed on `part` with ray `pressRay`,
// is now on `ray`: moved along the arrow's axis by how far the mouse moved along it, or turned
// about the ring's axis through the origin by the angle the mouse turned around it.
Vec3d handleTarget(const TransformHandle& handle, const HandlePart& part, const Vec3d& grabbed, const PickRay& pressRay,
                   const PickRay& ray);

}  // namespace flexure::app
