#pragma once
// Circle-line constraint (section 3.3): with rho the distance of P from the circle's axis and h
// its height over the circle's plane, r^2 = (rho - R_C)^2 + h^2 = R_C^2 + |P~|^2 - 2 R_C rho.
// The metaball is a torus.
#include <string_view>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct CircleSkeleton {
  static constexpr std::string_view kType = "circle";
  Vec3d center{0, 0, 0}, normal{0, 0, 1};
  double radius = 1.0;

  void visitFields(FieldVisitor& v) {
    v.field("center", center, FieldUse::Required);
    v.field("normal", normal, FieldUse::Required);
    v.field("skeleton_radius", radius, FieldUse::Required);
  }
  void prepare() {
    unit_ = unitOrThrow(normal, "circle skeleton: normal");
    orthonormalBasis(unit_, u_, v_);
    if (!(radius > 0.0)) throw FieldError("circle skeleton: skeleton_radius must be positive");
  }
  Vec3d pivot() const { return center; }
  Bounds3 bounds() const;
  // offset() for `count` points given as coordinate arrays, in vector lanes (the axis case by a
  // select; the same arithmetic as offset's double case). circle_skeleton.cpp.
  void offsetsOfRun(const double* xs, const double* ys, const double* zs, int count, double* ox, double* oy, double* oz) const;
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3<S> v = minus(p, center);
    const Vec3<S> w = v - along(unit_, dotd(v, unit_));  // component in the circle's plane
    const S rho2 = squaredNorm(w);
    // On the axis every point of the circle is nearest; take the one along u_.
    if (!(rho2 > 1e-300)) return v - lift<S>(u_ * radius);
    return v - w * (radius / sqrt(rho2));
  }

 private:
  Vec3d unit_{0, 0, 1}, u_{1, 0, 0}, v_{0, 1, 0};
};

}  // namespace flexure::deform
