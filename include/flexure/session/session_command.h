#pragma once
// The commands the GUI thread sends to the solver thread (docs/solver-thread.md). They are
// applied between solver steps, in the order sent.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "flexure/core/drag_mode.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/core/vec.h"

namespace flexure::session {

// The document's structure changed: the session replaces its working copy with this one
// (cloned by the sender, Scene::clone(); the session takes ownership). A drag in progress
// restarts on the new copy at the same point, or ends if its node is gone.
struct StructureChanged {
  std::unique_ptr<Scene> scene;
};
// One entry of Ψ edited in the document (value only; frozen flags travel with a new copy).
struct ParameterEdited {
  int index = -1;
  double value = 0.0;
};
struct DragStart {
  std::string node;        // the picked primitive
  SurfacePoint point;      // where on it
  Vec3d target;            // world point the mouse is at
  DragMode mode = DragMode::Free;  // which parameters the drag may move (drag_mode.h)
  // Narrower than the mode (a transform handle's arrow or ring): on the picked path only this
  // node's parameters may move; the constraints still move the other parts. Empty: the mode.
  std::string only{};
  // When set, the dragged point is this fixed point of the picked primitive's own space instead
  // of `point` (a ring pulls a point on the ring, in the plane it turns in).
  std::optional<Vec3d> local{};
  // A grip's drag (flexure/core/grip.h): only these parameters ("node.slot") on the picked path
  // may move; with `pin`, a surface point of the picked primitive held where it is (the opposite
  // feature), and the part's own placement translations with it.
  std::vector<std::string> gripParameters{};
  std::optional<SurfacePoint> pin{};
  // Other parts dragged along (a multi-selection moved together, issue 27): a surface point of
  // each, pulled by the hand's displacement (PartDrag::setFollowers). A drag that cannot take
  // them drags the picked part alone.
  std::vector<std::pair<std::string, SurfacePoint>> followers{};
};
struct DragMove {
  Vec3d target;
  // When set and different from the drag's narrowing (DragStart::only), the drag goes on from
  // where it is narrowed to this node instead: Ctrl held during a part drag moves only the
  // placement's translate, so that it steps from grid point to grid point exactly.
  std::optional<std::string> only{};
  // The target is a grid step (Ctrl): the point lands on it exactly (PartDrag::moveExactly).
  bool exact = false;
  // When the sender sent it (the mouse's move): results after it carry it, so the window can
  // measure how far its geometry is behind the mouse, solve included (SessionResult::dragMoveSentAt).
  std::chrono::steady_clock::time_point sentAt{};
};
struct DragEnd {
  // Esc during a grab: the parts go back where the drag found them, and the drag's outcome
  // records no change (no undo step).
  bool cancel = false;
};
struct Run {};    // solve until converged, then sleep
struct Pause {};  // stop stepping (drags still solve)
struct Step {     // exactly n bounded steps, then pause
  int count = 1;
};
struct SetMethod {  // "default" or "paper"
  std::string method;
};
struct SetTolerance {
  double tolerance = 1e-10;
};
// The animation time moved. With `advance` the next step runs each family's advance(t_old, t)
// (rigid dynamics integrate from t_old to t). Without it only the clock is set: the timeline
// shows a baked frame whose Ψ it has already sent, and integrating again would move the model
// away from that frame; drags and solves then use the constraints active at t.
struct TimeChanged {
  double time = 0.0;
  bool advance = true;
};
struct Shutdown {};

using SessionCommand = std::variant<StructureChanged, ParameterEdited, DragStart, DragMove, DragEnd, Run, Pause,
                                    Step, SetMethod, SetTolerance, TimeChanged, Shutdown>;

}  // namespace flexure::session
