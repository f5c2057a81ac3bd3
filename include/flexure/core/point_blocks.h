#pragma once
// Consecutive points in blocks, each with its bounds: the points inside a few boxes are found by
// visiting only the blocks that meet them. A tessellated sheet's consecutive vertices are
// neighbours (a grid's rows), so the part a dragged local deformer reaches meets few blocks
// (Operator::changedRegion, session/path_mesh_cache.cpp); for points in any order the answer is
// the same, only found more slowly.
#include <span>
#include <vector>

#include "flexure/core/vec.h"

namespace flexure {

class PointBlocks {
 public:
  static constexpr std::size_t kBlock = 64;

  void build(std::span<const Vec3d> points);
  std::size_t pointCount() const { return count_; }
  // The indices (ascending, each once) of the points inside one of `boxes`, faces included;
  // `points` are those given to build().
  void pointsIn(std::span<const Vec3d> points, const std::vector<Bounds3>& boxes, std::vector<int>& out) const;

 private:
  std::vector<Bounds3> bounds_;
  std::size_t count_ = 0;
};

}  // namespace flexure
