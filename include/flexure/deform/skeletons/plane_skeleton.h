#pragma once
// Plane constraint (Figs. 16-18): r is the distance to an infinite plane; the metaball is a slab
// of half-thickness R, which attracts everything inside it "like a magnet".
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct PlaneSkeleton {
  static constexpr std::string_view kType = "plane";
  Vec3d point{0, 0, 0}, normal{0, 0, 1};

  void visitFields(FieldVisitor& v) {
    v.field("point", point, FieldUse::Required);
    v.field("normal", normal, FieldUse::Required);
  }
  void prepare() { unit_ = unitOrThrow(normal, "plane skeleton: normal"); }
  Vec3d pivot() const { return point; }
  Vec3d unitNormal() const { return unit_; }
  Bounds3 bounds() const { return unboundedBounds(); }
  template <class S> Vec3<S> offset(const Vec3<S>& p) const { return along(unit_, dotd(minus(p, point), unit_)); }

 private:
  Vec3d unit_{0, 0, 1};
};

}  // namespace flexure::deform
