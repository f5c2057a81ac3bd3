#pragma once
// The user's drag (Witkin et al. 1987, section 2: "the user can literally push or pull on parts
// of the model with a pointing device, introducing a time-varying energy term, E_user"):
//
//   DragSession drag(scene);
//   DragStatus s = drag.start("pipe", {0, 0.5, 0.5});   // pick a point on a primitive
//   if (s.pinned) show(s.reason);                        // graceful no-op, says why
//   drag.moveTo(target);  ...                            // each call re-solves
//   drag.end();                                          // constraints met exactly again
//
// Each moveTo() splits the target's motion into sub-steps no longer than `maxTargetStep` and,
// for each target X, minimizes to convergence
//
//   F_X(Ψ) = W·Σ_held E_i + Σ_loads E_i + E_user(X) + ε |ψ − ψ_start|²      (over the drag's columns)
//
// from the current Ψ with a trust region (continuation: the model follows the nearest branch
// and never jumps or flips), then projects back onto the held constraints (E_user off): the
// smallest change in the same metric that meets them. "Held" are the constraints met when the
// drag starts; "loads" those unmet at a start that already minimizes the constraints (a valve
// spring pressing on a cam, a compromise): the drag works against them at their own weight
// instead of treating them as W-stiff.
//
// Because every sub-step converges (a step below `stepTolerance`, not an iteration budget) and
// F_X has a unique minimizer near the start branch (the anchor ε makes it strictly convex in the
// directions nothing else fixes), the drag's result is a function of the target alone: dragging
// back along any path returns the model to where it started (at the start target, Ψ_start
// itself is F's minimizer when the drag started from a solved model).
//
// That holds while the branch the continuation follows exists. Where a path crosses a fold of
// the solution family (the minimizer being followed ceases to exist and the model snaps to
// another branch), no rule "one state per target" can bring it back: the other branch goes on
// existing on the way back. So the drag also keeps its trail, the state after each moveTo():
// a move to the target before the last one (a path retraced, in either the same mouse positions
// or a scripted walk back) restores that state instead of solving, and so unwinds every jump
// the path went through. Only a retrace unwinds: coming back to an earlier target by another
// route solves as usual, so a crank turned a full turn by a circling drag keeps its turn.
//
// The drag works in a subspace of Ψ (drag_space.h): the mode (Auto, Move, Rotate, Shape, Free)
// chooses which parameters on the picked path the hand may move; constraints still move the
// other parts' free parameters as far as they need; drives (frozen driving angles) turn with the
// hand. The anchor's weights are the drag's metric (drag_metric.h): in every mode but Free, the
// stiffness ladder (translations cheapest, rotations dearer, shape dearest), so among the ways
// to follow the hand the cheapest kind is taken; in Free every entry alike (the paper's).
//
// A move turns no part by more than `maxTurnPerMove` (turn_watch.h): where the minimizer for the
// new target lies a large turn away (the grabbed point near the axis a part turns about), the
// move stops at that turn and the drag is *settling*: each settle() goes on by at most the same
// turn until the minimizer is reached, so the model swings over to it over several frames
// instead of jumping (the session calls settle() between moves, docs/app.md).
//
// A drag is refused (pinned, Ψ untouched) when nothing on the picked primitive's path may move
// in this mode (every parameter frozen, or none of the mode's kind), or when the constraints
// hold the point fixed: no direction allowed by the held constraints' linearization moves it
// (checked at start for up to 400 columns), or a move leaves it where it was.
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/drag_mode.h"
#include "flexure/core/scene.h"
#include "flexure/energy/drag_metric.h"
#include "flexure/energy/drag_space.h"
#include "flexure/energy/energy_problem.h"
#include "flexure/energy/energy_settings.h"
#include "flexure/energy/pattern_kept_ldlt.h"
#include "flexure/energy/terms/user_spring.h"
#include "flexure/energy/turn_watch.h"

