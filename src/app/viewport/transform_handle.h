#pragma once
// The transform handle on the selected part's placement (issues 19 and 26, docs/app.md
// "Transform handle"): three rings (turn about world x, y, z) round the placement's origin and
// three arrows (move along them) outside the rings, drawn as extra overlay lines. The rings are
// at least a constant size on screen and always wider than the part (its displayed mesh seen
// from the origin), and the arrows start where the rings end, so the handle's lines lie around
// the part, not across it; where one still crosses the part seen edge-on, a press on the part's
// own pixels drags the part (viewport_interaction.h). A press within a few pixels of an arrow or
// ring elsewhere starts a drag through the part drag machinery (part_drag_controller.h) in Move
// mode, with the target of the spring constrained: along the arrow's line, or turned on the
// ring's plane about the origin.
//
// The drag is narrowed to one operator (session::DragStart::only): an arrow may change only the
// placement's translate, a ring only its rotate, so a ring turns the part about the ring's axis
// through the origin and nothing else. The spring (Witkin et al. 1987, E_user) of an arrow pulls
// a point of the part along the axis: a translation moves every point alike, so the part moves
// exactly along the axis. A ring's spring pulls a point of the ring itself (fixed in the part's
// frame, DragStart::local) round the ring: that point lies in the plane through the origin
// normal to the axis, so of all rotations that take it to its target the one with the least
// change of the quaternion (the drag's metric) is the turn about the axis (docs/energy.md).
// Constraints keep pulling throughout, as in every drag.
#include <optional>
#include <string>

#include "flexure/core/camera.h"
#include "flexure/core/scene.h"
#include "flexure/render/mesh_picking.h"
#include "flexure/render/overlay_geometry.h"
#include "viewport/surface_pick.h"

namespace flexure::app {

struct TransformHandle {
  std::string part;       // the primitive the drag pulls
  std::string translate;  // the operator the arrows move (the nearest translate above the part)
  std::string rotate;     // the operator the rings turn (the nearest rotate above it)
  Vec3d origin;           // the placement's origin in world space: the centre of `rotate`
                          // (else of `translate`), the point a ring turns the part about
  double size = 1.0;      // the handle's size on screen in scene units: 12 % of the eye distance
  double ringRadius = 0.75;  // the rings' radius: 0.75 size, or wider than the part (≤ 2.5 size)
  double arrowStart = 0.75;  // the arrows run along their axis from here (the rings' radius) ...
  double arrowLength = 1.0;  // ... this far (0.8 size)
};

// The point a fraction `t` along the arrow of `axis` (0: its base on the ring, 1: its tip).
Vec3d arrowPoint(const TransformHandle& handle, int axis, double t);

// The handle of the selected node: a primitive with a placement (a translate or rotate above
// it), or a translate / rotate (its first primitive); nullopt otherwise. Arrows are drawn and
// picked when there is a translate, rings when there is a rotate.
std::optional<TransformHandle> transformHandleFor(const Scene& scene, const Node* selected, const Camera& camera);

// Widens the rings (and moves the arrows out with them) to go round a part whose displayed
// surface reaches `partRadius` from the handle's origin, up to 2.5 times the handle's size.
void fitHandleAroundPart(TransformHandle& handle, double partRadius);

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

// What a press on `part` drags: the picked primitive, the operator the drag is narrowed to and
// the point its spring pulls (session::DragStart's node, only and point or local).
struct HandleGrab {
  SurfacePick pick;            // node, a surface point (arrows) and the grabbed world point
  std::string only;            // the translate (arrow) or rotate (ring)
  std::optional<Vec3d> local;  // a ring's point on the ring, in the part's own space
};
// The grab for a press on `part` with the mouse ray `pressRay`: an arrow pulls the surface point
// (patch 0, u 0.25, v 0.5); a ring the point of the ring where the ray meets its plane (or, seen
// edge-on, the ring's point nearest the ray). nullopt when the part or its operator is missing.
std::optional<HandleGrab> grabTransformHandle(const Scene& scene, const TransformHandle& handle, const HandlePart& part,
                                              const PickRay& pressRay);

// Where the grabbed point `grabbed` goes when the mouse, pressed on `part` with ray `pressRay`,
// is now on `ray`: moved along the arrow's axis by how far the mouse moved along it, or turned
// about the ring's axis through the origin by the angle the mouse turned around it. With
// `steps` > 0 (1 while Ctrl is held, 0.1 with Shift too) an arrow puts the origin on multiples
// of steps·cell along its axis and a ring turns by multiples of steps·15°.
Vec3d handleTarget(const TransformHandle& handle, const HandlePart& part, const Vec3d& grabbed, const PickRay& pressRay,
                   const PickRay& ray, double steps = 0.0, double cell = 0.0);

}  // namespace flexure::app
