#include "flexure/curves/direct_equilibrium.h"

#include <cmath>
#include <numbers>

namespace flexure {

namespace {

// ε of the regularized H + εI, relative to H's largest diagonal entry. The refinement against the
// exact system shrinks a mode of H of eigenvalue λ (on the constraints' null space) by ε/(λ+ε) per
// step, and an open curve's λ_min falls as α/m while its largest diagonal grows as β m³ (m spans),
// so with 1e-11 a curve of 10⁵ control points (ε ≈ 50 λ_min) kept 98 % of its error per step and
// stopped at the 30-step cap 10⁻⁵ from its equilibrium. 1e-14 keeps ε a hundred times above the
// rounding of H's largest entries (what the quasi-definite factorization needs) and refines a
// curve of 10⁵ points in 3 steps. But where H has a true null space (a curve with bending energy
// only has a free length) the refinement does not act on it: the start keeps those modes, and the
// correction's component there is the residual's rounding divided by ε, so with 1e-14 a resting
// straight curve of 8 points slid 0.1 along its own line on every re-solve (the window test "a
// curve's end dragged onto a pipe's end snaps"). So a solve factors with 1e-11, and again with
// 1e-14 only when the refinement stalls short of the solution on a curve long enough for its
// smallest mode to fall below ε (kFineFrom; such a stall never came below 3·10⁴ control points).
// When H itself shows such a mode before anything is factored (startingRegularization), a curve
// of kFineFrom coordinates or more is factored with 1e-14 at once: the 1e-11 factorization and
// its stalled refinement were a third of a cold solve at 10⁵ control points, thrown away.
constexpr double kRegularization = 1e-11;
constexpr double kFineRegularization = 1e-14;
constexpr int kFineFrom = 20000;  // coordinates (10⁴ control points of a plane curve)
// The refinement has converged when the exact system's residual is this small relative to the
// right-hand side; a stalled one stops orders of magnitude above.
constexpr double kConvergedResidual = 1e-9;

bool sameRows(const std::vector<LinearConstraint>& a, const std::vector<LinearConstraint>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (a[k].terms != b[k].terms) return false;
  return true;
}

}  // namespace

void DirectEquilibrium::setHessian(const Eigen::SparseMatrix<double>& hessian, const std::vector<bool>& frozen) {
  hessian_ = hessian;
  frozen_ = frozen;
  factored_ = false;
  maxDiagonal_ = 0.0;
  for (int i = 0; i < hessian_.rows(); ++i) maxDiagonal_ = std::max(maxDiagonal_, std::abs(hessian_.coeff(i, i)));
  if (!(maxDiagonal_ > 0.0)) maxDiagonal_ = 1.0;
}

// The refinement with ε = 1e-11 max Hᵢᵢ stalls when H has a mode of eigenvalue λ < ε (it keeps
// ε/(λ+ε) > ½ of that mode's error per step, and the refinement stops when a step no longer halves
// the residual). The Rayleigh quotient vᵀHv / vᵀv of any v is ≥ H's smallest eigenvalue, so when
// it is below ε for v the smoothest free vector (half a sine wave over the coordinates: the
// lowest stretching and bending mode of a curve, or of each curve of a family, nailed or not),
// such a mode exists and the first factorization would be wasted. The constraints can only raise
// λ_min on their null space, so this can take the finer ε where the coarser one would have
// converged: only from kFineFrom coordinates on, where the finer ε has always been used after a
// stall, and then the solve still converges (to within the rounding of H q).
double DirectEquilibrium::startingRegularization() const {
  const int n = static_cast<int>(hessian_.rows());
  if (n < kFineFrom) return kRegularization;
  // sin(kθ) by the recurrence s(k+1) = 2 cos θ s(k) − s(k−1): the sines themselves were 1.7 % of
  // a cold solve at 10⁵ control points, and the estimate needs no more than a few digits.
  const double theta = std::numbers::pi / (n + 1), twoCos = 2.0 * std::cos(theta);
  Eigen::VectorXd v(n);
  double previous = 0.0, current = std::sin(theta);
  for (int i = 0; i < n; ++i) {
    v[i] = isFrozen(i) ? 0.0 : current;
    const double next = twoCos * current - previous;
    previous = current;
    current = next;
  }
  const double norm2 = v.squaredNorm();
  if (!(norm2 > 0.0)) return kRegularization;
  double quadratic = 0.0;  // vᵀHv column by column, without the vector Hv
  for (int c = 0; c < n; ++c)
    for (Eigen::SparseMatrix<double>::InnerIterator it(hessian_, c); it; ++it) quadratic += v[static_cast<int>(it.row())] * it.value() * v[c];
  const double rayleigh = quadratic / norm2;
  return rayleigh < kRegularization * maxDiagonal_ ? kFineRegularization : kRegularization;
}

bool DirectEquilibrium::factorKkt(const std::vector<LinearConstraint>& equalities, double regularization) {
  const int n = static_cast<int>(hessian_.rows());
  const double maxDiag = maxDiagonal_;
  regularization_ = regularization;
  epsilon_ = regularization * maxDiag;
  delta_ = 1e-11 / maxDiag;
  const Eigen::SparseMatrix<double> lower = lowerKkt(equalities);
  order_ = kktOrdering(lower, n);
  permuted_.resize(lower.rows(), lower.cols());
  permuted_.selfadjointView<Eigen::Upper>() = lower.selfadjointView<Eigen::Lower>().twistedBy(order_);
  locateRegularizedDiagonal();
  ldlt_.analyzeUpper(permuted_);
  ldlt_.factorizeUpper(permuted_);
  equalities_ = equalities;
  return checkFactorization();
}

// Only the diagonal entries H_ii + ε of free coordinates change with ε: rewritten from H_ii (the
// same sum lowerKkt forms, so the matrix is the one a full factorization would build), then
// factored numerically on the pattern analysed before. At 10⁵ control points this skips the KKT
// assembly, its ordering and permutation and the symbolic analysis (docs/curves.md).
bool DirectEquilibrium::refactorKkt(double regularization) {
  regularization_ = regularization;
  epsilon_ = regularization * maxDiagonal_;
  double* values = permuted_.valuePtr();
  for (std::size_t k = 0; k < regularizedEntry_.size(); ++k) values[regularizedEntry_[k]] = hessianDiagonal_[k] + epsilon_;
  ldlt_.factorizeUpper(permuted_);
  return checkFactorization();
}

void DirectEquilibrium::locateRegularizedDiagonal() {
  const int n = static_cast<int>(hessian_.rows());
  regularizedEntry_.clear();
  hessianDiagonal_.clear();
  for (int i = 0; i < n; ++i) {
    if (isFrozen(i)) continue;
    const int c = order_.indices()[i];
    for (int k = permuted_.outerIndexPtr()[c]; k < permuted_.outerIndexPtr()[c + 1]; ++k)
      if (permuted_.innerIndexPtr()[k] == c) {
        regularizedEntry_.push_back(k);
        hessianDiagonal_.push_back(hessian_.coeff(i, i));
        break;
      }
  }
}

bool DirectEquilibrium::checkFactorization() {
  factored_ = ldlt_.info() == Eigen::Success;
  // Sylvester's law of inertia: a minimum needs exactly n positive and m negative pivots.
  if (factored_) {
    const Eigen::VectorXd d = ldlt_.vectorD();
    const long positive = (d.array() > 0.0).count();
    convex_ = positive == hessian_.rows();
  }
  return factored_;
}

// The lower triangle of [H+εI Jᵀ; J -δI], frozen coordinates as identity rows, written column by
// column in order: SimplicialLDLT<Lower> reads nothing else, and no triplets of the whole matrix
// are sorted (they outgrew the cache at 10⁵ control points: docs/performance.md, curves_mes).
Eigen::SparseMatrix<double> DirectEquilibrium::lowerKkt(const std::vector<LinearConstraint>& equalities) const {
  const int n = static_cast<int>(hessian_.rows());
  const int m = static_cast<int>(equalities.size());
  std::vector<Eigen::Triplet<double>> rowTerms;  // J, m × n: a few terms per row
  for (int j = 0; j < m; ++j)
    for (const auto& [i, a] : equalities[static_cast<std::size_t>(j)].terms)
      if (!isFrozen(i)) rowTerms.emplace_back(j, i, a);
  Eigen::SparseMatrix<double> J(m, n);
  J.setFromTriplets(rowTerms.begin(), rowTerms.end());
  Eigen::SparseMatrix<double> kkt(n + m, n + m);
  kkt.reserve(hessian_.nonZeros() / 2 + n + J.nonZeros() + m);
  for (int c = 0; c < n; ++c) {
    kkt.startVec(c);
    if (isFrozen(c)) {
      kkt.insertBack(c, c) = 1.0;
      continue;
    }
    bool diagonal = false;
    for (Eigen::SparseMatrix<double>::InnerIterator it(hessian_, c); it; ++it) {
      const int r = static_cast<int>(it.row());
      if (r < c || isFrozen(r)) continue;
      if (r > c && !diagonal) kkt.insertBack(c, c) = epsilon_;
      if (r == c) kkt.insertBack(c, c) = it.value() + epsilon_;
      else kkt.insertBack(r, c) = it.value();
      diagonal = true;
    }
    if (!diagonal) kkt.insertBack(c, c) = epsilon_;
    for (Eigen::SparseMatrix<double>::InnerIterator it(J, c); it; ++it) kkt.insertBack(n + static_cast<int>(it.row()), c) = it.value();
  }
  for (int j = 0; j < m; ++j) {
    kkt.startVec(n + j);
    kkt.insertBack(n + j, n + j) = -delta_;
  }
  kkt.finalize();
  return kkt;
}

Eigen::VectorXd DirectEquilibrium::applyKkt(const Eigen::VectorXd& x) const {
  Eigen::VectorXd y(x.size());
  applyKktInto(x, y);
  return y;
}

// y = K x with K = [H Jᵀ; J 0] exact (no ε, δ), frozen coordinates as identity rows. Writes into
// y: the refinement's vectors are allocated once per solve, not per step (at 10⁵ control points
// each is 1.6 MB, and a fresh one is a fresh mapping whose pages fault in on first touch).
void DirectEquilibrium::applyKktInto(const Eigen::VectorXd& x, Eigen::VectorXd& y) const {
  const int n = static_cast<int>(hessian_.rows());
  const int m = static_cast<int>(equalities_.size());
  if (frozen_.empty()) {
    y.head(n).noalias() = hessian_ * x.head(n);
  } else {
    Eigen::VectorXd q = x.head(n);
    for (int i = 0; i < n; ++i)
      if (isFrozen(i)) q[i] = 0.0;
    y.head(n).noalias() = hessian_ * q;
    for (int i = 0; i < n; ++i)
      if (isFrozen(i)) y[i] = x[i];
  }
  for (int j = 0; j < m; ++j) {
    double c = 0.0;
    for (const auto& [i, a] : equalities_[static_cast<std::size_t>(j)].terms)
      if (!isFrozen(i)) {
        c += a * x[i];
        y[i] += a * x[n + j];
      }
    y[n + j] = c;
  }
}

// x = (P K_reg Pᵀ)⁻¹ applied in place: the steps of SimplicialLDLT::solve (L, D, Lᵀ) on x itself,
// between the two permutations, with no temporary vector.
void DirectEquilibrium::solveFactoredInto(const Eigen::VectorXd& rhs, Eigen::VectorXd& x) const {
  x.noalias() = order_ * rhs;
  ldlt_.solveInPlace(x);
  x = order_.transpose() * x;
}

Eigen::VectorXd DirectEquilibrium::solveKkt(const Eigen::VectorXd& rhs, int* refinements, int maxRefinements,
                                            bool* converged) const {
  Eigen::VectorXd x(rhs.size()), r(rhs.size()), correction(rhs.size());
  solveFactoredInto(rhs, x);
  const double scale = std::max(1e-300, rhs.cwiseAbs().maxCoeff());
  double previous = std::numeric_limits<double>::infinity(), last = previous;
  for (int it = 0; it < maxRefinements; ++it) {
    applyKktInto(x, r);
    r = rhs - r;
    const double res = r.cwiseAbs().maxCoeff();
    last = res;
    // Stop at the rounding floor: when a step no longer halves the residual (LAPACK's rule in
    // xGERFS); the steps that crept along the floor were half of a large curve's refinements.
    if (res <= 1e-15 * scale || res > 0.5 * previous) break;
    previous = res;
    solveFactoredInto(r, correction);
    x += correction;
    if (refinements) ++*refinements;
  }
  if (converged) *converged = std::min(last, previous) <= kConvergedResidual * scale;
  return x;
}

EquilibriumResult DirectEquilibrium::solve(const Eigen::VectorXd& b, const Eigen::VectorXd& qStart,
                                           const std::vector<LinearConstraint>& rows) {
  EquilibriumResult out;
  const int n = static_cast<int>(qStart.size());
  std::vector<LinearConstraint> equalities, inequalities;
  std::vector<int> eqIndex, inIndex;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    if (rows[k].sense == ConstraintSense::Equality) {
      equalities.push_back(rows[k]);
      eqIndex.push_back(static_cast<int>(k));
    } else {
      inequalities.push_back(rows[k]);
      inIndex.push_back(static_cast<int>(k));
    }
  }
  if (!factored_ || !sameRows(equalities, equalities_)) factorKkt(equalities, startingRegularization());
  out.convex = convex_;
  if (!factored_) {
    out.failure = "the equilibrium system could not be factored";
    out.q = qStart;
    return out;
  }
  const int mE = static_cast<int>(equalities.size());
  const int mI = static_cast<int>(inequalities.size());

