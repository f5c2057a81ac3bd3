#pragma once
// The positions path's block loop (BatchDeformer::deformBlock) works on chunks of
// BezierSkeleton::kRunLength consecutive vertices: each chunk has its own box, a point metaball
// is summed only over the chunks it can reach, and only chunks that something added to are
// written back. These are the two lane pieces of that bookkeeping.
#include "flexure/core/vec.h"

namespace flexure::deform {

// False when no point of `box` lies within an axis-aligned ellipsoidal bump of centre c and
// inverse radii inv (q = (P - c) inv, |q| < 1 inside): Eq. 3's w(|q|^2) is then exactly 0 for
// every vertex of the box (Eq. 7: clamped to |q|^2 = 1), so the bump's loop over them adds only
// zeros and may be skipped. Conservative by a margin of 1e-9 relative: rounding in the lane
// loop's |q|^2 can never turn a skipped vertex into one within reach.
// Inline: the block loop asks it for every chunk and bump.
inline bool bumpMeetsBox(const Vec3d& c, const Vec3d& inv, const Bounds3& box) {
  if (box.empty()) return false;  // NaN vertices only: the lane loop adds 0 to them
  double q2 = 0.0;
  for (int k = 0; k < 3; ++k) {
    // The gap from the centre to the box along axis k, computed as the lane loop computes
    // (P_k - c_k) inv_k: rounding is monotone, so no vertex of the box gets a smaller |q_k|.
    const double below = (box.lo[k] - c[k]) * inv[k], above = (c[k] - box.hi[k]) * inv[k];
    const double gap = below > 0.0 ? below : (above > 0.0 ? above : 0.0);
    q2 += gap * gap;
  }
  return !(q2 > 1.0 + 1e-9);  // NaN (an infinite box): kept
}

// pts[i] = (xs[i] + dx[i], ...) where d != 0, in lanes; the other vertices get back the very
// bits they were split from (xs, ys, zs), so the result equals a per-vertex test-and-write.
void writeBackMoved(Vec3d* pts, const double* xs, const double* ys, const double* zs, const double* dx, const double* dy,
                    const double* dz, int n);

}  // namespace flexure::deform
