#pragma once
// Sphere-volume constraint (section 3.9): r = 0 inside the ball, |P - O| - R_C outside, so every
// point inside the ball moves by exactly the constraint's displacement (Figs. 20-23).
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct SphereVolumeSkeleton {
  static constexpr std::string_view kType = "sphere-volume";
  Vec3d center{0, 0, 0};
  double radius = 1.0;

  void visitFields(FieldVisitor& v) {
    v.field("center", center, FieldUse::Required);
    v.field("skeleton_radius", radius, FieldUse::Required);
  }
  void prepare() {
    if (!(radius > 0.0)) throw FieldError("sphere-volume skeleton: skeleton_radius must be positive");
  }
  Vec3d pivot() const { return center; }
  Bounds3 bounds() const { return Bounds3{center, center}.padded(radius); }
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> v = minus(p, center);
    const S l2 = squaredNorm(v);
    if (l2 <= radius * radius) return Vec3<S>(S(0.0), S(0.0), S(0.0));
    return v - v * (radius / sqrt(l2));
  }
};

}  // namespace flexure::deform
