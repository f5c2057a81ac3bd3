#pragma once
// Polyline constraint (section 3.2): the distance is the minimum over its segments.
#include <string_view>
#include <vector>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct PolylineSkeleton {
  static constexpr std::string_view kType = "polyline";
  std::vector<Vec3d> points{{0, 0, 0}, {1, 0, 0}};

  void visitFields(FieldVisitor& v);
  void prepare();
  Vec3d pivot() const;
  Bounds3 bounds() const;
  // Index of the nearest segment (double decision).
  int nearestSegment(const Vec3d& p) const;
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const auto k = static_cast<std::size_t>(nearestSegment(valueOf(p)));
    return segmentOffset(p, points[k], edges_[k], invLength2_[k]);
  }

 private:
  std::vector<Vec3d> edges_;
  std::vector<double> invLength2_;
};

}  // namespace flexure::deform
