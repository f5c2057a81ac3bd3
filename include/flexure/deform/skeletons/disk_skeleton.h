#pragma once
// Disk constraint (section 3.5): if the foot of the perpendicular from P to the disk's plane lies
// in the disk, r is the distance to the plane; otherwise it is the distance to the rim circle.
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct DiskSkeleton {
  static constexpr std::string_view kType = "disk";
  Vec3d center{0, 0, 0}, normal{0, 0, 1};
  double radius = 1.0;

  void visitFields(FieldVisitor& v) {
    v.field("center", center, FieldUse::Required);
    v.field("normal", normal, FieldUse::Required);
    v.field("skeleton_radius", radius, FieldUse::Required);
  }
  void prepare() {
    unit_ = unitOrThrow(normal, "disk skeleton: normal");
    if (!(radius > 0.0)) throw FieldError("disk skeleton: skeleton_radius must be positive");
  }
  Vec3d pivot() const { return center; }
  Bounds3 bounds() const;
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> v = minus(p, center);
    const S h = dotd(v, unit_);
    const Vec3<S> w = v - along(unit_, h);  // in-plane component
    const S rho2 = squaredNorm(w);
    if (rho2 <= radius * radius) return along(unit_, h);  // r1: distance to the plane
    return v - w * (radius / sqrt(rho2));                 // r2: distance to the rim circle
  }

 private:
  Vec3d unit_{0, 0, 1};
};

}  // namespace flexure::deform
