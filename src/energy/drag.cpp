#include "flexure/energy/drag.h"

#include <Eigen/Dense>
#include <Eigen/SVD>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cmath>

#include "flexure/core/param_access.h"
#include "flexure/energy/anchored_minimization.h"
#include "flexure/energy/terms/attach_point.h"

namespace flexure {

namespace {

// Points of the picked primitive (its own space) around the picked point: where the operators
// above it are classified as rigid or not.
std::vector<Vec3d> leafSamples(const Path& path, const Eigen::VectorXd& psi, const LeafPoint& picked) {
  const ValueAccess values(psi);
  std::vector<Vec3d> out{picked.isLocal() ? picked.local
                                          : path.leaf->position(values, picked.surface.patch, picked.surface.u,
                                                                picked.surface.v)};
  for (int patch = 0; patch < path.leaf->patchCount(); ++patch)
    for (double u : {0.1, 0.5, 0.9})
      for (double v : {0.1, 0.5, 0.9}) out.push_back(path.leaf->position(values, patch, u, v));
  return out;
}

}  // namespace

DragSession::DragSession(Scene& scene, EnergySettings settings, DragOptions options, double time)
    : scene_(scene), settings_(std::move(settings)), options_(std::move(options)), time_(time) {
  spring_.name = "drag";
}

DragSession::~DragSession() = default;

Vec3d DragSession::pointPosition() const {
  return spring_.point.position(ValueAccess(scene_.parameters().values()));
}

double DragSession::userEnergy() const {
  if (!status_.active) return 0.0;
  const Vec3d d = pointPosition() - spring_.target;
  return spring_.weight * dot(d, d);
}

double DragSession::constraintEnergy() const {
  EnergyProblem problem(scene_, EnergyProblem::activeTerms(scene_, time_));
  return problem.energy(scene_.parameters().values());
}

std::vector<std::string> DragSession::loads() const {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < terms_.size(); ++k)
    if (!held_[k]) out.push_back(terms_[k]->name);
  return out;
}

// True when no motion allowed by the linearized held constraints moves the point: the point's
// Jacobian vanishes on the null space of the held constraints' Jacobian (over the drag's columns).
bool DragSession::pointIsHeldFixed(std::string& why) const {
  std::vector<const EnergyConstraint*> held;
  for (std::size_t k = 0; k < terms_.size(); ++k)
    if (held_[k]) held.push_back(terms_[k]);
  EnergyProblem constraints(scene_, held, {}, space_.columns);
  EnergyProblem point(scene_, {&spring_}, {}, space_.columns);
  const int n = constraints.freeCount();
  Eigen::VectorXd r;
  Eigen::SparseMatrix<double> jc, jp;
  point.linearize(scene_.parameters().values(), r, jp);
  const Eigen::MatrixXd pointJacobian(jp);
  const std::string mode = options_.mode == DragMode::Free ? "" : std::string(" in ") + dragModeName(options_.mode) + " mode";
  if (pointJacobian.norm() < 1e-12) {
    why = "no parameter the drag may move" + mode + " moves the picked point of '" + spring_.point.ref.node + "'";
    return true;
  }
  if (n > 400 || constraints.residualCount() == 0) return false;  // too large to check densely; moves will tell
  constraints.linearize(scene_.parameters().values(), r, jc);
  const Eigen::MatrixXd c(jc);
  Eigen::BDCSVD<Eigen::MatrixXd> svd(c, Eigen::ComputeFullV);
  const Eigen::VectorXd& sigma = svd.singularValues();
  // A direction counts as allowed when moving 0.01 along it changes the held residuals by at
  // most 1e-7 (energy 1e-14): a model met only to the solver's tolerance (E ≈ 1e-14) shows its
  // mechanism's degree of freedom as a singular value of that order, not as an exact zero.
  const double cut = std::max(1e-8 * std::max(sigma.size() ? sigma[0] : 0.0, 1.0), 1e-5);
  int rank = 0;
  for (Eigen::Index k = 0; k < sigma.size(); ++k) rank += sigma[k] > cut;
  if (rank >= n) {
    why = "the constraints fix every parameter the drag may move" + mode + "; '" + spring_.point.ref.node +
          "' cannot move without breaking them";
    return true;
  }
  const Eigen::MatrixXd nullSpace = svd.matrixV().rightCols(n - rank);
  if ((pointJacobian * nullSpace).norm() < 1e-8 * std::max(1.0, pointJacobian.norm())) {
    why = "the constraints pin '" + spring_.point.ref.node + "'" + mode +
          ": every motion they allow leaves the picked point where it is";
    return true;
  }
  return false;
}

