#pragma once
// Point constraint (section 3): r(P, C) = |P - C|. Its metaball is a ball (L2), a double pyramid
// (L1) or a cube (Linf).
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct PointSkeleton {
  static constexpr std::string_view kType = "point";
  Vec3d center{0, 0, 0};

  void visitFields(FieldVisitor& v) { v.field("center", center, FieldUse::Required); }
  void prepare() {}
  Vec3d pivot() const { return center; }
  Bounds3 bounds() const { Bounds3 b; b.extend(center); return b; }
  // P - Q(P), Q the nearest point of the skeleton.
  template <class S> Vec3<S> offset(const Vec3<S>& p) const { return minus(p, center); }
};

}  // namespace flexure::deform
