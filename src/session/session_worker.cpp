// The solver thread's state machine (session_worker.h).
#include "session_worker.h"

#include "flexure/session/part_drag_registry.h"

#include <cmath>
#include <exception>

#include "flexure/core/solver_registry.h"

namespace flexure::session {

namespace {
// One bounded turn of a settling drag per display frame (60 Hz).
constexpr std::chrono::milliseconds kSettleInterval{16};
}  // namespace

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// The figure the rollback rule watches for a family: the energy of a solver that minimizes one,
// the largest constraint violation for the others.
double measureOf(const FamilySolver& solver, const SolveReport& report) {
  return solver.minimizesEnergy() ? report.energy : report.maxViolation;
}

bool minimizesEnergy(std::string_view family) {
  const FamilySolver* solver = SolverRegistry::instance().find(family);
  return solver != nullptr && solver->minimizesEnergy();
}

}  // namespace

SessionWorker::SessionWorker(std::unique_ptr<Scene> scene, SessionOptions options)
    : scene_(std::move(scene)), options_(std::move(options)) {
  running_ = options_.startRunning;
  lastGood_ = scene_->parameters().values();
}

SessionWorker::~SessionWorker() {
  drag_.reset();  // before the scene it refers to
  steppers_.clear();
}

bool SessionWorker::apply(SessionCommand& command) {
  bool keepGoing = true;
  std::visit(Overloaded{
                 [&](StructureChanged& c) { apply(c); },
                 [&](const ParameterEdited& c) { apply(c); },
                 [&](const DragStart& c) { apply(c); },
                 [&](const DragMove& c) { apply(c); },
                 [&](const DragEnd& c) { apply(c); },
                 [&](const Run&) { running_ = true; stepsLeft_ = 0; converged_ = false; consecutiveRollbacks_ = 0; },
                 [&](const Pause&) { running_ = false; stepsLeft_ = 0; },
                 [&](const Step& c) { running_ = false; stepsLeft_ = c.count; converged_ = false; },
                 [&](const SetMethod& c) { method_ = c.method; changed(); },
                 [&](const SetTolerance& c) { tolerance_ = c.tolerance; changed(); },
                 [&](const TimeChanged& c) { apply(c); },
                 [&](const Shutdown&) { keepGoing = false; },
             },
             command);
  return keepGoing;
}

void SessionWorker::changed() {
  steppers_.clear();
  converged_ = false;
  lastMeasure_.clear();
}

void SessionWorker::apply(StructureChanged& c) {
  if (!c.scene) return;
  // A drag survives a structure change: it restarts on the new copy at the same point, if the
  // picked node still exists (its undo step then starts from the new structure).
  const bool dragging = drag_ != nullptr;
  drag_.reset();
  steppers_.clear();
  scene_ = std::move(c.scene);
  ++structureVersion_;
  if (scene_->parameters().values().allFinite()) lastGood_ = scene_->parameters().values();
  changed();
  if (!dragging) return;
  if (scene_->find(dragNode_) == nullptr) {
    finishDrag(true, "drag ended: '" + dragNode_ + "' no longer exists");
    return;
  }
  startDrag(dragStart_, dragTarget_);
}

void SessionWorker::apply(const ParameterEdited& c) {
  ++valueEditsApplied_;
  ParameterTable& psi = scene_->parameters();
  if (c.index < 0 || c.index >= psi.size()) return;
  psi.setValue(c.index, c.value);
  changed();
}

PartDragStatus SessionWorker::beginDrag(const DragStart& start, DragMode mode, const Vec3d& target) {
  drag_->setMode(mode);
  if (!drag_->setOnly(start.only))
    return {true, "pinned: a " + std::string(drag_->kindName()) + " drag cannot be narrowed to '" + start.only + "'",
            target};
  return start.local ? drag_->beginLocal(start.node, *start.local, target) : drag_->begin(start.node, start.point, target);
}

// The drag of `start`: a grip's by the first technique that can change a part's own sizes (its
// factory may not be the first for the node: a part under a solid is still sized by the
// energy drag), any other by the first that takes the node.
std::unique_ptr<PartDrag> SessionWorker::makeDrag(const DragStart& start) {
  if (start.gripParameters.empty() && !start.pin) {
    std::unique_ptr<PartDrag> drag = makePartDrag(*scene_, start.node, time_);
    if (drag && !start.followers.empty()) drag->setFollowers(start.followers);  // else the picked part alone
    return drag;
  }
  Node* node = scene_->find(start.node);
  if (node == nullptr) return nullptr;
  std::vector<SurfacePoint> pins;
  if (start.pin) pins.push_back(*start.pin);
  return PartDragRegistry::instance().makeAccepting(*scene_, *node, time_,
                                                     [&](PartDrag& drag) { return drag.setGrip(start.gripParameters, pins); });
}

