// The sparse Gauss-Newton path (issue 29): the terms' Jacobian blocks, the normal equations
// assembled into a fixed pattern, and the trust-region step taken with them must agree with the
// dense computation on problems small enough for both.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"
#include "flexure/energy/energy_problem.h"
#include "flexure/energy/energy_settings.h"
#include "flexure/energy/normal_equations.h"
#include "flexure/energy/scenes/pipefitting_scene.h"
#include "flexure/energy/trust_region_lm.h"

using namespace flexure;

namespace {

double largestEntry(const Eigen::MatrixXd& m) { return m.cwiseAbs().maxCoeff(); }

// The Jacobian one column at a time, each column from its own one-lane pass of core's
// SeededAccess (no pass planning, no skipping of unseeded paths): the reference for
// EnergyProblem's blocks.
Eigen::MatrixXd referenceJacobian(EnergyProblem& problem, const Eigen::VectorXd& psi) {
  Eigen::MatrixXd j = Eigen::MatrixXd::Zero(problem.residualCount(), problem.freeCount());
  for (int t = 0; t < problem.termCount(); ++t) {
    const EnergyConstraint& term = problem.term(t);
    REQUIRE(term.isResidualForm());
    SeededAccess<8> access(term.nodesRead());
    std::vector<Dual8> out(static_cast<std::size_t>(term.residualCount()));
    const double sw = std::sqrt(term.weight);
    const std::vector<int>& params = problem.termParameters(t);
    for (std::size_t c = 0; c < params.size(); ++c) {
      access.seed(psi, &params[c], 1);
      term.residuals(access, out.data());
      for (int row = 0; row < term.residualCount(); ++row)
        j(problem.termFirstRow(t) + row, problem.termColumns(t)[c]) = sw * out[static_cast<std::size_t>(row)].v[0];
    }
  }
  return j;
}

}  // namespace

TEST_CASE("a term's Jacobian block equals the column-by-column derivatives of its residuals", "[energy][sparse]") {
  // Pipes joined to pipes (both paths free: each pass seeds one pipe and maps the other with
  // doubles) and pipefitting's pipe joined to fixed pipes (the fixed paths are never seeded).
  for (const bool chain : {true, false}) {
    auto scene = chain ? buildPipeChainScene(4, 0.2, 7) : buildPipefittingScene();
    EnergyProblem problem(*scene, EnergyProblem::activeTerms(*scene, 0.0));
    const Eigen::VectorXd psi = scene->parameters().values();
    Eigen::VectorXd r;
    Eigen::SparseMatrix<double> j;
    problem.linearize(psi, r, j);
    const Eigen::MatrixXd reference = referenceJacobian(problem, psi);
    const Eigen::MatrixXd blocks(j);
    INFO((chain ? "chain" : "pipefitting"));
    REQUIRE(largestEntry(reference) > 0.1);
    CHECK(largestEntry(blocks - reference) <= 1e-14 * largestEntry(reference));
    // Jᵀ y and J x from the blocks.
    Eigen::VectorXd x = Eigen::VectorXd::LinSpaced(problem.freeCount(), -1.0, 1.0), jx, jty;
    problem.multiplyJacobian(x, jx);
    problem.multiplyJacobianTransposed(r, jty);
    CHECK((jx - reference * x).norm() <= 1e-13 * (reference * x).norm());
    CHECK((jty - reference.transpose() * r).norm() <= 1e-13 * std::max(1e-300, (reference.transpose() * r).norm()));
  }
}

TEST_CASE("the sparse normal equations are JᵀJ + λI and solve it like the dense LDLT", "[energy][sparse]") {
  auto scene = buildPipeChainScene(10, 0.1, 3);
  EnergyProblem problem(*scene, EnergyProblem::activeTerms(*scene, 0.0));
  const Eigen::VectorXd psi = scene->parameters().values();
  Eigen::VectorXd r;
  Eigen::SparseMatrix<double> j;
  problem.linearize(psi, r, j);
  const Eigen::MatrixXd dense(j);
  const Eigen::VectorXd rhs = -(dense.transpose() * r);
  NormalEquations normal;
  normal.analyse(problem);
  normal.assemble(problem);
  REQUIRE(normal.size() == problem.freeCount());
  for (const double lambda : {1e-9, 1e-3, 10.0}) {
    INFO("lambda " << lambda);
    Eigen::MatrixXd expected = dense.transpose() * dense;
    expected.diagonal().array() += lambda;
    CHECK(largestEntry(normal.toDense(lambda) - expected) <= 1e-13 * largestEntry(expected));
    Eigen::VectorXd sparseStep;
    REQUIRE(normal.solve(lambda, rhs, sparseStep));
    const Eigen::VectorXd denseStep = expected.ldlt().solve(rhs);
    // Both solve the same system; they differ by its conditioning times rounding (JᵀJ is
    // singular here: 80 residuals, 130 parameters, so only a real λ bounds the condition).
    if (lambda >= 1e-3) CHECK((sparseStep - denseStep).norm() <= 1e-9 * denseStep.norm());
    CHECK((expected * sparseStep - rhs).norm() <= 1e-10 * rhs.norm());
  }
}

