// Points in blocks with their bounds (point_blocks.h).
#include "flexure/core/point_blocks.h"

#include <algorithm>

namespace flexure {

void PointBlocks::build(std::span<const Vec3d> points) {
  count_ = points.size();
  bounds_.assign((count_ + kBlock - 1) / kBlock, Bounds3{});
  for (std::size_t i = 0; i < count_; ++i) bounds_[i / kBlock].extend(points[i]);
}

void PointBlocks::pointsIn(std::span<const Vec3d> points, const std::vector<Bounds3>& boxes, std::vector<int>& out) const {
  out.clear();
  std::vector<const Bounds3*> meeting;
  for (std::size_t b = 0; b < bounds_.size(); ++b) {
    meeting.clear();
    for (const Bounds3& box : boxes)
      if (box.overlaps(bounds_[b])) meeting.push_back(&box);
    if (meeting.empty()) continue;
    const std::size_t end = std::min(count_, (b + 1) * kBlock);
    for (std::size_t i = b * kBlock; i < end; ++i)
      if (std::any_of(meeting.begin(), meeting.end(), [&](const Bounds3* box) { return box->contains(points[i]); }))
        out.push_back(static_cast<int>(i));
  }
}

}  // namespace flexure
