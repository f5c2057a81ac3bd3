#include "block_chunks.h"

#include "simd_clones.h"

namespace flexure::deform {

// The select is written per coordinate so that the loop vectorizes with the interleaved stores
// of three doubles (the same shuffles splitCoordinates uses to read them).
FLEXURE_DEFORM_SIMD
void writeBackMoved(Vec3d* __restrict pts, const double* __restrict xs, const double* __restrict ys, const double* __restrict zs,
                    const double* __restrict dx, const double* __restrict dy, const double* __restrict dz, int n) {
  static_assert(sizeof(Vec3d) == 3 * sizeof(double), "Vec3d is written as three packed doubles");
  double* __restrict p = reinterpret_cast<double*>(pts);
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const bool moved = (dx[i] != 0.0) | (dy[i] != 0.0) | (dz[i] != 0.0);
    p[3 * i] = moved ? xs[i] + dx[i] : xs[i];
    p[3 * i + 1] = moved ? ys[i] + dy[i] : ys[i];
    p[3 * i + 2] = moved ? zs[i] + dz[i] : zs[i];
  }
}

}  // namespace flexure::deform