void SessionWorker::startDrag(const DragStart& start, const Vec3d& target) {
  const std::string& node = start.node;
  const DragMode mode = start.mode;
  dragNode_ = node;
  dragStart_ = start;
  dragTarget_ = target;
  psiBeforeDrag_ = scene_->parameters().values();
  drag_ = makeDrag(start);
  if (!drag_) {
    dragStatus_ = {true,
                   scene_->find(node) ? "pinned: no technique drags '" + node + "' this way"
                                      : "pinned: no node named '" + node + "'",
                   target};
    return;
  }
  try {
    dragStatus_ = beginDrag(start, mode == DragMode::PreferMove ? DragMode::Move : mode, target);
    if (mode == DragMode::PreferMove && dragStatus_.pinned) {
      // The placement is held: drag in the whole of Ψ instead (drag_mode.h), on a fresh drag
      // over the untouched working copy.
      drag_->end();
      scene_->parameters().values() = psiBeforeDrag_;
      drag_ = makeDrag(start);
      dragStatus_ = beginDrag(start, DragMode::Free, target);
    }
  } catch (const std::exception& e) {
    dragStatus_ = {true, std::string("pinned: ") + e.what(), target};
  }
  if (!dragStatus_.pinned) recordDragPoint();
  changed();
}

// An energy drag solves in move() (no solver steps run for it): each move is one point of the
// history, with the constraints' E after the projection and the spring's E_user beside it.
void SessionWorker::recordDragPoint() {
  if (!dragStatus_.hasEnergy) return;
  HistoryPoint point{++iterations_, dragStatus_.constraintEnergy, 0.0, drag_ ? dragStatus_.userEnergy : 0.0};
  for (const auto& [family, report] : reports_)
    if (!minimizesEnergy(family)) point.maxViolation = std::max(point.maxViolation, report.maxViolation);
  history_.push_back(point);
  while (history_.size() > options_.historyLength) history_.pop_front();
}

void SessionWorker::apply(const DragStart& c) {
  if (drag_) finishDrag(dragStatus_.pinned, dragStatus_.reason);
  startDrag(c, c.target);
  if (!dragStatus_.pinned) accept();
}

void SessionWorker::apply(const DragMove& c) {
  if (!drag_) return;
  dragTarget_ = c.target;
  dragMoveSentAt_ = c.sentAt;
  if (c.only && *c.only != dragStart_.only) {
    // Narrowed anew (Ctrl pressed or let go): the drag starts again from where it is, toward the
    // target, and stays one drag — its undo step still begins where the first start was.
    DragStart narrowed = dragStart_;
    narrowed.only = *c.only;
    const Eigen::VectorXd before = psiBeforeDrag_;
    drag_->end();
    startDrag(narrowed, c.target);
    psiBeforeDrag_ = before;
    if (!dragStatus_.pinned) accept();
    return;
  }
  if (dragStatus_.pinned) return;
  try {
    dragStatus_ = c.exact ? drag_->moveExactly(c.target) : drag_->move(c.target);
    settleDue_ = std::chrono::steady_clock::now() + kSettleInterval;
    pacedSteps_ = false;  // a move is answered at once; the bounded turns after it, one a frame
  } catch (const std::exception& e) {
    rollBack(std::string("drag step failed: ") + e.what());
    return;
  }
  // A drag that solves in move() is checked like a solver step.
  const Eigen::VectorXd& psi = scene_->parameters().values();
  if (auto why = options_.guard.check(psi, 0.0, 0.0)) {
    rollBack(*why);
    return;
  }
  if (!drag_->needsSolverSteps()) accept();
  recordDragPoint();
  changed();
}

