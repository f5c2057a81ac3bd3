#include "flexure/energy/anchored_minimization.h"

#include "flexure/energy/pattern_kept_ldlt.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <optional>

namespace flexure {

namespace {

// The point of the segment from `from` (within the limit) to `to` (beyond it), put back onto the
// held constraints, whose turn is just within the limit: bisection on the segment's fraction.
// Null when no point of it is within the limit however short the step (the turn jumps at `from`:
// something the hand did not ask for, such as the constraints' own correction; then the step is
// taken whole rather than the drag stopping for ever).
std::optional<Eigen::VectorXd> shortenedToTurnLimit(const EnergyProblem& problem, const Eigen::VectorXd& from,
                                                    const Eigen::VectorXd& to, const AnchoredMinimization& how,
                                                    const Eigen::VectorXd& metric) {
  std::optional<Eigen::VectorXd> best;
  double inside = 0.0, beyond = 1.0;
  for (int k = 0; k < 8; ++k) {
    const double t = 0.5 * (inside + beyond);
    Eigen::VectorXd candidate = from + t * (to - from);
    problem.projectToBounds(candidate);
    if (how.held != nullptr) restoreOnto(*how.held, candidate, 6, &metric, how.heldFactor);
    if (how.turn(candidate) <= how.maxTurn) {
      inside = t;
      best = std::move(candidate);
    } else {
      beyond = t;
    }
  }
  return best;
}

}  // namespace

void restoreOnto(EnergyProblem& held, Eigen::VectorXd& psi, int maxIterations, const Eigen::VectorXd* metric,
                 PatternKeptLdlt* factor) {
  const int n = held.freeCount();
  if (n == 0 || held.residualCount() == 0) return;
  const std::vector<int>& cols = held.freeIndices();
  // μ M: 10⁻¹⁰ max diag(JᵀJ) in the metric's dearest column, no less than a thousandth of that in
  // any column (below, the minimal-norm part of δ would be round-off).
  Eigen::VectorXd regularization = Eigen::VectorXd::Ones(n);
  if (metric != nullptr && metric->size() == n) {
    const double dearest = metric->maxCoeff();
    if (dearest > 0.0) regularization = (*metric / dearest).cwiseMax(1e-3);
  }
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
      d.diagonal() += 1e-10 * scale * regularization;
      delta = d.ldlt().solve(rhs);
    } else {
      Eigen::SparseMatrix<double> diagonal(n, n);
      for (int c = 0; c < n; ++c) diagonal.insert(c, c) = 1e-10 * scale * regularization[c];
      PatternKeptLdlt local;
      PatternKeptLdlt& ldlt = factor != nullptr ? *factor : local;
      ldlt.factorize(h + diagonal);
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

AnchoredResult minimizeAnchored(EnergyProblem& problem, Eigen::VectorXd& psi, const AnchoredMinimization& how) {
  const std::vector<int>& cols = problem.freeIndices();
  const int n = problem.freeCount();
  AnchoredResult result;
  if (n == 0) return result;
  const Eigen::VectorXd& anchor = *how.anchor;
  const Eigen::VectorXd m = how.metric != nullptr ? *how.metric : Eigen::VectorXd::Ones(n);
  const double eps = how.eps, radius = how.radius, tolerance = how.tolerance;
  EnergyProblem* held = how.held;
  auto columnsOf = [&](const Eigen::VectorXd& p) {
    Eigen::VectorXd x(n);
    for (int c = 0; c < n; ++c) x[c] = p[cols[static_cast<std::size_t>(c)]];
    return x;
  };
  auto extra = [&](const Eigen::VectorXd& p) {
    const Eigen::VectorXd d = columnsOf(p) - anchor;
    return eps * d.dot(m.cwiseProduct(d));
  };
  auto objective = [&](const Eigen::VectorXd& p, Eigen::VectorXd& r) { return problem.residuals(p, r) + extra(p); };
  constexpr int kDenseLimit = 200;
  const bool dense = n <= kDenseLimit;
  Eigen::VectorXd r, rTrial;
  Eigen::SparseMatrix<double> J, normal, metricDiagonal(n, n);
  for (int c = 0; c < n; ++c) metricDiagonal.insert(c, c) = m[c];
  PatternKeptLdlt local;
  PatternKeptLdlt& sparse = how.factor != nullptr ? *how.factor : local;
  Eigen::MatrixXd denseNormal;
  Eigen::VectorXd g;
  double F = 0.0, lambda = 0.0, scale = 1.0;
  auto linearize = [&] {
    F = problem.linearize(psi, r, J) + extra(psi);
    g = J.transpose() * r + eps * m.cwiseProduct(columnsOf(psi) - anchor);
    normal = Eigen::SparseMatrix<double>(J.transpose() * J);
    scale = 1.0;
    for (int c = 0; c < n; ++c) scale = std::max(scale, normal.coeff(c, c));
    if (dense) denseNormal = Eigen::MatrixXd(normal);
  };
  auto solve = [&](double damping, Eigen::VectorXd& delta) {
    if (dense) {
      Eigen::MatrixXd h = denseNormal;
      h.diagonal() += (eps + damping) * m;
      delta = h.ldlt().solve(-g);
    } else {
      Eigen::SparseMatrix<double> h = normal + (eps + damping) * metricDiagonal;
      sparse.factorize(h);
      delta = sparse.solve(-g);
    }
    return delta.allFinite();
  };
  linearize();
  int it = 0;
  Eigen::VectorXd delta, trial, extended, rExtended, previousStep;
  for (; it < how.maxIterations; ++it) {
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
    if (held != nullptr) restoreOnto(*held, trial, 6, &m, how.heldFactor);
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
        if (held != nullptr) restoreOnto(*held, extended, 6, &m, how.heldFactor);
        const double Fextended = objective(extended, rExtended);
        if (std::isfinite(Fextended) && Fextended < Ftrial) {
          trial = extended;
          Ftrial = Fextended;
        }
      }
    }
    if (std::isfinite(Ftrial) && Ftrial <= F * (1.0 + 1e-14)) {
      if (how.turn && how.turn(trial) > how.maxTurn) {
        if (std::optional<Eigen::VectorXd> shortened = shortenedToTurnLimit(problem, psi, trial, how, m)) {
          psi = std::move(*shortened);
          result.limited = true;
          ++it;
          break;
        }
      }
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
  result.iterations = it;
  return result;
}


}  // namespace flexure
