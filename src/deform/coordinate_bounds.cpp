#include "flexure/deform/coordinate_bounds.h"

#include "simd_clones.h"

namespace flexure::deform {

namespace {

// The running box as kBoxLanes independent lanes (one vector register per bound in the AVX-512
// clone), folded into one box at the end. The `omp simd reduction` these functions had did the
// same but kept its private copies in memory, set and folded one element at a time: about 120
// cycles per call of 64 points (coordinateBounds was 5.7 % of a Bezier deformation's time, called
// per chunk of 64, twice the cost of the 64 min/max steps themselves).
constexpr int kBoxLanes = 8;

struct LaneBox {
  alignas(64) double lx[kBoxLanes], ly[kBoxLanes], lz[kBoxLanes], hx[kBoxLanes], hy[kBoxLanes], hz[kBoxLanes];
};

// The point (x, y, z) into lane j. The comparisons are false for NaN, which therefore never
// enters.
[[gnu::always_inline]] inline void growLane(LaneBox& box, int j, double x, double y, double z) {
  box.lx[j] = x < box.lx[j] ? x : box.lx[j];
  box.ly[j] = y < box.ly[j] ? y : box.ly[j];
  box.lz[j] = z < box.lz[j] ? z : box.lz[j];
  box.hx[j] = x > box.hx[j] ? x : box.hx[j];
  box.hy[j] = y > box.hy[j] ? y : box.hy[j];
  box.hz[j] = z > box.hz[j] ? z : box.hz[j];
}

// The window [b, b + kBoxLanes) of the arrays into the lanes.
[[gnu::always_inline]] inline void growLanes(LaneBox& box, const double* __restrict xs, const double* __restrict ys,
                                             const double* __restrict zs, int b) {
#pragma omp simd
  for (int j = 0; j < kBoxLanes; ++j) growLane(box, j, xs[b + j], ys[b + j], zs[b + j]);
}

[[gnu::always_inline]] inline void startLanes(LaneBox& box) {
  for (int j = 0; j < kBoxLanes; ++j) {
    box.lx[j] = box.ly[j] = box.lz[j] = 1e300;
    box.hx[j] = box.hy[j] = box.hz[j] = -1e300;
  }
}

// The lanes' box folded into one.
[[gnu::always_inline]] inline Bounds3 foldLanes(const LaneBox& box) {
  Bounds3 b;
  b.lo = {box.lx[0], box.ly[0], box.lz[0]};
  b.hi = {box.hx[0], box.hy[0], box.hz[0]};
  for (int j = 1; j < kBoxLanes; ++j) {
    b.lo.x = box.lx[j] < b.lo.x ? box.lx[j] : b.lo.x;
    b.lo.y = box.ly[j] < b.lo.y ? box.ly[j] : b.lo.y;
    b.lo.z = box.lz[j] < b.lo.z ? box.lz[j] : b.lo.z;
    b.hi.x = box.hx[j] > b.hi.x ? box.hx[j] : b.hi.x;
    b.hi.y = box.hy[j] > b.hi.y ? box.hy[j] : b.hi.y;
    b.hi.z = box.hz[j] > b.hi.z ? box.hz[j] : b.hi.z;
  }
  return b;
}

// The box of n points: whole windows, the last one overlapping the one before when n is not a
// multiple of kBoxLanes (a minimum or maximum does not mind seeing a point twice); fewer points
// than a window, one at a time.
[[gnu::always_inline]] inline Bounds3 boundsInLanes(const double* __restrict xs, const double* __restrict ys,
                                                    const double* __restrict zs, int n) {
  LaneBox box;
  startLanes(box);
  if (n >= kBoxLanes) {
    for (int b = 0; b < n; b += kBoxLanes) growLanes(box, xs, ys, zs, b + kBoxLanes <= n ? b : n - kBoxLanes);
  } else {
    for (int i = 0; i < n; ++i) growLane(box, 0, xs[i], ys[i], zs[i]);
  }
  return foldLanes(box);
}

}  // namespace

FLEXURE_DEFORM_SIMD
Bounds3 coordinateBounds(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n) {
  return boundsInLanes(xs, ys, zs, n);
}

// The split and the box in one pass over the points, in windows of kBoxLanes (the block loop's
// first touch of its vertices, read from memory: the box's lanes ride along with the copy). The
// last window overlaps the one before as in boundsInLanes (it writes the same values again).
FLEXURE_DEFORM_SIMD
Bounds3 splitCoordinates(const Vec3d* __restrict points, int n, double* __restrict xs, double* __restrict ys, double* __restrict zs) {
  static_assert(sizeof(Vec3d) == 3 * sizeof(double), "Vec3d is read as three packed doubles");
  const double* __restrict p = reinterpret_cast<const double*>(points);
  if (n < kBoxLanes) {
    for (int i = 0; i < n; ++i) {
      xs[i] = p[3 * i];
      ys[i] = p[3 * i + 1];
      zs[i] = p[3 * i + 2];
    }
    return boundsInLanes(xs, ys, zs, n);
  }
  LaneBox box;
  startLanes(box);
  for (int b0 = 0; b0 < n; b0 += kBoxLanes) {
    const int b = b0 + kBoxLanes <= n ? b0 : n - kBoxLanes;
#pragma omp simd
    for (int j = 0; j < kBoxLanes; ++j) {
      const double x = p[3 * (b + j)], y = p[3 * (b + j) + 1], z = p[3 * (b + j) + 2];
      xs[b + j] = x;
      ys[b + j] = y;
      zs[b + j] = z;
      growLane(box, j, x, y, z);
    }
  }
  return foldLanes(box);
}

}  // namespace flexure::deform
