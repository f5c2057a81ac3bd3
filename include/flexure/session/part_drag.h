#pragma once
// One interface for dragging any kind of part (issue 7 item 3). The session picks the
// implementation from what the picked node is (makePartDrag):
//   a node under a metaball deformer's handle -> MetaballPartDrag (sets displacement slots)
//   a primitive under a rigid "solid"         -> SolidPartDrag (world point-to-point joint)
//   an MES curve                              -> CurvePartDrag (curve-rubberband to the target)
//   any other primitive of a parameterized model -> EnergyPartDrag (Witkin's E_user spring)
// Each works on the session's working copy only, from the solver thread.
#include <memory>
#include <string>

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
};

class PartDrag {
 public:
  virtual ~PartDrag() = default;
  virtual const char* kindName() const = 0;
  // Starts dragging `point` of `node` toward `target`.
  virtual PartDragStatus begin(const std::string& node, const SurfacePoint& point, const Vec3d& target) = 0;
  virtual PartDragStatus move(const Vec3d& target) = 0;
  // Leaves the working copy with no trace of the drag (temporary constraints removed).
  virtual PartDragStatus end() = 0;
  // True when the family solvers must keep stepping for the drag to take effect (constraint
  // based drags); false when move() itself solves.
  virtual bool needsSolverSteps() const = 0;
};

// The drag for the picked node of `scene`, or null if the node does not exist.
std::unique_ptr<PartDrag> makePartDrag(Scene& scene, const std::string& node, double time);

// World position of `point` on the primitive `node` with the scene's current Ψ.
Vec3d pickedPointPosition(const Scene& scene, const std::string& node, const SurfacePoint& point);

}  // namespace flexure::session