TEST_CASE("the decrease the damped step predicts needs no product with J", "[energy][sparse]") {
  // E − |r + Jδ|² = λ|δ|² − ½δᵀ∇E when (JᵀJ + λI)δ = −∇E/2: the trust region's gain ratio takes
  // the right side. Checked against the left side, from J, on a chain far from its minimum.
  auto scene = buildPipeChainScene(10, 0.3, 5);
  EnergyProblem problem(*scene, EnergyProblem::activeTerms(*scene, 0.0));
  const Eigen::VectorXd psi = scene->parameters().values();
  Eigen::VectorXd r, gradient, delta, jd;
  const double energy = problem.linearizeBlocks(psi, r);
  problem.multiplyJacobianTransposed(r, gradient);
  gradient *= 2.0;
  NormalEquations normal;
  normal.analyse(problem);
  normal.assemble(problem);
  for (const double lambda : {1e-6, 1e-2, 1.0, 100.0}) {
    INFO("lambda " << lambda);
    REQUIRE(normal.solve(lambda, -0.5 * gradient, delta));
    problem.multiplyJacobian(delta, jd);
    const double fromJacobian = energy - (r + jd).squaredNorm();
    REQUIRE(fromJacobian > 0.0);
    CHECK(std::abs(TrustRegionLM::dampedStepDecrease(lambda, delta, gradient) - fromJacobian) <= 1e-9 * fromJacobian);
  }
}

TEST_CASE("the sparse and the dense path take the same trust-region steps on a small chain", "[energy][sparse]") {
  // Three pipes: 39 free parameters. Forced onto each path, the solver must visit the same points
  // (to rounding) and stop the same way.
  EnergySettings settings;
  auto denseScene = buildPipeChainScene(3, 0.15, 11);
  auto sparseScene = buildPipeChainScene(3, 0.15, 11);
  EnergyProblem denseProblem(*denseScene, EnergyProblem::activeTerms(*denseScene, 0.0));
  EnergyProblem sparseProblem(*sparseScene, EnergyProblem::activeTerms(*sparseScene, 0.0));
  REQUIRE(denseProblem.freeCount() == 39);
  TrustRegionLM dense(settings), sparse(settings);
  dense.setDenseLimit(1000);
  sparse.setDenseLimit(0);
  Eigen::VectorXd denseEnergyPsi = denseScene->parameters().values();
  Eigen::VectorXd sparsePsi = sparseScene->parameters().values();
  dense.start(denseProblem, denseEnergyPsi);
  sparse.start(sparseProblem, sparsePsi);
  int steps = 0;
  double firstStep = 0.0;
  for (; steps < 60; ++steps) {
    const Eigen::VectorXd before = denseEnergyPsi;
    const StepOutcome a = dense.step(denseProblem, denseEnergyPsi);
    const StepOutcome b = sparse.step(sparseProblem, sparsePsi);
    if (steps == 0) firstStep = (denseEnergyPsi - before).norm();
    INFO("step " << steps);
    REQUIRE(a.accepted == b.accepted);
    REQUIRE(a.finished == b.finished);
    REQUIRE((denseEnergyPsi - sparsePsi).norm() <= 1e-9 * std::max(1.0, denseEnergyPsi.norm()));
    REQUIRE(std::abs(a.energy - b.energy) <= 1e-9 * std::max(a.energy, 1e-12));
    if (a.finished) break;
  }
  CHECK(firstStep > 1e-3);   // the comparison saw real steps
  CHECK(steps < 60);         // and both converged
  CHECK(denseProblem.uncountedEnergy(denseEnergyPsi) < 1e-12);
}

TEST_CASE("the normal equations' pattern widens when a derivative that was zero becomes non-zero", "[energy][sparse]") {
  // The unperturbed chain starts at the identity rotation, where the rotation does not move with
  // the quaternion's length: whole columns of J are exactly zero there, so the observed pattern
  // misses their pairs. Assembled at a perturbed point, the pattern must grow and JᵀJ still be
  // exact.
  auto scene = buildPipeChainScene(6, 0.0);
  EnergyProblem problem(*scene, EnergyProblem::activeTerms(*scene, 0.0));
  Eigen::VectorXd r;
  problem.linearizeBlocks(scene->parameters().values(), r);
  NormalEquations normal;
  normal.analyse(problem);
  REQUIRE(normal.patternGrowths() == 0);
  const Eigen::VectorXd moved = buildPipeChainScene(6, 0.2, 5)->parameters().values();
  Eigen::SparseMatrix<double> j;
  problem.linearize(moved, r, j);
  normal.assemble(problem);
  CHECK(normal.patternGrowths() == 1);
  const Eigen::MatrixXd dense(j);
  Eigen::MatrixXd expected = dense.transpose() * dense;
  expected.diagonal().array() += 1e-3;
  CHECK(largestEntry(normal.toDense(1e-3) - expected) <= 1e-13 * largestEntry(expected));
  // Assembling again at the same point needs no further growth.
  normal.assemble(problem);
  CHECK(normal.patternGrowths() == 1);
}
