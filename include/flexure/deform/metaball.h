#pragma once
// One generalized metaball M = <S, f(r, R)> (Eq. 4) with everything section 6 lists in its
// parameter set Omega = {C, dD, Sx, Sy, Sz, theta, Rx, Ry, Rz, g1 .. g(m-1)}:
//   - fields (scene file, editor): the skeleton C and its geometry, the metric, the potential
//     kind and its Bezier degree m, optionally the pivot and orientation of the constraint's
//     local frame (frame_axis, frame_angle in degrees);
//   - Psi slots of the deformer node, named "<i>.<slot>" (i = 0-based metaball index), so energy
//     constraints and keyframes drive them like any parameter:
//       dx dy dz   displacement dD (world axes)
//       radius     effective radius R (> 0)
//       inner      inner radius R_U (section 4): f = 1 for r <= R_U
//       angle      rotation angle theta in radians (section 5), scaled by F at each point
//       ax ay az   rotation axis (normalized in evaluation), world axes, through the pivot
//       sx sy sz   scale S (section 5), applied as 1 + F (S - 1) along the local frame's axes
//                  about the pivot
//       rx ry rz   anisotropic radius factors along the local frame's axes: R_x = R rx, ... (sec. 4)
//       u          metric interpolation (1 - u) L2 + u Linf (used by the "interpolated" metric)
//       g1 .. g(m-1)  Bezier potential control values (Bezier potential only)
#include <array>
#include <string>
#include <vector>

#include "flexure/core/parameters.h"
#include "flexure/deform/metric.h"
#include "flexure/deform/potential.h"
#include "flexure/deform/skeleton.h"

namespace flexure::deform {

enum MetaballSlot : int {
  kSlotDx, kSlotDy, kSlotDz, kSlotRadius, kSlotInner, kSlotAngle, kSlotAxisX, kSlotAxisY, kSlotAxisZ,
  kSlotScaleX, kSlotScaleY, kSlotScaleZ, kSlotRadiusX, kSlotRadiusY, kSlotRadiusZ, kSlotMetricU,
  kFixedSlotCount
};

struct Metaball {
  Skeleton skeleton = PointSkeleton{};
  Metric metric = Metric::L2;
  PotentialKind potential = PotentialKind::Wyvill;
  int bezierDegree = 3;  // m of the Bezier potential
  bool hasPivot = false;  // else the skeleton's own pivot
  Vec3d pivotPoint{0, 0, 0};
  // Orientation of the constraint's local frame (Fig. 12): its axes carry the scale S and the
  // anisotropic radii. Default: the world axes.
  Vec3d frameAxis{0, 0, 1};
  double frameAngle = 0.0;  // degrees

  void visitFields(FieldVisitor& v);
  // Validates fields and precomputes the skeleton; throws FieldError.
  void prepare();
  Vec3d pivot() const { return hasPivot ? pivotPoint : skeletonPivot(skeleton); }
  bool hasFrame() const { return frameAngle != 0.0; }
  // Columns: the local frame's axes in world coordinates (valid after prepare()).
  const Mat3d& frame() const { return frame_; }
  const Mat3d& frameTranspose() const { return frameT_; }
  int controlCount() const { return potential == PotentialKind::Bezier ? bezierDegree - 1 : 0; }
  int slotCount() const { return kFixedSlotCount + controlCount(); }
  // Slot specs with names prefixed "<index>.".
  void appendParameterSpecs(int index, std::vector<ParamSpec>& out) const;
  // R R_k along the local frame's axes for these slot values (section 4's anisotropic radii).
  static Vec3d reach(const double* slots) {
    const double radius = slots[kSlotRadius];
    return {radius * slots[kSlotRadiusX], radius * slots[kSlotRadiusY], radius * slots[kSlotRadiusZ]};
  }
  // The box outside which the metaball with these slot values moves nothing: its skeleton's
  // bounds padded along each world axis by the reach of R R_k through the local frame (for every
  // metric t >= |q_k|, so F = 0 past R R_k along axis k: section 3's note). Unbounded for line
  // and plane skeletons.
  Bounds3 influenceBox(const double* slots) const;

 private:
  Mat3d frame_ = Mat3d::identity(), frameT_ = Mat3d::identity();
};

std::string_view potentialName(PotentialKind k);
PotentialKind potentialFromName(std::string_view name);

// The slot values of one metaball converted to the scalar type S.
template <class S>
struct MetaballValues {
  Vec3<S> displacement;
  S radius, inner, angle, metricU;
  Vec3<S> axis, scale, radii;
  std::array<S, kMaxPotentialDegree> controls{};

  static MetaballValues read(const S* slots, int controlCount) {
    MetaballValues v;
    v.displacement = {slots[kSlotDx], slots[kSlotDy], slots[kSlotDz]};
    v.radius = slots[kSlotRadius];
    v.inner = slots[kSlotInner];
    v.angle = slots[kSlotAngle];
    v.axis = {slots[kSlotAxisX], slots[kSlotAxisY], slots[kSlotAxisZ]};
    v.scale = {slots[kSlotScaleX], slots[kSlotScaleY], slots[kSlotScaleZ]};
    v.radii = {slots[kSlotRadiusX], slots[kSlotRadiusY], slots[kSlotRadiusZ]};
    v.metricU = slots[kSlotMetricU];
    for (int j = 0; j < controlCount; ++j) v.controls[static_cast<std::size_t>(j)] = slots[kFixedSlotCount + j];
    return v;
  }
};

}  // namespace flexure::deform
