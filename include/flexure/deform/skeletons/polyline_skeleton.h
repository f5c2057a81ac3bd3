#pragma once
// Polyline constraint (section 3.2): the distance is the minimum over its segments.
#include <string_view>
#include <type_traits>
#include <vector>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct PolylineSkeleton {
  static constexpr std::string_view kType = "polyline";
  std::vector<Vec3d> points{{0, 0, 0}, {1, 0, 0}};

  void visitFields(FieldVisitor& v);
  void prepare();
  Vec3d pivot() const;
  Bounds3 bounds() const;
  // Index of the nearest segment (double decision).
  int nearestSegment(const Vec3d& p) const;
  // offset() for `count` points given as coordinate arrays, the edges in the outer loop and the
  // points (64 at a time) in vector lanes; the same choice of edge
  // (the first nearest) and the same arithmetic as offset's double case.
  // Only the edges that can be nearest to one of the points are visited (edgesNearBox); `box`
  // bounds the points (the run's box, which the caller has; empty for NaN points).
  void offsetsOfRun(const double* xs, const double* ys, const double* zs, int count, const Bounds3& box, double* ox, double* oy,
                    double* oz) const;
  // The same for the metaball path, which needs no offset farther than its reach: false,
  // writing nothing, when every point of `box` lies farther than sqrt(reach2) from the polyline
  // (decided from the box, with a margin for rounding).
  bool offsetsOfRunWithin(const double* xs, const double* ys, const double* zs, int count, const Bounds3& box, double reach2, double* ox,
                          double* oy, double* oz) const;
  template <class S> Vec3<S> offset(const Vec3<S>& p) const {
    if constexpr (std::is_same_v<S, double>) {
      // The batch path's case: one inlined pass keeping the best offset itself (no second
      // evaluation of the winning segment; t clamped to 0 or 1 gives the ends exactly).
      Vec3d best(0, 0, 0);
      double bestD2 = 1e300;
      for (std::size_t k = 0; k < edges_.size(); ++k) {
        const Vec3d pa = p - points[k];
        double t = dot(pa, edges_[k]) * invLength2_[k];
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        const Vec3d d = pa - edges_[k] * t;
        const double d2 = squaredNorm(d);
        if (d2 < bestD2) { bestD2 = d2; best = d; }
      }
      return best;
    }
    const auto k = static_cast<std::size_t>(nearestSegment(valueOf(p)));
    return segmentOffset(p, points[k], edges_[k], invLength2_[k]);
  }

 private:
  int edgesNearBox(const Bounds3& box, double centre2, int* kept) const;  // see polyline_skeleton.cpp
  // offsetsOfRun with the squared distance from the box's centre to the polyline given.
  void offsetsNearEdges(const double* xs, const double* ys, const double* zs, int count, const Bounds3& box, double centre2, double* ox,
                        double* oy, double* oz) const;
  double distance2To(const Vec3d& p) const;             // the squared distance to the nearest edge
  std::vector<Vec3d> edges_;
  std::vector<double> invLength2_;
  double size_ = 0.0;  // the largest |coordinate| of the points: the scale of the rounding
};

}  // namespace flexure::deform