void SessionWorker::finishDrag(bool pinned, const std::string& message) {
  auto outcome = std::make_shared<DragOutcome>();
  outcome->sequence = ++dragSequence_;
  outcome->node = dragNode_;
  outcome->psiBefore = psiBeforeDrag_;
  if (drag_) {
    try {
      dragStatus_ = drag_->end();
    } catch (const std::exception& e) {
      dragStatus_.reason = std::string("drag end failed: ") + e.what();
    }
  }
  drag_.reset();
  if (!scene_->parameters().values().allFinite()) rollBack("drag left a non-finite parameter");
  if (!pinned) recordDragPoint();  // E_user is gone: the drag's energy falls back
  outcome->psiAfter = scene_->parameters().values();
  outcome->pinned = pinned;
  outcome->message = message;
  outcome->changedDrives = dragStatus_.changedDrives;
  pendingOutcome_ = std::move(outcome);
  changed();
}

void SessionWorker::apply(const DragEnd& c) {
  if (!drag_) return;
  if (c.cancel) {
    try {
      drag_->end();
    } catch (const std::exception&) {
      // the values are put back below whatever the drag's end did
    }
    drag_.reset();
    scene_->parameters().values() = psiBeforeDrag_;
    accept();
  }
  finishDrag(dragStatus_.pinned, dragStatus_.reason);
}

void SessionWorker::apply(const TimeChanged& c) {
  if (c.time == time_) return;
  if (c.advance && !advanceFrom_) advanceFrom_ = time_;
  if (!c.advance) advanceFrom_.reset();  // a jump cancels an advance not yet run
  time_ = c.time;
  changed();
}

std::optional<std::chrono::steady_clock::time_point> SessionWorker::nextWorkAt() const {
  if (drag_ && dragStatus_.settling && !dragStatus_.pinned) return settleDue_;
  if (drag_ && pacedSteps_) return settleDue_;
  return std::nullopt;
}

bool SessionWorker::hasWork() const {
  if (advanceFrom_) return true;
  if (drag_ && dragStatus_.settling && !dragStatus_.pinned && std::chrono::steady_clock::now() >= settleDue_)
    return true;
  if (stepsLeft_ > 0) return true;
  if (converged_) return false;
  // A solver-stepped drag at its bounded turn pulls on one turn a frame, as a settling one does.
  if (drag_ && pacedSteps_ && std::chrono::steady_clock::now() < settleDue_) return false;
  return running_ || (drag_ && drag_->needsSolverSteps() && !dragStatus_.pinned);
}

SolveOptions SessionWorker::solveOptions() const {
  SolveOptions options;
  options.method = method_;
  if (tolerance_) options.tolerance = *tolerance_;
  return options;
}

// One iteration of a family's stepwise solver when it has one (and no advance is due), else
// one bounded solve (or, after a TimeChanged, one advance).
SolveReport SessionWorker::stepFamily(const FamilySolver& solver) {
  const std::string family(solver.family());
  if (!advanceFrom_) {
    auto it = steppers_.find(family);
    if (it == steppers_.end()) it = steppers_.emplace(family, solver.makeStepper(*scene_, solveOptions(), time_)).first;
    if (FamilyStepper* stepper = it->second.get()) {
      stepper->step();
      SolveReport report = stepper->report();
      report.iterations = 1;
      return report;
    }
  }
  SolveOptions opts = solveOptions();
  if (auto it = options_.iterationBudget.find(family); it != options_.iterationBudget.end())
    opts.maxIterations = it->second;
  if (advanceFrom_) return solver.advance(*scene_, *advanceFrom_, time_, opts);
  return solver.solve(*scene_, opts);
}

