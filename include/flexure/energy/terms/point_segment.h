#pragma once
// Point to segment (section 3, variation of the slider): the point lies on the segment P1P2,
//   t = clamp((P^a − P1)·(P2 − P1)/|P2 − P1|², 0, 1),  r = P^a − (P1 + t (P2 − P1))   (3 residuals).
// Inside the segment this is the slider; beyond an end it pulls toward that end.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class PointSegmentTerm final : public ResidualTerm<PointSegmentTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("point-segment")
  static constexpr int kResiduals = 3;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafPoint point;
  LeafRef line;  // "line_node" (optional): P1, P2 in its own space
  Vec3d p1, p2{1, 0, 0};
};

}  // namespace flexure
