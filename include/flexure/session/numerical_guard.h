#pragma once
// The rollback rule of the solver thread (issue 9 item 4): after each step Ψ must be finite and
// the energy must be finite and must not have grown past `growthLimit` times its value before
// the step (plus `absoluteSlack`, so a near-zero energy may rise to a normal size). A step that
// breaks the rule is undone: Ψ returns to the last good state, the result says so, and the bad
// Ψ is never published into the document.
#include <Eigen/Core>
#include <optional>
#include <string>

namespace flexure::session {

struct NumericalGuard {
  double growthLimit = 1e6;
  double absoluteSlack = 1e3;

  // Null when the step is acceptable, else the reason it must be rolled back.
  std::optional<std::string> check(const Eigen::VectorXd& psi, double energyBefore, double energyAfter) const;
};

}  // namespace flexure::session
