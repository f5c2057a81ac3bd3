#pragma once
// Comparing two samplings of the same surface points (before and after a drag or a solve).
#include <algorithm>
#include <cstddef>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure::test {

// The largest distance between corresponding points of two equally long samplings.
inline double largestDistance(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  double d = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) d = std::max(d, norm(a[i] - b[i]));
  return d;
}

}  // namespace flexure::test