namespace flexure {

class AttachPointTerm;

struct DragStatus {
  bool active = false;  // a drag is in progress
  bool pinned = false;  // the point cannot be dragged; reason says why
  std::string reason;
  Vec3d point;          // the picked point's world position now
  Vec3d target;
  double constraintEnergy = 0.0;  // E of the scene's constraints now
  int iterations = 0;             // solver iterations spent by the last call
  // Drives (parameters frozen for solving: a keyed or declared driving angle) this drag has
  // changed so far, as Ψ indices: the window keys them at the current frame.
  std::vector<int> changedDrives{};
  // The last move (or settle) stopped at the turn limit, short of the minimizer for its target.
  bool settling = false;
};

// Another part that moves with the picked one (a multi-selection dragged together, issue 27):
// a spring of its own pulls `point` of `node`'s surface to where it was plus the hand's
// displacement, so the selection moves as one while the constraints keep holding.
struct DragFollower {
  std::string node;
  SurfacePoint point;
};

struct DragOptions {
  double constraintWeight = 1e6;  // W
  double anchorWeight = 1e-4;     // ε
  double maxTargetStep = 0.05;    // world units per sub-step
  int iterationsPerSubstep = 200; // safety cap only: each sub-step runs to convergence
  double trustRadius = 0.05;      // bound on |ΔΨ| per solver step while dragging
  double stepTolerance = 1e-11;   // converged when the Gauss-Newton step's largest entry is below
  // A target within this distance of the one before the last retraces the path (drag.h).
  double retraceTolerance = 1e-9;
  DragMode mode = DragMode::Free; // which parameters on the picked path the hand moves
  std::vector<std::string> drives;  // more drives ("node" or "node.slot"), besides the scene's
  // Narrower than the mode: on the picked path only this node's parameters move (a transform
  // handle's arrow: the placement's translate; its ring: the rotate). Empty: the whole mode.
  std::string only;
  // A grip's drag (flexure/core/grip.h): on the picked path only these parameters ("node.slot")
  // move, and, when `pins` hold surface points of the picked primitive where they are, the
  // translations of the part's own placement too (the opposite feature stays put).
  std::vector<std::string> gripParameters;
  std::vector<SurfacePoint> pins;
  // Parts dragged along (DragFollower): the drag's columns grow by each one's subspace in the
  // same mode (not narrowed by `only` or a grip), its spring weighed like the hand's.
  std::vector<DragFollower> followers;
  // The metric's kinds (drag_metric.h); every mode but Free weighs by it.
  StiffnessLadder ladder{};
  // The largest turn of any moved part's surface per move() or settle() (radians; 0: unbounded).
  double maxTurnPerMove = 15.0 * 3.14159265358979323846 / 180.0;
};

class DragSession {
 public:
  explicit DragSession(Scene& scene, EnergySettings settings = {}, DragOptions options = {}, double time = 0.0);
  ~DragSession();

