#pragma once
// Planar polygon constraint (section 3.6), convex or concave: if the foot of the perpendicular
// from P lies inside the polygon, r = |Ax + By + Cz + D| / sqrt(A^2 + B^2 + C^2); otherwise r is
// the distance to the closed boundary polyline P0 P1 ... Pn P0. Inside-ness is decided by the
// even-odd crossing rule in the polygon's plane, so concave outlines work.
#include <string_view>
#include <vector>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct PolygonSkeleton {
  static constexpr std::string_view kType = "polygon";
  std::vector<Vec3d> points{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};  // planar, at least 3

  void visitFields(FieldVisitor& v);
  void prepare();
  Vec3d pivot() const { return centroid_; }
  Bounds3 bounds() const;
  Vec3d normal() const { return unit_; }
  // True when the projection of p onto the plane lies inside the polygon.
  bool projectsInside(const Vec3d& p) const;
  // Index of the nearest boundary edge (edge k joins point k and point k+1 mod n).
  int nearestEdge(const Vec3d& p) const;

  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    const Vec3d pv = valueOf(p);
    if (projectsInside(pv)) return along(unit_, dotd(minus(p, centroid_), unit_));
    const auto k = static_cast<std::size_t>(nearestEdge(pv));
    return segmentOffset(p, points[k], edges_[k], invLength2_[k]);
  }

 private:
  Vec3d unit_{0, 0, 1}, u_{1, 0, 0}, v_{0, 1, 0}, centroid_{0, 0, 0};
  std::vector<Vec3d> edges_;
  std::vector<double> invLength2_;
  std::vector<double> px_, py_;  // vertices in the plane's 2D frame
};

}  // namespace flexure::deform