DragStatus DragSession::start(const std::string& node, const SurfacePoint& point) {
  LeafPoint picked;
  picked.ref.node = node;
  picked.at = "surface";
  picked.surface = point;
  return start(picked);
}

DragStatus DragSession::startLocal(const std::string& node, const Vec3d& local) {
  LeafPoint picked;
  picked.ref.node = node;
  picked.at = "local";
  picked.local = local;
  return start(picked);
}

DragStatus DragSession::start(const LeafPoint& picked) {
  status_ = DragStatus{};
  dragProblem_.reset();
  heldProblem_.reset();
  spring_.point = picked;
  const std::string& node = picked.ref.node;
  try {
    spring_.point.ref.resolve(scene_, "drag");
  } catch (const FieldError& e) {
    status_.pinned = true;
    status_.reason = e.what();
    return status_;
  }
  const Eigen::VectorXd& psi = scene_.parameters().values();
  status_.point = status_.target = spring_.target = pointPosition();
  status_.constraintEnergy = constraintEnergy();

  // The drag's subspace of Ψ (drag_space.h).
  const Path& path = spring_.point.ref.path;
  GripColumns grip;
  if (!options_.gripParameters.empty()) {
    for (const std::string& name : options_.gripParameters) {
      const int i = scene_.parameters().find(name);
      if (i < 0) {
        status_.pinned = true;
        status_.reason = "the grip's parameter '" + name + "' does not exist";
        return status_;
      }
      grip.parameters.push_back(i);
    }
    std::sort(grip.parameters.begin(), grip.parameters.end());
    grip.placementTranslations = !options_.pins.empty();
  }
  space_ = dragSpace(scene_, path, options_.mode, driveParameters(scene_, options_.drives),
                     leafSamples(path, psi, picked), options_.only, grip.parameters.empty() ? nullptr : &grip);
  grabStart_ = status_.point;
  addFollowers(psi);
  if (space_.preferred.empty()) {
    status_.pinned = true;
    bool onPath = options_.only.empty();
    for (const Node* n : path.nodes()) onPath = onPath || n->name() == options_.only;
    bool anyFree = false;
    for (int i : space_.path) anyFree = anyFree || !scene_.parameters().isFrozen(i);
    if (!onPath)
      status_.reason = "only '" + options_.only + "' may move, and it is not above '" + node + "'";
    else if (!anyFree && options_.mode != DragMode::Shape)
      status_.reason = "every parameter on the path of '" + node + "' is frozen (and none is a drive)";
    else if (!options_.only.empty())
      status_.reason = "only '" + options_.only + "' may move, and none of its parameters is free";
    else if (options_.mode == DragMode::Move)
      status_.reason = "in Move mode only placement (translations, rotations, poses) may change, and no placement "
                       "parameter above '" + node + "' is free";
    else if (options_.mode == DragMode::Shape)
      status_.reason = "in Shape mode only the part's own and its deformers' parameters may change, and every one "
                       "of '" + node + "' is frozen";
    else
      status_.reason = "every parameter on the path of '" + node + "' is frozen";
    return status_;
  }

  // Held constraints and loads. A constraint met now is held (weight W). One unmet now is a load
  // only when the model already minimizes its constraints (a compromise: the cam's valve spring);
  // in a model still assembling, every constraint is held, so a drag helps it assemble.
  terms_ = EnergyProblem::activeTerms(scene_, time_);
  held_.assign(terms_.size(), true);
  addPins();
  {
    EnergyProblem own(scene_, terms_);  // the pins are met: they never make a load
    Eigen::VectorXd r;
    Eigen::SparseMatrix<double> J;
    const double e = own.freeCount() > 0 ? own.linearize(psi, r, J) : own.energy(psi);
    const double gradient = own.freeCount() > 0 ? EnergyProblem::gradient(J, r).norm() : 0.0;
    const bool atMinimum = gradient <= 1e-6 * std::max(1.0, std::sqrt(e));
    if (atMinimum) {
      const std::vector<double> energies = own.termEnergies(psi);
      for (std::size_t k = 0; k < terms_.size(); ++k)
        held_[k] = energies[k] <= settings_.satisfiedTolerance;
    }
  }
  std::string why;
  if (pointIsHeldFixed(why)) {
    status_.pinned = true;
    status_.reason = why;
    return status_;
  }
  std::vector<const EnergyConstraint*> all = terms_, held;
  std::vector<double> scales;
  for (std::size_t k = 0; k < terms_.size(); ++k) {
    scales.push_back(held_[k] ? options_.constraintWeight : 1.0);
    if (held_[k]) held.push_back(terms_[k]);
  }
  all.push_back(&spring_);
  scales.push_back(1.0);
  for (const auto& follower : followerSprings_) {
    all.push_back(follower.get());
    scales.push_back(1.0);
  }
  dragProblem_ = std::make_unique<EnergyProblem>(scene_, all, scales, space_.columns);
  heldProblem_ = std::make_unique<EnergyProblem>(scene_, held, std::vector<double>{}, space_.columns);
  const std::vector<int> relevant = relevantParameters();
  if (usesStiffnessLadder(options_.mode))
    metric_ = dragMetric(scene_, space_.columns, relevant, options_.ladder);
  else
    metric_ = {std::vector<ParameterKind>(space_.columns.size(), ParameterKind::Shape),
               Eigen::VectorXd::Ones(static_cast<Eigen::Index>(space_.columns.size()))};
  if (options_.maxTurnPerMove > 0.0) turnWatch_ = TurnWatch(scene_, relevant, path.leaf);
  psiStart_ = psi;
  anchor_ = columnValues();
  trail_.clear();
  recordTrail(spring_.target);
  pointHasMoved_ = false;
  status_.active = true;
  return status_;
}

