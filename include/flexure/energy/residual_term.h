#pragma once
// CRTP helper for residual-form energy terms (E = w |r|²). A term implements once
//   static constexpr int kResiduals = ...;
//   template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;
// and this stamps out the double and Dual8 entry points and the clone.
#include <memory>

#include "flexure/energy/energy_term.h"

namespace flexure {

template <class Derived>
class ResidualTerm : public EnergyConstraint {
 public:
  // Fixed-size terms declare kResiduals; variable-size ones override residualCount().
  int residualCount() const override {
    if constexpr (requires { Derived::kResiduals; }) return Derived::kResiduals;
    else return 0;
  }
  void residuals(const ParamAccess<double>& p, double* out) const override { self().template residualsT<double>(p, out); }
  void residuals(const ParamAccess<Dual8>& p, Dual8* out) const override { self().template residualsT<Dual8>(p, out); }
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<Derived>(self()); }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

// CRTP helper for scalar-form terms: the term implements
//   template <class S> S energyT(const ParamAccess<S>& params) const;
template <class Derived>
class ScalarTerm : public EnergyConstraint {
 public:
  int residualCount() const override { return 0; }
  double scalarEnergy(const ParamAccess<double>& p) const override { return self().template energyT<double>(p); }
  Dual8 scalarEnergy(const ParamAccess<Dual8>& p) const override { return self().template energyT<Dual8>(p); }
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<Derived>(self()); }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace flexure
