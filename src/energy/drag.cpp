#include "flexure/energy/drag.h"

#include <Eigen/Dense>
#include <Eigen/SVD>
#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cmath>

#include "flexure/core/param_access.h"

namespace flexure {

namespace {

// Puts psi back onto the problem's constraints with the smallest change of its columns: a few
// Gauss-Newton steps with the minimal-norm solution (JᵀJ + μI) δ = −Jᵀr, μ = 10⁻¹⁰ max diag.
void restoreOnto(EnergyProblem& held, Eigen::VectorXd& psi, int maxIterations = 6) {
  const int n = held.freeCount();
  if (n == 0 || held.residualCount() == 0) return;
  const std::vector<int>& cols = held.freeIndices();
  Eigen::VectorXd r;
  Eigen::SparseMatrix<double> J;
  for (int k = 0; k < maxIterations; ++k) {
    const double e = held.linearize(psi, r, J);
    if (!(e > 1e-28)) return;
    Eigen::SparseMatrix<double> h(J.transpose() * J);
    double scale = 1.0;
    for (int c = 0; c < n; ++c) scale = std::max(scale, h.coeff(c, c));
    Eigen::VectorXd delta;
    const Eigen::VectorXd rhs = -(J.transpose() * r);
    if (n <= 200) {
      Eigen::MatrixXd d(h);
      d.diagonal().array() += 1e-10 * scale;
      delta = d.ldlt().solve(rhs);
    } else {
      Eigen::SparseMatrix<double> id(n, n);
      id.setIdentity();
      Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> ldlt(h + 1e-10 * scale * id);
      delta = ldlt.solve(rhs);
    }
    if (!delta.allFinite()) return;
    Eigen::VectorXd trial = psi;
    for (int c = 0; c < n; ++c) trial[cols[static_cast<std::size_t>(c)]] += delta[c];
    held.projectToBounds(trial);
    Eigen::VectorXd rt;
    if (!(held.residuals(trial, rt) < e)) return;  // no progress: as close as it gets
    psi = trial;
  }
}

// Minimizes F(Ψ) = |r(Ψ)|² + ε |ψ_cols − a|² over the problem's columns from `psi`, to
// convergence: Levenberg-Marquardt on the normal equations (JᵀJ + εI + λI) δ = −(Jᵀr + ε(ψ − a)),
// λ = 0 (Gauss-Newton) whenever the step fits the trust region and lowers F, λ raised only to
// keep |δ| ≤ radius or to find a decrease. Stops when the undamped step's largest entry is below
// `tolerance`, i.e. at F's minimizer to that accuracy, whatever the start: this is what makes a
// drag's result a function of its target (drag.h). Returns the iterations used.
// Every trial point is first put back onto `held`'s constraints (restoreOnto): a step along the
// tangent of a curved constraint manifold would otherwise raise the W-stiff penalty by W·(κδ²)²
// and be refused, and the iteration would crawl along the manifold in tiny damped steps.
int minimizeAnchored(EnergyProblem& problem, Eigen::VectorXd& psi, const Eigen::VectorXd& anchor, double eps,
                     double radius, double tolerance, int maxIterations, EnergyProblem* held = nullptr) {
  const std::vector<int>& cols = problem.freeIndices();
  const int n = problem.freeCount();
  if (n == 0) return 0;
  auto columnsOf = [&](const Eigen::VectorXd& p) {
    Eigen::VectorXd x(n);
    for (int c = 0; c < n; ++c) x[c] = p[cols[static_cast<std::size_t>(c)]];
    return x;
  };
  auto extra = [&](const Eigen::VectorXd& p) { return eps * (columnsOf(p) - anchor).squaredNorm(); };
  auto objective = [&](const Eigen::VectorXd& p, Eigen::VectorXd& r) { return problem.residuals(p, r) + extra(p); };
  constexpr int kDenseLimit = 200;
  const bool dense = n <= kDenseLimit;
  Eigen::VectorXd r, rTrial;
  Eigen::SparseMatrix<double> J, normal, identity(n, n);
  identity.setIdentity();
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> sparse;
  bool analysed = false;
  Eigen::MatrixXd denseNormal;
  Eigen::VectorXd g;
  double F = 0.0, lambda = 0.0, scale = 1.0;
  auto linearize = [&] {
    F = problem.linearize(psi, r, J) + extra(psi);
    g = J.transpose() * r + eps * (columnsOf(psi) - anchor);
    normal = Eigen::SparseMatrix<double>(J.transpose() * J);
    scale = 1.0;
    for (int c = 0; c < n; ++c) scale = std::max(scale, normal.coeff(c, c));
    if (dense) denseNormal = Eigen::MatrixXd(normal);
  };
  auto solve = [&](double damping, Eigen::VectorXd& delta) {
    if (dense) {
      Eigen::MatrixXd h = denseNormal;
      h.diagonal().array() += eps + damping;
      delta = h.ldlt().solve(-g);
    } else {
      Eigen::SparseMatrix<double> h = normal + (eps + damping) * identity;
      if (!analysed) {
        sparse.analyzePattern(h);
        analysed = true;
      }
      sparse.factorize(h);
      delta = sparse.solve(-g);
    }
    return delta.allFinite();
  };
  linearize();
  int it = 0;
  Eigen::VectorXd delta, trial, extended, rExtended, previousStep;
  for (; it < maxIterations; ++it) {
    // Fit the trust region: raise λ until |δ| ≤ radius.
    bool ok = solve(lambda, delta);
    const double lambda0 = lambda, length0 = ok ? delta.norm() : 0.0;
    for (int k = 0; k < 80 && (!ok || delta.norm() > radius); ++k) {
      lambda = std::max(4.0 * lambda, 1e-10 * scale);
      ok = solve(lambda, delta);
    }
    if (!ok) break;
    // The raise starts at 1e-10·max diag(JᵀJ), and the held constraints' W = 10⁶ makes that large
    // (0.27 on the cam, whose soft direction has a curvature of order 1): the first raise can
    // overshoot the trust region a hundredfold, and the sub-step then crawls with steps of 0.003
    // where 0.05 are allowed (issue 17 item 3: the cam dragged with the hand's target near its
    // axis ran to the 200-iteration cap, sub-step after sub-step). Then find the λ whose step
    // fills 0.7–1 of the trust region, as a trust-region method does (Moré & Sorensen 1983;
    // Nocedal & Wright, Numerical Optimization, section 4.3): |δ(λ)| decreases with λ, and
    // 1/|δ(λ)| is nearly linear in λ when one soft direction dominates, so a secant on it
    // between the bracket's ends takes a step or two.
    if (length0 > radius && delta.norm() < 0.5 * radius) {
      double la = lambda0, ia = 1.0 / length0, lb = lambda, ib = 1.0 / delta.norm();
      Eigen::VectorXd best = delta;
      double bestLambda = lambda;
      for (int k = 0; k < 6; ++k) {
        const double l = la + (lb - la) * (1.0 / radius - ia) / (ib - ia);
        Eigen::VectorXd d;
        if (!(l > la && l < lb) || !solve(l, d)) break;
        const double len = d.norm();
        if (len > radius) { la = l; ia = 1.0 / len; continue; }
        lb = l; ib = 1.0 / len; best = d; bestLambda = l;
        if (len >= 0.7 * radius) break;
      }
      delta = best;
      lambda = bestLambda;
    }
    // A step below the tolerance taken with (almost) no damping is the Gauss-Newton step: F's
    // minimizer is that close. (λ ≤ ε/10 changes the step by at most ~10%.)
    const bool undamped = lambda <= 0.1 * eps;
    trial = psi;
    for (int c = 0; c < n; ++c) trial[cols[static_cast<std::size_t>(c)]] += delta[c];
    problem.projectToBounds(trial);
    if (held != nullptr) restoreOnto(*held, trial);
    // Converged when the step, or what is left of it once back on the held constraints (the
    // W-penalized step also leans off them by about force/W, which the restoration takes back),
    // is below the tolerance.
    const bool small = delta.lpNorm<Eigen::Infinity>() <= tolerance || (trial - psi).lpNorm<Eigen::Infinity>() <= tolerance;
    double Ftrial = objective(trial, rTrial);
    // Where the minimizer is only weakly fixed — the hand pulling the cam towards its axis —
    // Gauss-Newton leaves out a large negative curvature: the hand's spring keeps a large
    // residual at the minimum and its point moves on a circle, so the neglected Σ r_k ∇²r_k
    // cancels most of JᵀJ along the turn. The undamped steps are then too short by a constant
    // factor: they point the same way and shrink by a ratio ρ (0.85 measured), and the step
    // tolerance takes log(1e-11/|δ|)/log ρ iterations. If the model's curvature along the step is
    // too large by 1/(1−ρ), the minimizer along it is ψ + δ/(1−ρ), the sum of the remaining steps
    // (Aitken's Δ² extrapolation of a linearly converging sequence). That point is tried — inside
    // the trust region, back on the held constraints — and kept when F is lower there than after
    // the plain step. The convergence test stays on the plain Gauss-Newton step, so the drag
    // lands on the same minimizer.
    const Eigen::VectorXd step = trial - psi;
    if (undamped && !small && previousStep.size() == step.size() && std::isfinite(Ftrial) && Ftrial <= F) {
      const double ratio = step.norm() / previousStep.norm();
      const double cosine = step.dot(previousStep) / (step.norm() * previousStep.norm());
      if (cosine > 0.99 && ratio > 0.3 && ratio < 0.999) {
        const double factor = std::min({1.0 / (1.0 - ratio), 100.0, radius / step.norm()});
        extended = psi + step * factor;
        problem.projectToBounds(extended);
        if (held != nullptr) restoreOnto(*held, extended);
        const double Fextended = objective(extended, rExtended);
        if (std::isfinite(Fextended) && Fextended < Ftrial) {
          trial = extended;
          Ftrial = Fextended;
        }
      }
    }
    if (std::isfinite(Ftrial) && Ftrial <= F * (1.0 + 1e-14)) {
      psi = trial;
      if (undamped) previousStep = step;  // the plain step: the ratio of two of them is ρ
      else previousStep.resize(0);
      if (small && undamped) {
        ++it;
        break;  // converged: the Gauss-Newton step itself is below the tolerance
      }
      lambda = (lambda < 1e-10 * scale * 4.0) ? 0.0 : lambda / 8.0;
      linearize();
    } else {
      if (small && undamped) break;  // at the minimizer up to round-off
      previousStep.resize(0);
      lambda = std::max(4.0 * lambda, 1e-10 * scale);
      if (lambda > 1e14 * scale) break;  // no decrease in any direction: stationary
    }
  }
  return it;
}

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
  space_ = dragSpace(scene_, path, options_.mode, driveParameters(scene_, options_.drives),
                     leafSamples(path, psi, picked), options_.only);
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
  {
    EnergyProblem own(scene_, terms_);
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
  dragProblem_ = std::make_unique<EnergyProblem>(scene_, all, scales, space_.columns);
  heldProblem_ = std::make_unique<EnergyProblem>(scene_, held, std::vector<double>{}, space_.columns);
  psiStart_ = psi;
  anchor_ = columnValues();
  trail_.clear();
  recordTrail(spring_.target);
  pointHasMoved_ = false;
  status_.active = true;
  return status_;
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
  TrailEntry entry{target, columnValues()};
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
  spring_.target = target;
  trail_.pop_back();
  return true;
}

void DragSession::solveSubstep(const Vec3d& target) {
  spring_.target = target;
  status_.iterations += minimizeAnchored(*dragProblem_, scene_.parameters().values(), anchor_, options_.anchorWeight,
                                         options_.trustRadius, options_.stepTolerance, options_.iterationsPerSubstep,
                                         heldProblem_.get());
}

// Back onto the held constraints with the smallest change in the drag's metric: minimize
// |r_held|² + μ|ψ − ψ_now|² with μ tiny, i.e. the minimal-norm Gauss-Newton correction.
void DragSession::project() {
  if (!heldProblem_) return;
  restoreOnto(*heldProblem_, scene_.parameters().values(), 30);
}

void DragSession::updateChangedDrives() {
  status_.changedDrives.clear();
  for (int i : space_.drives)
    if (scene_.parameters().value(i) != psiStart_[i]) status_.changedDrives.push_back(i);
}

DragStatus DragSession::moveTo(const Vec3d& target) {
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
  for (int k = 1; k <= substeps; ++k) {
    solveSubstep(from + (target - from) * (double(k) / substeps));
    project();
  }
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