  // Right-hand side: b_f - H_fx q_x on free rows, q_x on frozen rows, c - J_x q_x on rows of J.
  // The start is added through the refinement: x0 = (q_start, 0) makes the untouched modes stay.
  Eigen::VectorXd fixed = Eigen::VectorXd::Zero(n);
  for (int i = 0; i < n; ++i)
    if (isFrozen(i)) fixed[i] = qStart[i];
  Eigen::VectorXd rhs(n + mE);
  rhs.head(n) = b - hessian_ * fixed;
  for (int i = 0; i < n; ++i)
    if (isFrozen(i)) rhs[i] = qStart[i];
  for (int j = 0; j < mE; ++j) {
    double c = equalities[static_cast<std::size_t>(j)].rhs;
    for (const auto& [i, a] : equalities[static_cast<std::size_t>(j)].terms)
      if (isFrozen(i)) c -= a * qStart[i];
    rhs[n + j] = c;
  }
  // Equality-only equilibrium, started at qStart.
  Eigen::VectorXd x0 = Eigen::VectorXd::Zero(n + mE);
  x0.head(n) = qStart;
  bool converged = true;
  Eigen::VectorXd x = x0 + solveKkt(rhs - applyKkt(x0), &out.refinements, 30, &converged);
  if (!converged && n >= kFineFrom && regularization_ > kFineRegularization &&
      refactorKkt(kFineRegularization))
    x = x0 + solveKkt(rhs - applyKkt(x0), &out.refinements);

