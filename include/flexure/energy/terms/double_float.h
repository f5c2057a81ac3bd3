#pragma once
// Double floating attachment (section 3, "both points float on their respective surfaces"):
// the chosen point of a floats on b's implicit surface and the chosen point of b floats on a's,
// each with opposite normals:
//   E = I^b(P^a)² + |N^a + n̂_b(P^a)|²/2 + I^a(P^b)² + |N^b + n̂_a(P^b)|²/2,  n̂ = ∇I/|∇I|
// (8 residuals). Contact is kept while either surface slides along the other.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class DoubleFloatTerm final : public ResidualTerm<DoubleFloatTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("double-float")
  static constexpr int kResiduals = 8;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafRef a, b;
  SurfacePoint pointA, pointB;
  bool alignNormals = true;
};

}  // namespace flexure
