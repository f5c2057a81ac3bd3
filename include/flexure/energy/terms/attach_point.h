#pragma once
// Attachment of a surface point to a fixed point in space (Witkin et al. 1987, section 3):
//   E = |P^a(u_a, v_a) − Q|²,   r = P^a − Q   (3 residuals).
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class AttachPointTerm final : public ResidualTerm<AttachPointTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("attach-point")
  static constexpr int kResiduals = 3;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafPoint point;  // fields "node", "node_at", "node_point", "node_local"
  Vec3d target;     // Q
};

}  // namespace flexure
