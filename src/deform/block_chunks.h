#pragma once
// The positions path's block loop (BatchDeformer::deformBlock) works the blocks that metaballs
// other than points reach in chunks of BezierSkeleton::kRunLength consecutive vertices (the
// runs of addRuns): each chunk has its own box, its sums are cleared when something first adds
// to it, and only chunks something added to are written back, by this lane loop.
#include "flexure/core/vec.h"

namespace flexure::deform {

// pts[i] = (xs[i] + dx[i], ...) where d != 0, in lanes; the other vertices get back the very
// bits they were split from (xs, ys, zs), so the result equals a per-vertex test-and-write.
void writeBackMoved(Vec3d* pts, const double* xs, const double* ys, const double* zs, const double* dx, const double* dy,
                    const double* dz, int n);

}  // namespace flexure::deform
