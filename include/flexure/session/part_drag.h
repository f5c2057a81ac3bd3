#pragma once
// One interface for dragging any kind of part (issue 7 item 3). Each technique implements it
// in its own folder and registers a factory (part_drag_registry.h); makePartDrag asks them in
// rank order. Today:
//   a metaball deformer's handle   -> deform/interaction/metaball_part_drag (displacement slots)
//   an MES curve                   -> curves/interaction/curve_part_drag (curve-rubberband)
//   a primitive under a "solid"    -> rigid/interaction/solid_part_drag (world point-to-point joint)
//   any other part of a parameterized model -> energy/interaction/energy_part_drag (E_user spring)
// Each works on the session's working copy only, from the solver thread.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/drag_mode.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/core/vec.h"

namespace flexure::session {

struct PartDragStatus {
  bool pinned = false;   // nothing can move; `reason` says why
  std::string reason;
  Vec3d point;           // the picked point's world position now
  // Energy drags only (hasEnergy): E_user of the drag spring and E of the scene's constraints
  // after the move (Witkin et al. 1987, section 2: E_constraints + E_user is what is minimized).
  bool hasEnergy = false;
  double userEnergy = 0.0;
  double constraintEnergy = 0.0;
  // Drives the drag changed ("node.slot"): parameters frozen for solving and playback (a keyed
  // or declared driving angle) that the hand turned. The window keys them at the current frame.
  std::vector<std::string> changedDrives{};
  // The move stopped short of where the hand asks, at the bound on how far a part may turn per
  // move (energy/drag.h): settle() goes on toward it, one bounded turn per call.
  bool settling = false;
};

class PartDrag {
 public:
  virtual ~PartDrag() = default;
  virtual const char* kindName() const = 0;
  // Which parameters the drag may move (drag_mode.h); set before begin(). A drag that has no
  // choice (a metaball handle moves its displacement) ignores it.
  virtual void setMode(DragMode mode) { (void)mode; }
  // Narrows the mode to one node (session::DragStart::only): on the picked path only `node`'s
  // parameters may move. Set before begin(). Returns false when this kind of drag cannot
  // narrow itself; the session then refuses the drag rather than move more than was asked.
  virtual bool setOnly(const std::string& node) { return node.empty(); }
  // A grip's drag (flexure/core/grip.h, session::DragStart::gripParameters): on the picked path only
  // `parameters` ("node.slot") may move, and, with `pins` (surface points of the picked primitive
  // held where they are), the translations of the part's own placement. Set before begin().
  // False when this kind of drag cannot: the session then asks the next technique.
  virtual bool setGrip(const std::vector<std::string>& parameters, const std::vector<SurfacePoint>& pins) {
    return parameters.empty() && pins.empty();
  }
  // Before begin(): other parts dragged along by the hand's displacement (DragStart::followers).
  // False when this kind of drag cannot (it then drags the picked part alone).
  virtual bool setFollowers(const std::vector<std::pair<std::string, SurfacePoint>>& followers) {
    return followers.empty();
  }
  // Starts dragging `point` of `node` toward `target`.
  virtual PartDragStatus begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) = 0;
  // Starts dragging a fixed point of the primitive's own space (DragStart::local), not
  // necessarily on its surface. A drag that only pulls surface points refuses (pinned).
  virtual PartDragStatus beginLocal(const std::string& node, const Vec3d& local, const Vec3d& target);
  virtual PartDragStatus move(const Vec3d& target) = 0;
  // A move whose target is a grid step (Ctrl): the point lands on it exactly, at rest (a drag
  // whose move() already does so need not override it).
  virtual PartDragStatus moveExactly(const Vec3d& target) { return move(target); }
  // Goes on toward the last target after a move that reported `settling`; the session calls it
  // between moves, as a solver step, until the status no longer says settling.
  virtual PartDragStatus settle() { return {}; }
  // Leaves the working copy with no trace of the drag (temporary constraints removed).
  virtual PartDragStatus end() = 0;
  // True when the family solvers must keep stepping for the drag to take effect (constraint
  // based drags); false when move() itself solves.
  virtual bool needsSolverSteps() const = 0;
  // The family solver whose work move() does itself (an energy drag solves the energy), so the
  // session does not also step it while the drag lasts; empty for none.
  virtual std::string_view solvesFamily() const { return {}; }
};

// The drag for the picked node of `scene` from the registered factories, or null if the node
// does not exist or no technique takes it.
std::unique_ptr<PartDrag> makePartDrag(Scene& scene, const std::string& node, double time);

// World position of `point` on the primitive `node` with the scene's current Ψ.
Vec3d pickedPointPosition(const Scene& scene, const std::string& node, const SurfacePoint& point);

}  // namespace flexure::session
