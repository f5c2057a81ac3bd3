#pragma once
// Infinite line constraint (end of section 3.1): r is the distance to the line; the metaball is
// an infinite cylinder of radius R.
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct LineSkeleton {
  static constexpr std::string_view kType = "line";
  Vec3d point{0, 0, 0}, direction{1, 0, 0};

  void visitFields(FieldVisitor& v) {
    v.field("point", point, FieldUse::Required);
    v.field("direction", direction, FieldUse::Required);
  }
  void prepare() { unit_ = unitOrThrow(direction, "line skeleton: direction"); }
  Vec3d pivot() const { return point; }
  Bounds3 bounds() const { return unboundedBounds(); }
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> v = minus(p, point);
    return v - along(unit_, dotd(v, unit_));
  }

 private:
  Vec3d unit_{1, 0, 0};
};

}  // namespace flexure::deform
