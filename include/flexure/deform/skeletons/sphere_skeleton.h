#pragma once
// Sphere (surface) constraint (section 3.7): r = | |P - O| - R_C |. The metaball is a thick
// spherical shell.
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct SphereSkeleton {
  static constexpr std::string_view kType = "sphere";
  Vec3d center{0, 0, 0};
  double radius = 1.0;

  void visitFields(FieldVisitor& v) {
    v.field("center", center, FieldUse::Required);
    v.field("skeleton_radius", radius, FieldUse::Required);
  }
  void prepare() {
    if (!(radius > 0.0)) throw FieldError("sphere skeleton: skeleton_radius must be positive");
  }
  Vec3d pivot() const { return center; }
  Bounds3 bounds() const { return Bounds3{center, center}.padded(radius); }
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> v = minus(p, center);
    const S l2 = squaredNorm(v);
    if (!(l2 > 1e-300)) return lift<S>(Vec3d(-radius, 0, 0));  // the center: any point is nearest
    return v - v * (radius / sqrt(l2));
  }
};

}  // namespace flexure::deform
