// The solver thread's state machine (session_worker.h).
#include "session_worker.h"

#include <cmath>
#include <exception>

#include "flexure/core/solver_registry.h"
#include "flexure/energy/energy_settings.h"

namespace flexure::session {

namespace {

template <class... F>
struct Overloaded : F... {
  using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

// The figure the rollback rule watches for a family: the energy for the energy solver, the
// largest constraint violation for the others.
double measureOf(const SolveReport& report) {
  return report.family == "energy" ? report.energy : report.maxViolation;
}

}  // namespace

SessionWorker::SessionWorker(std::unique_ptr<Scene> scene, SessionOptions options)
    : scene_(std::move(scene)), options_(std::move(options)) {
  running_ = options_.startRunning;
  lastGood_ = scene_->parameters().values();
}

SessionWorker::~SessionWorker() {
  drag_.reset();  // before the scene it refers to
  energy_.reset();
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
  energy_.reset();
  converged_ = false;
  lastMeasure_.clear();
}

void SessionWorker::apply(StructureChanged& c) {
  if (!c.scene) return;
  // A drag survives a structure change: it restarts on the new copy at the same point, if the
  // picked node still exists (its undo step then starts from the new structure).
  const bool dragging = drag_ != nullptr;
  drag_.reset();
  energy_.reset();
  scene_ = std::move(c.scene);
  ++structureVersion_;
  if (scene_->parameters().values().allFinite()) lastGood_ = scene_->parameters().values();
  changed();
  if (!dragging) return;
  if (scene_->find(dragNode_) == nullptr) {
    finishDrag(true, "drag ended: '" + dragNode_ + "' no longer exists");
    return;
  }
  startDrag(dragNode_, dragPoint_, dragTarget_);
}

void SessionWorker::apply(const ParameterEdited& c) {
  ParameterTable& psi = scene_->parameters();
  if (c.index < 0 || c.index >= psi.size()) return;
  psi.setValue(c.index, c.value);
  changed();
}

void SessionWorker::startDrag(const std::string& node, const SurfacePoint& point, const Vec3d& target) {
  dragNode_ = node;
  dragPoint_ = point;
  dragTarget_ = target;
  psiBeforeDrag_ = scene_->parameters().values();
  drag_ = makePartDrag(*scene_, node, time_);
  if (!drag_) {
    dragStatus_ = {true, "pinned: no node named '" + node + "'", target};
    return;
  }
  try {
    dragStatus_ = drag_->begin(node, point, target);
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
    if (family != "energy") point.maxViolation = std::max(point.maxViolation, report.maxViolation);
  history_.push_back(point);
  while (history_.size() > options_.historyLength) history_.pop_front();
}

void SessionWorker::apply(const DragStart& c) {
  if (drag_) finishDrag(dragStatus_.pinned, dragStatus_.reason);
  startDrag(c.node, c.point, c.target);
  if (!dragStatus_.pinned) accept();
}

void SessionWorker::apply(const DragMove& c) {
  if (!drag_) return;
  dragTarget_ = c.target;
  if (dragStatus_.pinned) return;
  try {
    dragStatus_ = drag_->move(c.target);
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
  pendingOutcome_ = std::move(outcome);
  changed();
}

void SessionWorker::apply(const DragEnd&) {
  if (drag_) finishDrag(dragStatus_.pinned, dragStatus_.reason);
}

void SessionWorker::apply(const TimeChanged& c) {
  if (c.time == time_) return;
  if (c.advance && !advanceFrom_) advanceFrom_ = time_;
  if (!c.advance) advanceFrom_.reset();  // a jump cancels an advance not yet run
  time_ = c.time;
  changed();
}

bool SessionWorker::hasWork() const {
  if (advanceFrom_) return true;
  if (stepsLeft_ > 0) return true;
  if (converged_) return false;
  return running_ || (drag_ && drag_->needsSolverSteps() && !dragStatus_.pinned);
}

EnergySettings SessionWorker::energySettings() const {
  EnergySettings settings;
  if (const auto* stored = scene_->settings.tryGet<EnergySettings>()) settings = *stored;
  if (method_ != "default") settings.method = method_;
  if (tolerance_) settings.gradientTolerance = *tolerance_;
  return settings;
}

// One iteration of the energy solver's stepwise API (energy_solver.h); returns the energy.
double SessionWorker::stepEnergyFamily() {
  if (!energy_) {
    energy_ = std::make_unique<EnergySolver>(*scene_, energySettings(), time_);
    energy_->init();
  }
  energy_->step();
  return energy_->state().energy;
}

// One bounded solve (or, after a TimeChanged, one advance) of a family without a stepwise API.
SolveReport SessionWorker::stepOtherFamily(const FamilySolver& solver) {
  SolveOptions opts;
  opts.method = method_;
  if (tolerance_) opts.tolerance = *tolerance_;
  if (auto it = options_.iterationBudget.find(std::string(solver.family())); it != options_.iterationBudget.end())
    opts.maxIterations = it->second;
  if (advanceFrom_) return solver.advance(*scene_, *advanceFrom_, time_, opts);
  return solver.solve(*scene_, opts);
}

void SessionWorker::step() {
  const auto t0 = std::chrono::steady_clock::now();
  const bool energyDrag = drag_ && !drag_->needsSolverSteps() && !dragStatus_.pinned;
  bool allConverged = true;
  long long iterations = 0;
  std::optional<std::string> failure;
  try {
    for (const auto& solver : SolverRegistry::instance().solvers()) {
      if (!solver->appliesTo(*scene_)) continue;
      const std::string family(solver->family());
      if (family == "energy" && energyDrag) continue;  // the drag solves the energy itself
      const double before = lastMeasure_.count(family) ? lastMeasure_[family] : 0.0;
      SolveReport report;
      if (family == "energy" && !advanceFrom_) {
        stepEnergyFamily();
        report = energy_->report();
        report.converged = report.converged || energy_->state().finished;
        report.iterations = 1;
      } else {
        report = stepOtherFamily(*solver);
      }
      report.family = family;
      iterations += std::max(1, report.iterations);
      const double after = measureOf(report);
      failure = options_.guard.check(scene_->parameters().values(), before, after);
      if (failure) break;
      lastMeasure_[family] = after;
      allConverged = allConverged && report.converged;
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
  HistoryPoint point{iterations_, 0.0, 0.0};
  for (const auto& [family, report] : reports_) {
    if (family == "energy") point.energy = report.energy;
    point.maxViolation = std::max(point.maxViolation, report.maxViolation);
  }
  if (energyDrag && dragStatus_.hasEnergy) {  // the energy report is from before the drag
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
  energy_.reset();
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
