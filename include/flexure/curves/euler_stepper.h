#pragma once
// The paper's own method, kept as the animated, step-wise baseline (Chen & Wu section 3-4):
// every coordinate of q is a particle of unit mass under Aristotelian dynamics f = M q̇, and
// Euler steps q(t+Δt) = q(t) + M⁻¹ f Δt (Eq. 8) with f = f_a + f_c, f_a = -∂E/∂q (Eq. 7) and
// the constraint force f_c = Jᵀλ (Eq. 11) from
//   equality rows:    J M⁻¹ Jᵀ λ = -J M⁻¹ f_a - C/Δt                       (Eq. 12, drift-free)
//   inequality rows:  a = J M⁻¹ Jᵀ λ + J M⁻¹ f_a + C/Δt >= 0, λ >= 0, λa = 0  (Eq. 15-16)
// solved together as one mixed contact problem (section 5.3). The C/Δt term makes linear
// constraints hold exactly after each step (a plain Eq. 12 lets Euler drift off them).
// Δt = 1.8/λ_max(H), close to the largest stable step of gradient descent.
#include <Eigen/Core>
#include <Eigen/Dense>
#include <vector>

#include "flexure/curves/curve_energy.h"
#include "flexure/curves/linear_constraint.h"

namespace flexure {

class EulerStepper {
 public:
  EulerStepper(const QuadraticEnergy& energy, std::vector<bool> frozen);
  double timeStep() const { return dt_; }
  // One Euler step (Eq. 8) under the given rows; returns the constraint multipliers.
  Eigen::VectorXd step(Eigen::VectorXd& q, const std::vector<LinearConstraint>& rows);
  // Largest |q̇| of the last step (the net force on the particles, Eq. 7): zero at equilibrium.
  double lastSpeed() const { return lastSpeed_; }

 private:
  void prepareRows(const std::vector<LinearConstraint>& rows);
  const QuadraticEnergy& energy_;
  std::vector<bool> frozen_;
  double dt_ = 0.0;
  double lastSpeed_ = 0.0;
  std::vector<LinearConstraint> rows_;
  Eigen::MatrixXd A_;  // J M⁻¹ Jᵀ
  Eigen::LDLT<Eigen::MatrixXd> equalityLdlt_;
  bool allEqualities_ = true;
};

}  // namespace flexure
