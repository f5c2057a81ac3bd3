#include "flexure/deform/coordinate_bounds.h"

#include "simd_clones.h"

// GCC vectorizes these min/max reductions of selects when told they are reductions; clang 14
// does not recognize them (without fast-math flags) and reports the `omp simd` it cannot honour,
// so it gets plain loops.
#if defined(__clang__)
#define FLEXURE_BOX_REDUCTION
#else
#define FLEXURE_BOX_REDUCTION _Pragma("omp simd reduction(min : lx, ly, lz) reduction(max : hx, hy, hz)")
#endif

namespace flexure::deform {

// Min and max in lanes; the comparisons are false for NaN, which therefore never enters.
FLEXURE_DEFORM_SIMD
Bounds3 coordinateBounds(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n) {
  double lx = 1e300, ly = 1e300, lz = 1e300, hx = -1e300, hy = -1e300, hz = -1e300;
  FLEXURE_BOX_REDUCTION
  for (int i = 0; i < n; ++i) {
    lx = xs[i] < lx ? xs[i] : lx;
    ly = ys[i] < ly ? ys[i] : ly;
    lz = zs[i] < lz ? zs[i] : lz;
    hx = xs[i] > hx ? xs[i] : hx;
    hy = ys[i] > hy ? ys[i] : hy;
    hz = zs[i] > hz ? zs[i] : hz;
  }
  Bounds3 b;
  b.lo = {lx, ly, lz};
  b.hi = {hx, hy, hz};
  return b;
}

// The same reductions while the points are read once, in lanes (the block loop's first touch of
// its vertices: the copy and the box were two passes in scalar code).
FLEXURE_DEFORM_SIMD
Bounds3 splitCoordinates(const Vec3d* __restrict points, int n, double* __restrict xs, double* __restrict ys, double* __restrict zs) {
  static_assert(sizeof(Vec3d) == 3 * sizeof(double), "Vec3d is read as three packed doubles");
  const double* __restrict p = reinterpret_cast<const double*>(points);
  double lx = 1e300, ly = 1e300, lz = 1e300, hx = -1e300, hy = -1e300, hz = -1e300;
  FLEXURE_BOX_REDUCTION
  for (int i = 0; i < n; ++i) {
    const double x = p[3 * i], y = p[3 * i + 1], z = p[3 * i + 2];
    xs[i] = x;
    ys[i] = y;
    zs[i] = z;
    lx = x < lx ? x : lx;
    ly = y < ly ? y : ly;
    lz = z < lz ? z : lz;
    hx = x > hx ? x : hx;
    hy = y > hy ? y : hy;
    hz = z > hz ? z : hz;
  }
  Bounds3 b;
  b.lo = {lx, ly, lz};
  b.hi = {hx, hy, hz};
  return b;
}

}  // namespace flexure::deform

#undef FLEXURE_BOX_REDUCTION