  out.lambda = Eigen::VectorXd::Zero(static_cast<int>(rows.size()));
  if (mI > 0) {
    // Constrained compliance columns S J_iᵀ and the contact matrix A (Eq. 16 with M⁻¹ → S).
    Eigen::MatrixXd Y(n + mE, mI);
    for (int j = 0; j < mI; ++j) {
      Eigen::VectorXd g = Eigen::VectorXd::Zero(n + mE);
      for (const auto& [i, a] : inequalities[static_cast<std::size_t>(j)].terms)
        if (!isFrozen(i)) g[i] += a;
      Y.col(j) = solveKkt(g, nullptr, 2);
    }
    Eigen::MatrixXd A(mI, mI);
    Eigen::VectorXd bc(mI);
    for (int r = 0; r < mI; ++r) {
      const LinearConstraint& row = inequalities[static_cast<std::size_t>(r)];
      for (int c = 0; c < mI; ++c) {
        double s = 0.0;
        for (const auto& [i, a] : row.terms)
          if (!isFrozen(i)) s += a * Y(i, c);
        A(r, c) = s;
      }
      bc[r] = row.value(x.head(n));
    }
    A = 0.5 * (A + A.transpose()).eval();
    A.diagonal().array() += 1e-13 * std::max(1e-300, A.diagonal().cwiseAbs().maxCoeff());
    const std::vector<ConstraintSense> sense(static_cast<std::size_t>(mI), ConstraintSense::Inequality);
    const MixedLcpResult lcp = solveMixedLcp(A, bc, sense);
    out.pivots = lcp.pivots;
    if (!lcp.solved) {
      out.failure = "contact problem: " + lcp.failure;
      out.q = qStart;
      return out;
    }
    x += Y * lcp.lambda;
    for (int j = 0; j < mI; ++j) out.lambda[inIndex[static_cast<std::size_t>(j)]] = lcp.lambda[j];
  }
  // μ = -λ for the equality rows (KKT sign convention H q + Jᵀμ = b).
  for (int j = 0; j < mE; ++j) out.lambda[eqIndex[static_cast<std::size_t>(j)]] = -x[n + j];
  out.q = x.head(n);
  for (int i = 0; i < n; ++i)
    if (isFrozen(i)) out.q[i] = qStart[i];
  out.constraintValues.resize(static_cast<int>(rows.size()));
  for (std::size_t k = 0; k < rows.size(); ++k) out.constraintValues[static_cast<int>(k)] = rows[k].value(out.q);
  out.solved = true;
  return out;
}

}  // namespace flexure