// A grip holds its opposite feature where it is (DragOptions::pins): one held attach-point term
// per pinned surface point of the picked primitive, at its world position now.
void DragSession::addPins() {
  pinTerms_.clear();
  for (const SurfacePoint& surface : options_.pins) {
    auto pin = std::make_unique<AttachPointTerm>();
    pin->name = "grip-pin";
    pin->point = spring_.point;
    pin->point.at = "surface";
    pin->point.surface = surface;
    pin->target = pin->point.position(ValueAccess(scene_.parameters().values()));
    terms_.push_back(pin.get());
    held_.push_back(true);
    pinTerms_.push_back(std::move(pin));
  }
}

// Ψ entries that can move in this drag: those on the picked path and those a constraint reads
// (the rest have no force on them). Sorted.
std::vector<int> DragSession::relevantParameters() const {
  std::vector<int> out = space_.path;
  for (int k = 0; k < dragProblem_->termCount(); ++k) {
    const std::vector<int>& read = dragProblem_->termParameters(k);
    out.insert(out.end(), read.begin(), read.end());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Ψ on the drag's columns, in the columns' order (the anchor, the trail's states).
Eigen::VectorXd DragSession::columnValues() const {
  const Eigen::VectorXd& psi = scene_.parameters().values();
  Eigen::VectorXd out(static_cast<Eigen::Index>(space_.columns.size()));
  for (std::size_t c = 0; c < space_.columns.size(); ++c) out[static_cast<Eigen::Index>(c)] = psi[space_.columns[c]];
  return out;
}

void DragSession::setColumnValues(const Eigen::VectorXd& values) {
  Eigen::VectorXd& psi = scene_.parameters().values();
  for (std::size_t c = 0; c < space_.columns.size(); ++c) psi[space_.columns[c]] = values[static_cast<Eigen::Index>(c)];
}

void DragSession::recordTrail(const Vec3d& target) {
  // A few thousand moves of a 10 000-parameter model; a drag long enough to pass this forgets
  // its oldest states, and retracing it stops unwinding there.
  constexpr std::size_t kTrailBytes = std::size_t{256} << 20;
  TrailEntry entry{target, columnValues(), status_.settling};
  const std::size_t entryBytes = sizeof(TrailEntry) + sizeof(double) * space_.columns.size();
  while (!trail_.empty() && (trail_.size() + 1) * entryBytes > kTrailBytes) trail_.pop_front();
  trail_.push_back(std::move(entry));
}

// A move back to the target before the last one restores the state recorded there (drag.h): the
// path is being retraced, and whatever jumps it crossed are unwound.
bool DragSession::retrace(const Vec3d& target) {
  if (trail_.size() < 2) return false;
  const TrailEntry& previous = trail_[trail_.size() - 2];
  if (!(norm(previous.target - target) <= options_.retraceTolerance)) return false;
  setColumnValues(previous.columns);
  status_.settling = previous.settling;
  spring_.target = target;
  trail_.pop_back();
  return true;
}

// The followers' springs (DragOptions::followers): each resolved on the scene, its subspace in
// the drag's mode merged into the drag's, its point's start kept; a follower that does not
// resolve (no such primitive) is left out.
void DragSession::addFollowers(const Eigen::VectorXd& psi) {
  followerSprings_.clear();
  followerStarts_.clear();
  const auto merge = [](std::vector<int>& into, const std::vector<int>& more) {
    into.insert(into.end(), more.begin(), more.end());
    std::sort(into.begin(), into.end());
    into.erase(std::unique(into.begin(), into.end()), into.end());
  };
  for (const DragFollower& f : options_.followers) {
    if (f.node == spring_.point.ref.node) continue;
    auto spring = std::make_unique<UserSpringTerm>();
    spring->name = "drag-" + f.node;
    spring->point.ref.node = f.node;
    spring->point.at = "surface";
    spring->point.surface = f.point;
    try {
      spring->point.ref.resolve(scene_, "drag");
    } catch (const FieldError&) {
      continue;
    }
    const DragSpace more = dragSpace(scene_, spring->point.ref.path, options_.mode,
                                     driveParameters(scene_, options_.drives),
                                     leafSamples(spring->point.ref.path, psi, spring->point));
    merge(space_.columns, more.columns);
    merge(space_.drives, more.drives);
    merge(space_.preferred, more.preferred);
    spring->target = spring->point.position(ValueAccess(psi));
    followerStarts_.push_back(spring->target);
    followerSprings_.push_back(std::move(spring));
  }
}

bool DragSession::solveSubstep(const Vec3d& target) {
  spring_.target = target;
  for (std::size_t k = 0; k < followerSprings_.size(); ++k)
    followerSprings_[k]->target = followerStarts_[k] + (target - grabStart_);
  AnchoredMinimization how;
  how.anchor = &anchor_;
  how.metric = &metric_.weights;
  how.eps = options_.anchorWeight;
  how.radius = options_.trustRadius;
  how.tolerance = options_.stepTolerance;
  how.maxIterations = options_.iterationsPerSubstep;
  how.held = heldProblem_.get();
  how.factor = &dragFactor_;
  how.heldFactor = &heldFactor_;
  if (!turnWatch_.empty()) {
    how.turn = [this](const Eigen::VectorXd& psi) { return turnWatch_.largestTurn(psi); };
    how.maxTurn = options_.maxTurnPerMove;
  }
  const AnchoredResult result = minimizeAnchored(*dragProblem_, scene_.parameters().values(), how);
  status_.iterations += result.iterations;
  return !result.limited;
}

// Back onto the held constraints with the smallest change in the drag's metric: minimize
// |r_held|² + μ|ψ − ψ_now|²_M with μ tiny, i.e. the minimal-norm Gauss-Newton correction.
void DragSession::project() {
  if (!heldProblem_) return;
  restoreOnto(*heldProblem_, scene_.parameters().values(), 30, &metric_.weights, &heldFactor_);
}

void DragSession::updateChangedDrives() {
  status_.changedDrives.clear();
  for (int i : space_.drives)
    if (scene_.parameters().value(i) != psiStart_[i]) status_.changedDrives.push_back(i);
}

DragStatus DragSession::moveTo(const Vec3d& target) {
  moveToward(target);
  // Each bounded turn moves the model at least a little; a pathological case still ends.
  constexpr int kMaxSettles = 400;
  int iterations = status_.iterations;
  for (int k = 0; k < kMaxSettles && status_.settling; ++k) {
    settle();
    iterations += status_.iterations;
  }
  status_.iterations = iterations;
  return status_;
}

DragStatus DragSession::moveToward(const Vec3d& target) {
  if (!status_.active) {
    if (status_.reason.empty()) status_.reason = "no drag in progress";
    return status_;
  }
  status_.iterations = 0;
  if (retrace(target)) {
    status_.target = target;
    status_.point = pointPosition();
    status_.constraintEnergy = constraintEnergy();
    updateChangedDrives();
    return status_;
  }
  const Eigen::VectorXd before = scene_.parameters().values();
  const Vec3d pointBefore = pointPosition();
  const Vec3d from = spring_.target;
  const double distance = norm(target - from);
  const int substeps = std::max(1, static_cast<int>(std::ceil(distance / options_.maxTargetStep)));
  // Turns are the hand's from a state on the held constraints (a start that has not quite
  // assembled is put back on them first, not counted as the hand's turn).
  project();
  turnWatch_.setReference(scene_.parameters().values());
  status_.settling = false;
  for (int k = 1; k <= substeps && !status_.settling; ++k) {
    status_.settling = !solveSubstep(from + (target - from) * (double(k) / substeps));
    project();
  }
  spring_.target = target;  // a move stopped at the turn limit settles toward the mouse itself
  status_.target = target;
  status_.point = pointPosition();
  status_.constraintEnergy = constraintEnergy();
  // A first move that left the point where it was, although the target is elsewhere: the
  // constraints hold it. Undo whatever round-off the solve did and say so. Once the point has
  // moved, a move that leaves it in place (the part at the end of its reach, the target pulled
  // straight away from where it can go) is no reason to stop following the hand.
  const bool moved = norm(status_.point - pointBefore) >= 1e-9;
  pointHasMoved_ = pointHasMoved_ || moved;
  if (!pointHasMoved_ && norm(target - pointBefore) > 1e-6) {
    scene_.parameters().values() = before;
    status_.point = pointBefore;
    status_.pinned = true;
    status_.reason = "the constraints hold the picked point of '" + spring_.point.ref.node + "' fixed";
  }
  recordTrail(target);
  updateChangedDrives();
  return status_;
}

DragStatus DragSession::landOn(const Vec3d& target) {
  moveTo(target);
  if (!status_.active || status_.pinned) return status_;
  const Eigen::VectorXd start = anchor_;
  for (int k = 0; k < 3 && norm(pointPosition() - target) > 1e-12; ++k) {
    anchor_ = columnValues();
    solveSubstep(target);
    project();
  }
  anchor_ = start;
  status_.point = pointPosition();
  status_.constraintEnergy = constraintEnergy();
  if (!trail_.empty()) trail_.back().columns = columnValues();
  updateChangedDrives();
  return status_;
}

DragStatus DragSession::settle() {
  status_.iterations = 0;
  if (!status_.active || !status_.settling) return status_;
  turnWatch_.setReference(scene_.parameters().values());
  status_.settling = !solveSubstep(spring_.target);
  project();
  status_.point = pointPosition();
  status_.constraintEnergy = constraintEnergy();
  if (!trail_.empty()) {  // the state at this target is now the settled one
    trail_.back().columns = columnValues();
    trail_.back().settling = status_.settling;
  }
  updateChangedDrives();
  return status_;
}

DragStatus DragSession::end() {
  if (status_.active) {
    project();
    updateChangedDrives();
  }
  status_.active = false;
  status_.point = pointPosition();
  status_.constraintEnergy = constraintEnergy();
  dragProblem_.reset();
  heldProblem_.reset();
  trail_.clear();
  return status_;
}

}  // namespace flexure
