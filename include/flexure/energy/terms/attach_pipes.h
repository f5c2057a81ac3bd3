#pragma once
// Attach-pipes, the pipefitting composite (Witkin et al. 1987, section 4, E_AP):
//   E_AP = |P1 − P2|² + N1·N2 + 1 + (r1 − r2)² + (t1 − t2)²
// with P_k the axis end points (x = ±length/2 on the tube's axis, mapped by the path), N_k the
// unit outward axis directions there (the end's normal ±x̂, mapped by J^{-T} as in the paper),
// r_k, t_k radii and thicknesses. With N1·N2 + 1 = |N1 + N2|²/2 the residuals are
//   r = (P1 − P2, (N1 + N2)/√2, r1 − r2, t1 − t2)   (8 residuals).
// A primitive without a "thickness" (a cylinder) contributes t = 0 on that side.
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class AttachPipesTerm final : public ResidualTerm<AttachPipesTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("attach-pipes")
  static constexpr int kResiduals = 8;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafRef a, b;       // "pipe_a", "pipe_b"
  int endA = 1;       // "end_a": +1 is the +x end, −1 the −x end
  int endB = -1;      // "end_b"

 private:
  // Local slots of length, radius, thickness in each pipe's slice (-1: absent), found once at
  // resolve time so evaluation does no name look-ups.
  int slotsA_[3] = {-1, -1, -1}, slotsB_[3] = {-1, -1, -1};
};

// The world axis end point and outward unit direction of a pipe's end ±1.
// `lengthSlot` is the local index of the pipe's "length".
template <class S>
void pipeEnd(const LeafRef& pipe, int lengthSlot, int end, const ParamAccess<S>& params, Vec3<S>& point,
             Vec3<S>& outward);

}  // namespace flexure
