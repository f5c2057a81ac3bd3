#pragma once
// Distance metrics of a generalized metaball (section 4): the offset from the skeleton's nearest
// point, divided per axis by the anisotropic radii (R_x, R_y, R_z), measured with
//   L2 (Euclidean, "bubble" shapes), L1 (Manhattan: a double pyramid around a point),
//   Linf (the paper's "city block": a cube around a point), or the interpolated form
//   (1 - u) L2 + u Linf, which morphs a sphere into a cube as u goes from 0 to 1.
// For a point skeleton this is exactly the paper's anisotropic metric; for extended skeletons
// the offset is taken to the Euclidean nearest point and then measured in the metric (the
// paper gives no other construction; documented in docs/deform.md).
#include <string_view>

#include "flexure/core/vec.h"

namespace flexure::deform {

enum class Metric { L2, L1, LInf, Interpolated };

std::string_view metricName(Metric m);
// Throws FieldError for an unknown name.
Metric metricFromName(std::string_view name);

template <class S>
S maxAbs(const Vec3<S>& q) {
  return max(max(abs(q.x), abs(q.y)), abs(q.z));
}

// The normalized distance t (1 on the metaball's boundary) of a normalized offset q.
// For L2 this needs a square root; callers that can work with t^2 use squaredNorm(q).
template <class S>
S normalizedDistance(Metric metric, const Vec3<S>& q, const S& u) {
  switch (metric) {
    case Metric::L1: return abs(q.x) + abs(q.y) + abs(q.z);
    case Metric::LInf: return maxAbs(q);
    case Metric::Interpolated: {
      const S q2 = squaredNorm(q);
      const S l2 = q2 > 0.0 ? sqrt(q2) : S(0.0);
      return (1.0 - u) * l2 + u * maxAbs(q);
    }
    case Metric::L2: break;
  }
  const S q2 = squaredNorm(q);
  return q2 > 0.0 ? sqrt(q2) : S(0.0);
}

}  // namespace flexure::deform
