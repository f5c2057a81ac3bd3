#pragma once
// Planar polygon constraint (section 3.6), convex or concave: if the foot of the perpendicular
// from P lies inside the polygon, r = |Ax + By + Cz + D| / sqrt(A^2 + B^2 + C^2); otherwise r is
// the distance to the closed boundary polyline P0 P1 ... Pn P0. Inside-ness is decided by the
// even-odd crossing rule in the polygon's plane, so concave outlines work.
#include <string_view>
#include <type_traits>
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
  // offset(p) of `count` points given as coordinate arrays, in vector lanes (the batch path's
  // runs of vertices): the planar computation below with the edges in the outer loop. Returns
  // false, writing nothing, when the polygon is not planar (then offset() applies per point).
  bool offsetsOfRun(const double* xs, const double* ys, const double* zs, int count, double* ox, double* oy, double* oz) const;
  // The same for the metaball path, which needs no offset farther than its reach: with count <=
  // 64 points (one run) lying wholly farther than sqrt(reach2) from the polygon it writes
  // nothing and returns kBeyondReach (decided from the run's box, with a margin for rounding).
  enum class RunResult { kNotPlanar, kOffsets, kBeyondReach };
  RunResult offsetsOfRunWithin(const double* xs, const double* ys, const double* zs, int count, double reach2, double* ox, double* oy,
                               double* oz) const;

  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    if constexpr (std::is_same_v<S, double>)
      if (planar_) return planarOffset(p);
    const Vec3d pv = valueOf(p);
    if (projectsInside(pv)) return along(unit_, dotd(minus(p, centroid_), unit_));
    const auto k = static_cast<std::size_t>(nearestEdge(pv));
    return segmentOffset(p, points[k], edges_[k], invLength2_[k]);
  }

 private:
  // The offset of a planar polygon in one pass over its edges in the plane's 2D frame: with
  // P = C + x u + y v + h n, the even-odd test uses precomputed slopes (no division), and the
  // squared distance to edge k is its 2D distance squared plus h^2, so the nearest edge is the
  // nearest in 2D (the same choice as nearestEdge, up to rounding).
  Vec3d planarOffset(const Vec3d& p) const {
    const Vec3d c = p - centroid_;
    const double x = dot(c, u_), y = dot(c, v_), h = dot(c, unit_);
    bool inside = false;
    const std::size_t n = px_.size();
    for (std::size_t i = 0, j = n - 1; i < n; j = i++)
      if ((py_[i] > y) != (py_[j] > y) && x < px_[j] + (y - py_[j]) * slope_[i]) inside = !inside;
    if (inside) return unit_ * h;  // foot inside: r = |n . (P - C)|
    double best = 1e300, bx = 0.0, by = 0.0;
    for (std::size_t k = 0; k < n; ++k) {
      const double ax = x - px_[k], ay = y - py_[k];
      double t = (ax * ex_[k] + ay * ey_[k]) * invLength2_[k];
      t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
      const double dx = ax - t * ex_[k], dy = ay - t * ey_[k];
      const double d2 = dx * dx + dy * dy;
      if (d2 < best) { best = d2; bx = dx; by = dy; }
    }
    return u_ * bx + v_ * by + unit_ * h;
  }
  Vec3d unit_{0, 0, 1}, u_{1, 0, 0}, v_{0, 1, 0}, centroid_{0, 0, 0};
  bool planar_ = false;  // every point within rounding of the plane: planarOffset applies
  std::vector<double> ex_, ey_, slope_;  // 2D edges k -> k+1; dx/dy of edge (i-1, i) for the crossing test
  std::vector<Vec3d> edges_;
  std::vector<double> invLength2_;
  std::vector<double> px_, py_;  // vertices in the plane's 2D frame
  double frameSize_ = 0.0;       // the largest |px_|, |py_|
};

}  // namespace flexure::deform
