#pragma once
// The drag's inner solve (drag.h): minimizes
//
//   F(Ψ) = |r(Ψ)|² + ε Σ_c m_c (ψ_c − a_c)²
//
// over an EnergyProblem's columns, to convergence, by Levenberg-Marquardt on the normal
// equations (JᵀJ + (ε + λ) M) δ = −(Jᵀr + ε M (ψ − a)), M = diag(m) the drag's metric
// (drag_metric.h). λ = 0 (Gauss-Newton) whenever the step fits the trust region |δ| ≤ radius
// and lowers F; λ is raised only to fit the trust region or to find a decrease, and it damps in
// the same metric, so a damped step is the metric's steepest descent M⁻¹∇F: the cheap kinds move
// first. It stops when the undamped step's largest entry is below `tolerance`, i.e. at F's
// minimizer to that accuracy, whatever the start: this is what makes a drag's result a function
// of its target.
//
// Every trial point is first put back onto `held`'s constraints (restoreOnto): a step along the
// tangent of a curved constraint manifold would otherwise raise the W-stiff penalty by W·(κδ²)²
// and be refused, and the iteration would crawl along the manifold in tiny damped steps.
//
// A turn limit bounds how far the parts may turn in one call (issue 26 item 4: where the grabbed
// point passes near the axis a part turns about, a small pull asks for a large turn): when an
// accepted step would take `turn` past `maxTurn`, the step is shortened to the limit and the
// minimization stops there, not converged (`limited`); the caller goes on in a later call.
#include <Eigen/Core>
#include <functional>

#include "flexure/energy/energy_problem.h"

namespace flexure {

class PatternKeptLdlt;

struct AnchoredMinimization {
  const Eigen::VectorXd* anchor = nullptr;  // a, per column
  const Eigen::VectorXd* metric = nullptr;  // m, per column; null: every m_c = 1 (the paper's metric)
  double eps = 1e-4;                        // ε
  double radius = 0.05;                     // trust region, |δ| per step
  double tolerance = 1e-11;                 // on the undamped step's largest entry
  int maxIterations = 200;                  // safety cap only
  EnergyProblem* held = nullptr;            // constraints every trial is put back onto
  // Factorizations kept across calls on the same problems (a drag's moves): their ordering and
  // symbolic analysis are made once per pattern. Null: made afresh in each call.
  PatternKeptLdlt* factor = nullptr;        // of the problem's normal equations
  PatternKeptLdlt* heldFactor = nullptr;    // of held's (restoreOnto)
  // The largest turn (radians) of the watched parts at Ψ since the call began, and its limit.
  std::function<double(const Eigen::VectorXd&)> turn;
  double maxTurn = 0.0;
};

struct AnchoredResult {
  int iterations = 0;
  bool limited = false;  // stopped at the turn limit, short of the minimizer
};

AnchoredResult minimizeAnchored(EnergyProblem& problem, Eigen::VectorXd& psi, const AnchoredMinimization& how);

// Puts psi back onto the problem's constraints with the smallest change of its columns in the
// metric m (null: the identity): a few Gauss-Newton steps with the minimal-norm solution
// (JᵀJ + μ M) δ = −Jᵀr, μ M ≥ 10⁻¹³ max diag(JᵀJ) in every column.
// `factor`, if given, keeps its analysis across calls on the same problem.
void restoreOnto(EnergyProblem& held, Eigen::VectorXd& psi, int maxIterations = 6,
                 const Eigen::VectorXd* metric = nullptr, PatternKeptLdlt* factor = nullptr);

}  // namespace flexure
