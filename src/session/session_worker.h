#pragma once
// The solver thread's state machine (private to the session library): applies commands to the
// working copy, runs one bounded step of every family solver that applies, checks each step
// against the rollback rule, and builds the results the session publishes. Used only from
// the solver thread.
#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "flexure/core/scene.h"
#include "flexure/core/solver_registry.h"
#include "flexure/session/part_drag.h"
#include "flexure/session/session_command.h"
#include "flexure/session/session_options.h"
#include "flexure/session/session_result.h"

namespace flexure::session {

class SessionWorker {
 public:
  SessionWorker(std::unique_ptr<Scene> scene, SessionOptions options);
  ~SessionWorker();

  // Applies one command; returns false for Shutdown.
  bool apply(SessionCommand& command);
  // Whether a step should run now (otherwise the thread sleeps until a command arrives, or until
  // nextWorkAt()).
  bool hasWork() const;
  // When work not due yet will be: a settling drag turns on by one bounded turn per frame
  // interval (kSettleInterval), so a part that swings over to where the hand asks is seen to
  // swing, not to jump (energy/drag.h). nullopt: nothing is waiting.
  std::optional<std::chrono::steady_clock::time_point> nextWorkAt() const;
  // One bounded step of every applicable family; rolls back if the step breaks the rule.
  void step();
  // The result to publish now (Ψ guaranteed finite).
  std::shared_ptr<const SessionResult> result();
  // The outcome of a drag that finished since the last call, if any.
  std::shared_ptr<const DragOutcome> takeDragOutcome();

 private:
  void apply(StructureChanged& c);
  void apply(const ParameterEdited& c);
  void apply(const DragStart& c);
  void apply(const DragMove& c);
  void apply(const DragEnd& c);
  void apply(const TimeChanged& c);
  void changed();  // Ψ or structure changed: solvers restart from the current state
  std::unique_ptr<PartDrag> makeDrag(const DragStart& start);
  // Starts `start` with the mouse at `target` (the start's own target, or the last one).
  void startDrag(const DragStart& start, const Vec3d& target);
  // begin() or beginLocal() of drag_ as `start` asks, narrowed to start.only.
  PartDragStatus beginDrag(const DragStart& start, DragMode mode, const Vec3d& target);
  void finishDrag(bool pinned, const std::string& message);
  void recordDragPoint();
  SolveReport stepFamily(const FamilySolver& solver);
  SolveOptions solveOptions() const;
  void rollBack(const std::string& why);
  void accept();
  void record(const SolveReport& report);

  std::unique_ptr<Scene> scene_;
  SessionOptions options_;
  std::uint64_t structureVersion_ = 0;
  std::uint64_t valueEditsApplied_ = 0;
  std::uint64_t sequence_ = 0;

  // Solving mode.
  bool running_ = true;
  int stepsLeft_ = 0;
  bool converged_ = false;
  std::string method_ = "default";
  std::optional<double> tolerance_;
  double time_ = 0.0;
  std::optional<double> advanceFrom_;  // a TimeChanged not yet advanced to

  // The stepwise solvers of the families that have one (FamilySolver::makeStepper), by family;
  // restarted after every change. A family without one solves in bounded calls.
  std::map<std::string, std::unique_ptr<FamilyStepper>, std::less<>> steppers_;

  // Drag in progress.
  std::unique_ptr<PartDrag> drag_;
  std::string dragNode_;
  DragStart dragStart_;  // the command that started it: a structure change restarts it
  Vec3d dragTarget_;
  std::chrono::steady_clock::time_point dragMoveSentAt_{};  // of the newest move applied
  Eigen::VectorXd psiBeforeDrag_;
  PartDragStatus dragStatus_;
  std::chrono::steady_clock::time_point settleDue_{};  // the next bounded turn of a settling drag
  bool pacedSteps_ = false;  // the last step's solver stopped at a drag's bounded turn (SolveReport::paced)
  std::uint64_t dragSequence_ = 0;
  std::shared_ptr<const DragOutcome> pendingOutcome_;

  // Numerical safety.
  Eigen::VectorXd lastGood_;
  std::map<std::string, double> lastMeasure_;  // per family: energy or max violation
  bool rolledBack_ = false;
  std::uint64_t rollbackCount_ = 0;
  std::string rollbackMessage_;
  int consecutiveRollbacks_ = 0;

  // Statistics.
  std::map<std::string, SolveReport> reports_;
  std::deque<HistoryPoint> history_;
  long long iterations_ = 0;
  double iterationsPerSecond_ = 0.0;
};

}  // namespace flexure::session
