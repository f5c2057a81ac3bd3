#pragma once
// Slider (section 3): a point of a on the line through P1 and P2,
//   E = PLD(P^a, P1, P2)²,  r = d − (d·û) û,  d = P^a − P1,  û = (P2 − P1)/|P2 − P1|  (3 residuals).
// P1, P2 are world points, or points of another primitive's own space when "line_node" names
// one (a groove carried by a moving part: the line moves with it).
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class SliderTerm final : public ResidualTerm<SliderTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("slider")
  static constexpr int kResiduals = 3;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafPoint point;         // "node", ...
  LeafRef line;            // "line_node" (optional)
  Vec3d p1, p2{1, 0, 0};   // "p1", "p2"
};

// The line's end points in world space.
template <class S>
void lineEnds(const LeafRef& line, const Vec3d& p1, const Vec3d& p2, const ParamAccess<S>& params, Vec3<S>& a,
              Vec3<S>& b);

}  // namespace flexure
