#pragma once
// Boilerplate shared by energy term headers: the Constraint overrides every kind declares,
// and the explicit instantiations of its templated evaluation (double values, Dual8 jets).
#include "flexure/core/field_visitor.h"
#include "flexure/energy/residual_term.h"
#include "flexure/energy/term_references.h"

#define FLEXURE_ENERGY_TERM_DECLS(KIND)                                    \
  static constexpr std::string_view kKind = KIND;                          \
  std::string_view kind() const override;                                  \
  void visitFields(::flexure::FieldVisitor& v) override;                   \
  std::vector<std::string> referencedNodes() const override;               \
  void resolveReferences(const ::flexure::Scene& scene) override;          \
  std::vector<const ::flexure::Node*> nodesRead() const override;

#define FLEXURE_INSTANTIATE_RESIDUALS(Class)                                                           \
  template void Class::residualsT<double>(const ParamAccess<double>&, double*) const;                 \
  template void Class::residualsT<Dual8>(const ParamAccess<Dual8>&, Dual8*) const;

#define FLEXURE_INSTANTIATE_ENERGY(Class)                                             \
  template double Class::energyT<double>(const ParamAccess<double>&) const;          \
  template Dual8 Class::energyT<Dual8>(const ParamAccess<Dual8>&) const;
