#pragma once
// Floating attachment (section 3): a point of a lies somewhere on b's surface, facing it,
//   E = I^b(P^a)² + N^a·∇I^b/|∇I^b| + 1
//     = I^b(P^a)² + |N^a + ∇I^b/|∇I^b||²/2      (unit vectors; 4 residuals).
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class FloatAttachTerm final : public ResidualTerm<FloatAttachTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("float-attach")
  static constexpr int kResiduals = 4;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafRef a, b;          // "node_a" carries the point, "node_b" the implicit surface
  SurfacePoint pointA;   // "point_a"
  bool alignNormals = true;  // "align_normals": false keeps only I^b(P^a)² (point on surface)
};

// The residuals of one floating contact, shared with double floating attachment.
template <class S>
void floatingContactResiduals(const LeafRef& a, const SurfacePoint& pa, const LeafRef& b, bool alignNormals,
                              const ParamAccess<S>& params, S* out);

}  // namespace flexure