  // Before start(): which parameters the drag may move (drag_space.h).
  void setMode(DragMode mode) { options_.mode = mode; }
  // Before start(): only `node`'s parameters on the picked path may move (DragOptions::only).
  void setOnly(std::string node) { options_.only = std::move(node); }
  // Before start(): a grip's drag (DragOptions::gripParameters and pins).
  void setGrip(std::vector<std::string> parameters, std::vector<SurfacePoint> pins) {
    options_.gripParameters = std::move(parameters);
    options_.pins = std::move(pins);
  }
  // Before start(): the parts dragged along (DragOptions::followers).
  void setFollowers(std::vector<DragFollower> followers) { options_.followers = std::move(followers); }
  DragStatus start(const std::string& node, const SurfacePoint& point);
  // Drags a fixed point of the primitive's own space (LeafPoint "local"), not necessarily on its
  // surface: a ring of the transform handle pulls a point in the plane it turns in, which a
  // rotation about the ring's axis moves with the least change of the quaternion (docs/energy.md).
  DragStatus startLocal(const std::string& node, const Vec3d& local);
  // Moves the target and solves to rest: where the way there turns a part by more than
  // maxTurnPerMove, in bounded turns one after the other (a continuation in turns).
  DragStatus moveTo(const Vec3d& target);
  // One bounded step of that: the move stops at maxTurnPerMove, short of rest
  // (status().settling) when the minimizer lies farther; settle() goes on from there. The window
  // moves this way, one bounded turn per frame (session/part_drag.h).
  DragStatus moveToward(const Vec3d& target);
  // Goes on toward the last target after a move that stopped at the turn limit (status().settling),
  // by at most maxTurnPerMove; does nothing when the drag is at rest.
  DragStatus settle();
  // After moveTo(target): lands the picked point on the target exactly. The anchor ε|ΔΨ|²_M that
  // keeps a drag the smallest change from its start also holds the point short of the target by
  // about ε·M/|∂P/∂Ψ|² of the way (5e-5 for a grip on a part's size); re-anchored at the state
  // reached, each further solve shrinks that gap by the same factor (a proximal-point iteration),
  // so two leave it below 1e-9. For a target on a grid step (Ctrl), which must be met exactly;
  // a plain drag keeps its start's anchor, so that it stays reversible.
  DragStatus landOn(const Vec3d& target);
  DragStatus end();
  const DragStatus& status() const { return status_; }
  Vec3d pointPosition() const;
  // E_user now (section 2): the spring's weighted energy |P − X_target|² between the picked
  // point and the target; 0 when no drag is active.
  double userEnergy() const;
  // The drag's subspace of Ψ (valid after a start() that was not refused early).
  const DragSpace& space() const { return space_; }
  // Names of the scene's constraints the drag treats as loads (unmet at a solved start).
  std::vector<std::string> loads() const;
  // The metric's weight m_k and kind of every column of space() (valid after start()).
  const DragMetric& metric() const { return metric_; }

 private:
  DragStatus start(const LeafPoint& point);
  // Minimizes toward `target` from the current Ψ; false when it stopped at the turn limit.
  bool solveSubstep(const Vec3d& target);
  void project();
  double constraintEnergy() const;
  bool pointIsHeldFixed(std::string& why) const;
  void updateChangedDrives();
  std::vector<int> relevantParameters() const;
  void addPins();
  Eigen::VectorXd columnValues() const;
  void setColumnValues(const Eigen::VectorXd& values);
  bool retrace(const Vec3d& target);
  void recordTrail(const Vec3d& target);

  Scene& scene_;
  EnergySettings settings_;
  DragOptions options_;
  double time_;
  UserSpringTerm spring_;
  // The followers' springs and where their points were at the start; the hand's point then.
  std::vector<std::unique_ptr<UserSpringTerm>> followerSprings_;
  std::vector<Vec3d> followerStarts_;
  Vec3d grabStart_;
  void addFollowers(const Eigen::VectorXd& psi);
  DragSpace space_;
  std::vector<const EnergyConstraint*> terms_;  // the scene's active constraints
  std::vector<bool> held_;                      // parallel to terms_: held (W) or load
  std::vector<std::unique_ptr<AttachPointTerm>> pinTerms_;  // a grip's pins, among terms_
  std::unique_ptr<EnergyProblem> dragProblem_;     // held·W + loads + spring, over the columns
  std::unique_ptr<EnergyProblem> heldProblem_;     // held constraints only (projection)
  // Their normal equations' factorizations, analysed once per pattern for the whole drag.
  PatternKeptLdlt dragFactor_, heldFactor_;
  Eigen::VectorXd anchor_;                      // Ψ at drag start on the columns
  Eigen::VectorXd psiStart_;
  // The state after each move (targets and the drag's columns), oldest first; bounded by
  // kTrailBytes, the oldest dropped first (a retrace then stops unwinding there).
  struct TrailEntry {
    Vec3d target;
    Eigen::VectorXd columns;
    bool settling = false;  // recorded short of the minimizer (the move hit the turn limit)
  };
  std::deque<TrailEntry> trail_;
  DragMetric metric_;
  TurnWatch turnWatch_;
  bool pointHasMoved_ = false;  // some move of this drag has moved the picked point
  DragStatus status_;
};

}  // namespace flexure
