#include "flexure/energy/energy_solver.h"

#include <algorithm>
#include <stdexcept>

#include "flexure/core/scene.h"
#include "flexure/energy/paper_euler.h"
#include "flexure/energy/trust_region_lm.h"

namespace flexure {

std::unique_ptr<SolverMethod> makeSolverMethod(const EnergySettings& settings) {
  if (settings.method == "default") return std::make_unique<TrustRegionLM>(settings);
  if (settings.method == "paper") return std::make_unique<PaperEuler>(settings);
  throw std::invalid_argument("unknown energy solver method '" + settings.method + "' (default, paper)");
}

EnergySolver::EnergySolver(Scene& scene, EnergySettings settings, double time)
    : scene_(scene), settings_(std::move(settings)), time_(time) {}

EnergySolver::~EnergySolver() = default;

void EnergySolver::addTerm(const EnergyConstraint* term, double weightScale) {
  if (std::find(extra_.begin(), extra_.end(), term) != extra_.end()) return;
  extra_.push_back(term);
  extraScale_.push_back(weightScale);
}

void EnergySolver::removeTerm(const EnergyConstraint* term) {
  auto it = std::find(extra_.begin(), extra_.end(), term);
  if (it == extra_.end()) return;
  extraScale_.erase(extraScale_.begin() + (it - extra_.begin()));
  extra_.erase(it);
}

int EnergySolver::maxIterations() const {
  return settings_.method == "paper" ? settings_.paperMaxIterations : settings_.maxIterations;
}

void EnergySolver::init() {
  std::vector<const EnergyConstraint*> terms;
  if (useScene_) terms = EnergyProblem::activeTerms(scene_, time_);
  std::vector<double> scales(terms.size(), sceneScale_);
  terms.insert(terms.end(), extra_.begin(), extra_.end());
  scales.insert(scales.end(), extraScale_.begin(), extraScale_.end());
  problem_ = std::make_unique<EnergyProblem>(scene_, std::move(terms), std::move(scales));
  method_ = makeSolverMethod(settings_);
  state_ = SolverState{};
  state_.psi = scene_.parameters().values();
  problem_->projectToBounds(state_.psi);
  const auto t0 = std::chrono::steady_clock::now();
  method_->start(*problem_, state_.psi);
  state_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  state_.energy = problem_->uncountedEnergy(state_.psi);
  state_.phase = method_->phase();
  state_.evaluations = problem_->evaluations();
  scene_.parameters().values() = state_.psi;
}

bool EnergySolver::step() {
  if (!problem_) init();
  if (state_.finished) return false;
  const auto t0 = std::chrono::steady_clock::now();
  const Eigen::VectorXd before = state_.psi;
  StepOutcome out = method_->step(*problem_, state_.psi);
  // Last line of defence: a method must never leave Ψ non-finite.
  if (!state_.psi.allFinite()) {
    state_.psi = before;
    out.rolledBack = true;
  }
  state_.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  ++state_.iterations;
  state_.energy = out.energy;
  state_.gradientNorm = out.gradientNorm;
  state_.rolledBack = state_.rolledBack || out.rolledBack;
  state_.evaluations = problem_->evaluations();
  state_.phase = method_->phase();
  if (out.finished) {
    state_.finished = true;
    state_.stopReason = out.stopReason;
  } else if (state_.iterations >= maxIterations()) {
    state_.finished = true;
    state_.stopReason = stop_reason::kIterations;
  }
  if (state_.finished) {
    method_->finish(*problem_, state_.psi);
    state_.energy = problem_->uncountedEnergy(state_.psi);
  }
  scene_.parameters().values() = state_.psi;
  return !state_.finished;
}

SolveReport EnergySolver::run(const std::atomic<bool>* cancel) {
  if (!problem_) init();
  while (step())
    if (cancel && cancel->load()) {
      state_.finished = true;
      state_.stopReason = stop_reason::kCancelled;
      method_->finish(*problem_, state_.psi);
      scene_.parameters().values() = state_.psi;
      break;
    }
  return report();
}

SolveReport EnergySolver::report() const {
  SolveReport r;
  r.family = "energy";
  r.stopReason = state_.stopReason;
  r.iterations = state_.iterations;
  r.evaluations = state_.evaluations;
  r.seconds = state_.seconds;
  r.rolledBack = state_.rolledBack;
  if (!problem_) return r;
  r.energy = 0.0;
  for (double e : problem_->termEnergies(state_.psi)) r.energy += e;
  applyDiagnosis(diagnose(*problem_, state_.psi, settings_, state_.stopReason), r);
  r.extra["method"] = settings_.method;
  r.extra["gradient_norm"] = state_.gradientNorm;
  r.extra["free_parameters"] = problem_->freeCount();
  r.extra["jet_passes"] = problem_->jetPasses();
  if (const auto* lm = dynamic_cast<const TrustRegionLM*>(method_.get())) r.extra["flow_fallback_rounds"] = lm->fallbackRounds();
  return r;
}

}  // namespace flexure
