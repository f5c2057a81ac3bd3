#pragma once
// Line-segment constraint (section 3.1): the distance to P0P1 is the distance to the nearer end
// outside the slab 0 <= x~ <= l and the distance to the line inside it. Its metaball is a
// capsule (Fig. 1).
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct SegmentSkeleton {
  static constexpr std::string_view kType = "segment";
  Vec3d a{0, 0, 0}, b{1, 0, 0};

  void visitFields(FieldVisitor& v) {
    v.field("a", a, FieldUse::Required);
    v.field("b", b, FieldUse::Required);
  }
  void prepare() {
    e_ = b - a;
    const double l2 = squaredNorm(e_);
    if (!(l2 > 0.0)) throw FieldError("segment skeleton: the end points coincide");
    invLength2_ = 1.0 / l2;
  }
  Vec3d pivot() const { return (a + b) * 0.5; }
  Bounds3 bounds() const { Bounds3 r; r.extend(a); r.extend(b); return r; }
  template <class S> Vec3<S> offset(const Vec3<S>& p) const { return segmentOffset(p, a, e_, invLength2_); }

 private:
  Vec3d e_{1, 0, 0};
  double invLength2_ = 1.0;
};

}  // namespace flexure::deform
