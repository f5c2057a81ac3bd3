#include "flexure/energy/energy_term.h"

#include <stdexcept>
#include <vector>

namespace flexure {

void EnergyConstraint::residuals(const ParamAccess<double>&, double*) const {
  throw std::logic_error(std::string(kind()) + " has no residual form");
}
void EnergyConstraint::residuals(const ParamAccess<Dual8>&, Dual8*) const {
  throw std::logic_error(std::string(kind()) + " has no residual form");
}

double EnergyConstraint::scalarEnergy(const ParamAccess<double>& p) const {
  std::vector<double> r(static_cast<std::size_t>(residualCount()));
  residuals(p, r.data());
  double e = 0.0;
  for (double x : r) e += x * x;
  return e;
}

Dual8 EnergyConstraint::scalarEnergy(const ParamAccess<Dual8>& p) const {
  std::vector<Dual8> r(static_cast<std::size_t>(residualCount()));
  residuals(p, r.data());
  Dual8 e(0.0);
  for (const Dual8& x : r) e += x * x;
  return e;
}

bool EnergyConstraint::isSatisfied(const ParamAccess<double>&, double weightedEnergy, double tolerance) const {
  return weightedEnergy <= tolerance;
}

}  // namespace flexure
