#pragma once
// Linear relation between two parameters (section 3): α = k1 β + k2,
//   E = (α − k1 β − k2)²,  r = α − k1 β − k2.  ("one rod twice as long as another": k1 = 2.)
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class ParamRelationTerm final : public ResidualTerm<ParamRelationTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("param-relation")
  static constexpr int kResiduals = 1;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  ParamRef alpha;  // "node_a", "slot_a"
  ParamRef beta;   // "node_b", "slot_b"
  double k1 = 1.0, k2 = 0.0;
};

}  // namespace flexure
