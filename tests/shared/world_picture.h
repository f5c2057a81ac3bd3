#pragma once
// What the tests of edits that must not move anything measure (group, ungroup, unwrap, paste
// in place): the largest distance between the same vertex in two pictures of the same leaves,
// each picture the world vertices of every leaf by name. Shared by the io and the app tests,
// which take their pictures differently (tessellation; the window's display geometry).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure::world_picture {

inline double largestMove(const std::map<std::string, std::vector<Vec3d>>& a, const std::map<std::string, std::vector<Vec3d>>& b) {
  REQUIRE(a.size() == b.size());
  double worst = 0.0;
  for (const auto& [name, points] : a) {
    const auto it = b.find(name);
    REQUIRE(it != b.end());
    REQUIRE(it->second.size() == points.size());
    for (std::size_t k = 0; k < points.size(); ++k) worst = std::max(worst, norm(points[k] - it->second[k]));
  }
  return worst;
}

}  // namespace flexure::world_picture
