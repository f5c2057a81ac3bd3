#include "flexure/session/numerical_guard.h"

#include <cmath>

namespace flexure::session {

std::optional<std::string> NumericalGuard::check(const Eigen::VectorXd& psi, double energyBefore,
                                                 double energyAfter) const {
  for (Eigen::Index i = 0; i < psi.size(); ++i)
    if (!std::isfinite(psi[i])) return "step produced a non-finite parameter (index " + std::to_string(i) + ")";
  if (!std::isfinite(energyAfter)) return "step produced a non-finite energy";
  const double before = std::isfinite(energyBefore) ? std::abs(energyBefore) : 0.0;
  if (energyAfter > growthLimit * before + absoluteSlack)
    return "energy diverged (" + std::to_string(energyBefore) + " -> " + std::to_string(energyAfter) + ")";
  return std::nullopt;
}

}  // namespace flexure::session
