#pragma once
// A constraint skeleton C of a generalized metaball (section 3): one of the shapes below, each
// with an exact nearest-point offset P - Q(P) from which r(P, C) = |P - Q(P)| (Eq. 1).
//
// Every skeleton type provides: kType, visitFields, prepare (validate and precompute after the
// fields change), pivot (origin of the constraint's local frame, section 5), bounds (of the
// skeleton itself; unbounded for line and plane) and the templated offset<S>(P).
#include <string_view>
#include <variant>
#include <vector>

#include "flexure/deform/skeletons/bezier_skeleton.h"
#include "flexure/deform/skeletons/box_skeleton.h"
#include "flexure/deform/skeletons/circle_skeleton.h"
#include "flexure/deform/skeletons/cylinder_skeleton.h"
#include "flexure/deform/skeletons/disk_skeleton.h"
#include "flexure/deform/skeletons/line_skeleton.h"
#include "flexure/deform/skeletons/plane_skeleton.h"
#include "flexure/deform/skeletons/point_skeleton.h"
#include "flexure/deform/skeletons/polygon_skeleton.h"
#include "flexure/deform/skeletons/polyline_skeleton.h"
#include "flexure/deform/skeletons/segment_skeleton.h"
#include "flexure/deform/skeletons/sphere_skeleton.h"
#include "flexure/deform/skeletons/sphere_volume_skeleton.h"

namespace flexure::deform {

using Skeleton = std::variant<PointSkeleton, SegmentSkeleton, LineSkeleton, PolylineSkeleton, CircleSkeleton,
                              BezierSkeleton, DiskSkeleton, PolygonSkeleton, PlaneSkeleton, SphereSkeleton,
                              CylinderSkeleton, SphereVolumeSkeleton, BoxSkeleton>;

// Type names as written in scene files ("point", "segment", ... "box").
std::vector<std::string_view> skeletonTypes();
std::string_view skeletonType(const Skeleton& s);
// A default-constructed skeleton of that type; throws FieldError for an unknown name.
Skeleton makeSkeleton(std::string_view type);
void visitSkeletonFields(Skeleton& s, FieldVisitor& v);
void prepareSkeleton(Skeleton& s);
Vec3d skeletonPivot(const Skeleton& s);
Bounds3 skeletonBounds(const Skeleton& s);
inline bool isBounded(const Bounds3& b) {
  return std::isfinite(b.lo.x) && std::isfinite(b.lo.y) && std::isfinite(b.lo.z) && std::isfinite(b.hi.x) &&
         std::isfinite(b.hi.y) && std::isfinite(b.hi.z);
}

// P - Q(P), Q the nearest point of the skeleton (r = |offset|, Eq. 1).
template <class S>
Vec3<S> skeletonOffset(const Skeleton& s, const Vec3<S>& p) {
  return std::visit([&](const auto& k) { return k.template offset<S>(p); }, s);
}

}  // namespace flexure::deform
