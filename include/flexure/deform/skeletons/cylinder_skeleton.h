#pragma once
// Cylinder (closed surface) constraint (section 3.8): the side and the two caps of a cylinder of
// radius R_C and height h standing on `base` along `axis`. Inside, r is the least of the
// distances to the side (R_C - rho) and to the caps (y, h - y); outside, the nearest point is
// the point of the solid cylinder nearest to P (clamp rho to R_C and y to [0, h]), which covers
// the paper's side, cap and rim-circle cases.
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct CylinderSkeleton {
  static constexpr std::string_view kType = "cylinder";
  Vec3d base{0, 0, 0}, axis{0, 0, 1};
  double radius = 1.0, height = 1.0;

  void visitFields(FieldVisitor& v) {
    v.field("base", base, FieldUse::Required);
    v.field("axis", axis, FieldUse::Required);
    v.field("skeleton_radius", radius, FieldUse::Required);
    v.field("height", height, FieldUse::Required);
  }
  void prepare() {
    unit_ = unitOrThrow(axis, "cylinder skeleton: axis");
    orthonormalBasis(unit_, u_, v_);
    if (!(radius > 0.0) || !(height > 0.0)) throw FieldError("cylinder skeleton: skeleton_radius and height must be positive");
  }
  Vec3d pivot() const { return base + unit_ * (0.5 * height); }
  Bounds3 bounds() const;
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> v = minus(p, base);
    const S y = dotd(v, unit_);
    const Vec3<S> w = v - along(unit_, y);  // radial component
    const S rho2 = squaredNorm(w);
    const bool within = rho2 <= radius * radius;
    if (within && y > 0.0 && y < height) {
      const S rho = rho2 > 1e-300 ? sqrt(rho2) : S(0.0);
      const S side = radius - rho, bottom = y, top = height - y;
      if (bottom <= side && bottom <= top) return along(unit_, y);
      if (top <= side) return along(unit_, y - height);
      if (!(rho2 > 1e-300)) return lift<S>(u_ * -radius);
      return w - w * (radius / rho);
    }
    const S yc = y < 0.0 ? S(0.0) : (y > height ? S(height) : y);
    const Vec3<S> wc = within ? w : w * (radius / sqrt(rho2));
    return v - along(unit_, yc) - wc;
  }

 private:
  Vec3d unit_{0, 0, 1}, u_{1, 0, 0}, v_{0, 1, 0};
};

}  // namespace flexure::deform
