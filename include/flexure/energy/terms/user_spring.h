#pragma once
// The user's drag spring E_user (section 2): a picked point of a primitive pulled toward a
// moving target, E = |P^a − X_target|². Added and removed while solving (drag.h); not part of
// a scene's constraints unless a caller puts it there.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class UserSpringTerm final : public ResidualTerm<UserSpringTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("user-spring")
  static constexpr int kResiduals = 3;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafPoint point;
  Vec3d target;
};

}  // namespace flexure
