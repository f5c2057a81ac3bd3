#pragma once
// Surface-to-surface attachment (section 3): the points coincide and the normals are opposite,
//   E = |P^a − P^b|² + N^a·N^b + 1.
// For unit normals N^a·N^b + 1 = |N^a + N^b|²/2, so the term is the sum of squares
//   r = (P^a − P^b, (N^a + N^b)/√2)   (6 residuals), zero exactly when N^a = −N^b.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class AttachSurfaceTerm final : public ResidualTerm<AttachSurfaceTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("attach-surface")
  static constexpr int kResiduals = 6;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafRef a, b;  // fields "node_a", "node_b"
  SurfacePoint pointA, pointB;  // "point_a", "point_b"
};

}  // namespace flexure
