#pragma once
// Telescope (section 3, variation of the slider): segment B = (B1, B2) of b is colinear with
// segment A = (A1, A2) of a, and they overlap (like segments of a telescope):
//   r_1..3 = PLD vector of B1 from line A,  r_4..6 = PLD vector of B2 from line A,
//   r_7 = max(0, ℓ_min − overlap),  overlap = |A| (min(1, max(t1, t2)) − max(0, min(t1, t2))),
// where t_k is B_k's parameter along A and ℓ_min the required overlap length ("min_overlap").
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class TelescopeTerm final : public ResidualTerm<TelescopeTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("telescope")
  static constexpr int kResiduals = 7;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafRef a, b;
  Vec3d a1, a2{1, 0, 0}, b1, b2{1, 0, 0};  // segment ends in each leaf's own space
  double minOverlap = 0.0;
};

}  // namespace flexure
