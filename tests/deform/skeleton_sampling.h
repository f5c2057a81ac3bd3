#pragma once
// Dense point samples of each skeleton kind, for brute-force distance checks, and one example
// skeleton of every kind.
#include <vector>

#include "flexure/deform/skeleton.h"

namespace flexure::deform::testing {

// Points on the skeleton (volumes: inside and on the boundary), spacing about h. Unbounded
// skeletons are sampled within `reach` of `around`.
std::vector<Vec3d> sampleSkeleton(const Skeleton& s, double h, const Vec3d& around, double reach);
// One prepared skeleton of every type, sized about 1 and placed near the origin.
std::vector<Skeleton> exampleSkeletons();

}  // namespace flexure::deform::testing