void SessionWorker::step() {
  const auto t0 = std::chrono::steady_clock::now();
  // A drag that solves a family itself (the energy spring) stands in for that family's steps.
  const bool solvingDrag = drag_ && !drag_->needsSolverSteps() && !dragStatus_.pinned;
  const std::string_view dragFamily = solvingDrag ? drag_->solvesFamily() : std::string_view();
  bool allConverged = true;
  bool paced = false;
  long long iterations = 0;
  std::optional<std::string> failure;
  try {
    if (solvingDrag && dragStatus_.settling && t0 >= settleDue_) {
      // A move stopped at the turn bound: the drag swings on toward the mouse, one bounded turn
      // per step (energy/drag.h), in place of its family's step.
      dragStatus_ = drag_->settle();
      settleDue_ = t0 + kSettleInterval;
      iterations += 1;
      failure = options_.guard.check(scene_->parameters().values(), 0.0, 0.0);
      allConverged = !dragStatus_.settling;
    }
    for (const auto& solver : SolverRegistry::instance().solvers()) {
      if (!solver->appliesTo(*scene_)) continue;
      const std::string family(solver->family());
      if (failure) break;
      if (!dragFamily.empty() && family == dragFamily) continue;  // the drag solves it itself
      const double before = lastMeasure_.count(family) ? lastMeasure_[family] : 0.0;
      SolveReport report = stepFamily(*solver);
      report.family = family;
      iterations += std::max(1, report.iterations);
      const double after = measureOf(*solver, report);
      failure = options_.guard.check(scene_->parameters().values(), before, after);
      if (failure) break;
      lastMeasure_[family] = after;
      allConverged = allConverged && report.converged;
      paced = paced || report.paced;
      record(report);
    }
  } catch (const std::exception& e) {
    failure = std::string("solver step failed: ") + e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (seconds > 0.0) {
    const double rate = static_cast<double>(iterations) / seconds;
    iterationsPerSecond_ = iterationsPerSecond_ == 0.0 ? rate : 0.8 * iterationsPerSecond_ + 0.2 * rate;
  }
  iterations_ += iterations;
  advanceFrom_.reset();
  if (stepsLeft_ > 0) --stepsLeft_;
  if (failure) {
    rollBack(*failure);
    return;
  }
  accept();
  converged_ = allConverged;
  pacedSteps_ = paced && drag_ != nullptr;
  if (pacedSteps_) settleDue_ = t0 + kSettleInterval;
  HistoryPoint point{iterations_, 0.0, 0.0};
  for (const auto& [family, report] : reports_) {
    if (minimizesEnergy(family)) point.energy = report.energy;
    point.maxViolation = std::max(point.maxViolation, report.maxViolation);
  }
  if (solvingDrag && dragStatus_.hasEnergy) {  // the energy report is from before the drag
    point.energy = dragStatus_.constraintEnergy;
    point.dragEnergy = dragStatus_.userEnergy;
  }
  history_.push_back(point);
  while (history_.size() > options_.historyLength) history_.pop_front();
}

void SessionWorker::record(const SolveReport& report) { reports_[report.family] = report; }

void SessionWorker::accept() {
  lastGood_ = scene_->parameters().values();
  consecutiveRollbacks_ = 0;
}

void SessionWorker::rollBack(const std::string& why) {
  scene_->parameters().values() = lastGood_;
  rolledBack_ = true;
  ++rollbackCount_;
  rollbackMessage_ = "rolled back: " + why;
  steppers_.clear();
  lastMeasure_.clear();
  converged_ = false;
  if (++consecutiveRollbacks_ >= options_.maxConsecutiveRollbacks) {
    running_ = false;  // the last good state itself fails: stop retrying, the user decides
    stepsLeft_ = 0;
    converged_ = true;
  }
}

std::shared_ptr<const SessionResult> SessionWorker::result() {
  if (!scene_->parameters().values().allFinite()) rollBack("non-finite parameter");
  auto r = std::make_shared<SessionResult>();
  r->sequence = ++sequence_;
  r->structureVersion = structureVersion_;
  r->valueEditsApplied = valueEditsApplied_;
  if (drag_) r->dragMoveSentAt = dragMoveSentAt_;
  r->psi = scene_->parameters().values();
  for (const auto& [family, report] : reports_) r->reports.push_back(report);
  r->history.assign(history_.begin(), history_.end());
  r->iterationsPerSecond = iterationsPerSecond_;
  r->totalIterations = iterations_;
  r->converged = converged_;
  r->activity = drag_ ? SessionActivity::Dragging
                      : stepsLeft_ > 0 ? SessionActivity::Stepping
                                       : (running_ && !converged_) ? SessionActivity::Running : SessionActivity::Idle;
  r->rolledBack = rolledBack_;
  r->rollbackCount = rollbackCount_;
  r->rollbackMessage = rollbackMessage_;
  rolledBack_ = false;
  if (drag_) {
    r->dragPinned = dragStatus_.pinned;
    r->dragMessage = dragStatus_.reason;
    if (!dragStatus_.pinned && dragStatus_.hasEnergy) r->dragEnergy = dragStatus_.userEnergy;
  }
  r->time = time_;
  return r;
}

std::shared_ptr<const DragOutcome> SessionWorker::takeDragOutcome() { return std::exchange(pendingOutcome_, nullptr); }

}  // namespace flexure::session
