// The circle's offsets for a run of points in vector lanes (the batch path, docs/deform.md).
#include <cmath>

#include "../simd_clones.h"
#include "flexure/deform/skeletons/circle_skeleton.h"

namespace flexure::deform {

namespace {
// Section 3.3: w, the offset's component in the circle's plane, at distance rho from the axis;
// the nearest point of the circle is the centre plus R_C w / rho, and on the axis (rho = 0) the
// one along u.
FLEXURE_DEFORM_SIMD
void circleOffsetLanes(const Vec3d& c, const Vec3d& n, const Vec3d& u, double radius, const double* __restrict xs,
                       const double* __restrict ys, const double* __restrict zs, int count, double* __restrict ox,
                       double* __restrict oy, double* __restrict oz) {
#pragma omp simd
  for (int i = 0; i < count; ++i) {
    const double vx = xs[i] - c.x, vy = ys[i] - c.y, vz = zs[i] - c.z;
    const double h = vx * n.x + vy * n.y + vz * n.z;
    const double wx = vx - n.x * h, wy = vy - n.y * h, wz = vz - n.z * h;
    const double rho2 = wx * wx + wy * wy + wz * wz;
    const bool offAxis = rho2 > 1e-300;  // false on the axis and for NaN, as offset's test
    const double k = radius / std::sqrt(offAxis ? rho2 : 1.0);
    const double rimX = vx - wx * k, rimY = vy - wy * k, rimZ = vz - wz * k;
    const double axisX = vx - u.x * radius, axisY = vy - u.y * radius, axisZ = vz - u.z * radius;
    ox[i] = offAxis ? rimX : axisX;
    oy[i] = offAxis ? rimY : axisY;
    oz[i] = offAxis ? rimZ : axisZ;
  }
}
}  // namespace

void CircleSkeleton::offsetsOfRun(const double* xs, const double* ys, const double* zs, int count, double* ox, double* oy,
                                  double* oz) const {
  circleOffsetLanes(center, unit_, u_, radius, xs, ys, zs, count, ox, oy, oz);
}

}  // namespace flexure::deform
