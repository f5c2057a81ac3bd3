#pragma once
// Box-volume constraint (section 3.10, the paper's cube of edge 2a generalized to half extents
// (a_x, a_y, a_z) and an orientation): in the box's frame the nearest point is P~ clamped to the
// box, which covers the 6 face, 12 edge and 8 vertex cases at once; r = 0 inside.
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct BoxSkeleton {
  static constexpr std::string_view kType = "box";
  Vec3d center{0, 0, 0}, halfExtents{0.5, 0.5, 0.5};
  Vec3d frameAxis{0, 0, 1};
  double frameAngle = 0.0;  // degrees about frameAxis: the box's orientation

  void visitFields(FieldVisitor& v) {
    v.field("center", center, FieldUse::Required);
    v.field("half_extents", halfExtents, FieldUse::Required);
    v.field("frame_axis", frameAxis);
    v.field("frame_angle", frameAngle);
  }
  void prepare();
  Vec3d pivot() const { return center; }
  Bounds3 bounds() const;
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> local = mul(toLocal_, minus(p, center));
    Vec3<S> excess;
    for (int k = 0; k < 3; ++k) {
      const double a = halfExtents[k];
      excess[k] = local[k] > a ? local[k] - a : (local[k] < -a ? local[k] + a : S(0.0));
    }
    return mul(toWorld_, excess);
  }

 private:
  Mat3d toWorld_ = Mat3d::identity(), toLocal_ = Mat3d::identity();
};

}  // namespace flexure::deform
