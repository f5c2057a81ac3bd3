#include "flexure/energy/drag.h"

#include <Eigen/SVD>
#include <cmath>

#include "flexure/core/param_access.h"
#include "flexure/energy/energy_solver.h"

namespace flexure {

DragSession::DragSession(Scene& scene, EnergySettings settings, DragOptions options, double time)
    : scene_(scene), settings_(std::move(settings)), options_(options), time_(time) {
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

// True when no motion allowed by the linearized constraints moves the point: the point's
// Jacobian vanishes on the null space of the constraints' Jacobian.
bool DragSession::pointIsHeldFixed(std::string& why) const {
  EnergyProblem constraints(scene_, EnergyProblem::activeTerms(scene_, time_));
  EnergyProblem point(scene_, {&spring_});
  const int n = constraints.freeCount();
  Eigen::VectorXd r;
  Eigen::SparseMatrix<double> jc, jp;
  point.linearize(scene_.parameters().values(), r, jp);
  const Eigen::MatrixXd pointJacobian(jp);
  if (pointJacobian.norm() < 1e-12) {
    why = "no free parameter moves the picked point of '" + spring_.point.ref.node + "'";
    return true;
  }
  if (n > 400 || constraints.residualCount() == 0) return false;  // too large to check densely; moves will tell
  constraints.linearize(scene_.parameters().values(), r, jc);
  const Eigen::MatrixXd c(jc);
  Eigen::BDCSVD<Eigen::MatrixXd> svd(c, Eigen::ComputeFullV);
  const Eigen::VectorXd& sigma = svd.singularValues();
  const double cut = 1e-8 * std::max(sigma.size() ? sigma[0] : 0.0, 1.0);
  int rank = 0;
  for (Eigen::Index k = 0; k < sigma.size(); ++k) rank += sigma[k] > cut;
  if (rank >= n) {
    why = "the constraints fix every free parameter; '" + spring_.point.ref.node + "' cannot move without breaking them";
    return true;
  }
  const Eigen::MatrixXd nullSpace = svd.matrixV().rightCols(n - rank);
  if ((pointJacobian * nullSpace).norm() < 1e-8 * std::max(1.0, pointJacobian.norm())) {
    why = "the constraints pin '" + spring_.point.ref.node +
          "': every motion they allow leaves the picked point where it is";
    return true;
  }
  return false;
}

DragStatus DragSession::start(const std::string& node, const SurfacePoint& point) {
  status_ = DragStatus{};
  spring_.point.ref.node = node;
  spring_.point.at = "surface";
  spring_.point.surface = point;
  try {
    spring_.point.ref.resolve(scene_, "drag");
  } catch (const FieldError& e) {
    status_.pinned = true;
    status_.reason = e.what();
    return status_;
  }
  status_.point = status_.target = spring_.target = pointPosition();
  status_.constraintEnergy = constraintEnergy();
  bool anyFree = false;
  for (int i : spring_.point.ref.path.parameterIndices()) anyFree = anyFree || !scene_.parameters().isFrozen(i);
  if (!anyFree) {
    status_.pinned = true;
    status_.reason = "every parameter on the path of '" + node + "' is frozen";
    return status_;
  }
  std::string why;
  if (pointIsHeldFixed(why)) {
    status_.pinned = true;
    status_.reason = why;
    return status_;
  }
  // Anchor every node with free parameters at its value now (drift guard, see drag.h).
  anchors_.clear();
  const ParameterTable& table = scene_.parameters();
  for (const Node* n : scene_.nodes()) {
    bool free = false;
    for (int k = 0; k < n->paramCount(); ++k) free = free || !table.isFrozen(n->paramOffset() + k);
    if (!free) continue;
    auto a = std::make_unique<ParamAnchorTerm>();
    a->name = "drag-anchor";
    a->node = n->name();
    a->owner = n;
    for (int k = 0; k < n->paramCount(); ++k) a->values.push_back(table.value(n->paramOffset() + k));
    anchors_.push_back(std::move(a));
  }
  status_.active = true;
  return status_;
}

void DragSession::solveSubstep(const Vec3d& target) {
  spring_.target = target;
  EnergySettings s = settings_;
  s.method = "default";
  s.flowFallback = false;
  s.maxIterations = options_.iterationsPerSubstep;
  s.trustRadius = s.maxTrustRadius = options_.trustRadius;
  s.gradientTolerance = 1e-9;
  // The penalty W·E_c makes the problem stiff: Gauss-Newton steps are then nearly orthogonal
  // to ∇E, and the assembly's cone test would reduce them to gradient steps. Continuation from
  // the previous solution with a small trust region is what keeps a drag on its branch.
  s.minDescentCosine = 0.0;
  EnergySolver solver(scene_, s, time_);
  solver.setSceneWeightScale(options_.constraintWeight);
  solver.addTerm(&spring_);
  for (const auto& a : anchors_) solver.addTerm(a.get(), options_.anchorWeight);
  solver.init();
  solver.run();
  status_.iterations += solver.state().iterations;
}

void DragSession::project() {
  EnergySettings s = settings_;
  s.method = "default";
  s.flowFallback = false;
  s.maxIterations = 30;
  s.trustRadius = s.maxTrustRadius = options_.trustRadius;
  s.energyTolerance = 1e-16;
  s.minDescentCosine = 0.0;
  EnergySolver solver(scene_, s, time_);
  solver.init();
  solver.run();
  status_.iterations += solver.state().iterations;
}

DragStatus DragSession::moveTo(const Vec3d& target) {
  if (!status_.active) {
    if (status_.reason.empty()) status_.reason = "no drag in progress";
    return status_;
  }
  status_.iterations = 0;
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
  // A move that left the point where it was, although the target is elsewhere: the
  // constraints hold it. Undo whatever round-off the solve did and say so.
  if (norm(status_.point - pointBefore) < 1e-9 && norm(target - pointBefore) > 1e-6) {
    scene_.parameters().values() = before;
    status_.point = pointBefore;
    status_.pinned = true;
    status_.reason = "the constraints hold the picked point of '" + spring_.point.ref.node + "' fixed";
  }
  return status_;
}

DragStatus DragSession::end() {
  if (status_.active) project();
  status_.active = false;
  status_.point = pointPosition();
  status_.constraintEnergy = constraintEnergy();
  anchors_.clear();
  return status_;
}

}  // namespace flexure
