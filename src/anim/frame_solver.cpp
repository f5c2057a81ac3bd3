#include "flexure/anim/frame_solver.h"

#include <algorithm>
#include <chrono>

#include "flexure/anim/timeline_settings.h"
#include "flexure/anim/track_binding.h"
#include "flexure/core/scene.h"

namespace flexure {

nlohmann::json FrameStats::toJson(bool withReports) const {
  nlohmann::json j;
  j["frame"] = frame;
  j["time"] = time;
  j["iterations"] = iterations;
  j["energy"] = energy;
  j["max_violation"] = maxViolation;
  j["converged"] = converged;
  j["seconds"] = seconds;
  if (cancelled) j["cancelled"] = true;
  if (withReports) {
    nlohmann::json r = nlohmann::json::array();
    for (const SolveReport& report : reports) r.push_back(report.toJson());
    j["solvers"] = r;
  }
  return j;
}

FrameSolver::FrameSolver(const SolverRegistry& registry) : registry_(registry) {}

const std::vector<std::string_view>& FrameSolver::familyOrder() {
  static const std::vector<std::string_view> order{"rigid", "energy", "curves", "deform"};
  return order;
}

std::vector<const FamilySolver*> FrameSolver::applicableSolvers(const Scene& scene) const {
  std::vector<const FamilySolver*> out;
  for (std::string_view family : familyOrder())
    if (const FamilySolver* s = registry_.find(family); s && s->appliesTo(scene)) out.push_back(s);
  for (const auto& s : registry_.solvers()) {
    const auto& order = familyOrder();
    if (std::find(order.begin(), order.end(), s->family()) == order.end() && s->appliesTo(scene)) out.push_back(s.get());
  }
  return out;
}

namespace {

// Freezes the keyed entries of Ψ for the duration of a frame and restores the user's flags.
class KeyedParametersHeld {
 public:
  KeyedParametersHeld(ParameterTable& psi, const std::vector<int>& keyed) : psi_(psi), keyed_(keyed) {
    for (int i : keyed_) {
      wasFrozen_.push_back(psi_.isFrozen(i));
      psi_.setFrozen(i, true);
    }
  }
  ~KeyedParametersHeld() {
    for (std::size_t k = 0; k < keyed_.size(); ++k) psi_.setFrozen(keyed_[k], wasFrozen_[k]);
  }
  KeyedParametersHeld(const KeyedParametersHeld&) = delete;
  KeyedParametersHeld& operator=(const KeyedParametersHeld&) = delete;

 private:
  ParameterTable& psi_;
  const std::vector<int>& keyed_;
  std::vector<bool> wasFrozen_;
};

// Disables, for the duration of a frame, the constraints whose active interval does not contain
// the frame's time, and restores their flags. FamilySolver::solve has no time argument, so this
// is how assembly at the start frame sees only the constraints active then; for advance it
// makes the interval rule hold even for a solver that does not check intervals itself.
class InactiveConstraintsHeld {
 public:
  InactiveConstraintsHeld(Scene& scene, double t) : scene_(scene) {
    for (std::size_t i = 0; i < scene_.constraints.size(); ++i) {
      Constraint& c = *scene_.constraints[i];
      if (c.enabled && !c.active.contains(t)) {
        c.enabled = false;
        disabled_.push_back(i);
      }
    }
  }
  ~InactiveConstraintsHeld() {
    for (std::size_t i : disabled_)
      if (i < scene_.constraints.size()) scene_.constraints[i]->enabled = true;
  }
  InactiveConstraintsHeld(const InactiveConstraintsHeld&) = delete;
  InactiveConstraintsHeld& operator=(const InactiveConstraintsHeld&) = delete;

 private:
  Scene& scene_;
  std::vector<std::size_t> disabled_;
};

}  // namespace

FrameStats FrameSolver::solveFrame(Scene& scene, const TrackBinding& binding, const TimelineSettings& timeline, int frame,
                                   bool first, const std::atomic<bool>* cancel, SolveOptions options) const {
  const auto start = std::chrono::steady_clock::now();
  FrameStats stats;
  stats.frame = frame;
  stats.time = timeline.timeOfFrame(frame);
  options.cancel = cancel;
  const double t0 = timeline.timeOfFrame(frame - 1), t1 = stats.time;

  binding.apply(scene, t1);
  {
    KeyedParametersHeld held(scene.parameters(), binding.keyedParameters());
    InactiveConstraintsHeld inactive(scene, t1);
    for (const FamilySolver* solver : applicableSolvers(scene)) {
      if (cancel && cancel->load()) {
        stats.cancelled = true;
        break;
      }
      SolveReport r = first ? solver->solve(scene, options) : solver->advance(scene, t0, t1, options);
      stats.iterations += r.iterations;
      stats.energy += r.energy;
      stats.maxViolation = std::max(stats.maxViolation, r.maxViolation);
      stats.converged = stats.converged && r.converged;
      stats.reports.push_back(std::move(r));
    }
  }
  if (cancel && cancel->load()) stats.cancelled = true;
  if (stats.cancelled) stats.converged = false;
  stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return stats;
}

}  // namespace flexure
