#pragma once
// The box of n points given as coordinate arrays (structure of arrays: the batch path's blocks
// and runs of vertices). NaN coordinates drop out, and a run of NaN points gives an empty box.
#include "flexure/core/vec.h"

namespace flexure::deform {

Bounds3 coordinateBounds(const double* xs, const double* ys, const double* zs, int n);
// Splits n points into coordinate arrays and returns their box (as above), in one pass.
Bounds3 splitCoordinates(const Vec3d* points, int n, double* xs, double* ys, double* zs);

}  // namespace flexure::deform
