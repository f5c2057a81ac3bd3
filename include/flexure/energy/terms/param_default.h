#pragma once
// Default value of a parameter (section 3): E = (α − α0)²,  r = α − α0.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class ParamDefaultTerm final : public ResidualTerm<ParamDefaultTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("param-default")
  static constexpr int kResiduals = 1;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  ParamRef param;  // "node", "slot"
  double target = 0.0;  // "value"
};

}  // namespace flexure
