#pragma once
// Bicubic Bézier patch: 16 control points p_ij (i along u, j along v, both 0..3), stored as 48
// parameter slots "p<i><j>.x", "p<i><j>.y", "p<i><j>.z" in the order i, j, component.
//   P(u, v) = Σ_i Σ_j B_i(u) B_j(v) p_ij,   B_i the cubic Bernstein polynomials
//   N(u, v) = ∂P/∂u × ∂P/∂v, normalized (the default of PrimitiveT, exact through jets)
// Implicit: the patch is an open surface, so I is a signed distance to it, signed by the patch
// normal. The closest point (u*, v*) is found in double precision by Newton's method on
// ½|P(u,v) - X|², started from the best point of a coarse grid and clamped to the unit square;
// then, with (u*, v*) held fixed,
//   I(X) = (X - P(u*, v*)) · N(u*, v*)                     when (u*, v*) is interior,
//   I(X) = sign((X - P)·N) |X - P(u*, v*)|                  when it lies on the border.
// Holding (u*, v*) fixed gives the exact derivatives with respect to X and to the control points
// (the envelope theorem: ∂/∂(u,v) of the distance vanishes at the closest point).
// The default patch is a gently domed 2x2 square in the xy plane, normal +z.
#include "flexure/core/primitive.h"

namespace flexure {

class BezierPatchPrimitive final : public PrimitiveT<BezierPatchPrimitive> {
 public:
  static constexpr std::string_view kType = "bezier-patch";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;
  // Slot of coordinate `c` (0..2) of control point (i, j) within this node's slice.
  static constexpr int slot(int i, int j, int c) { return 3 * (4 * i + j) + c; }

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;

  // The parameters (u, v) of the point of the patch closest to x (double precision).
  static void closestParameters(const double* controlPoints, const Vec3d& x, double& u, double& v);
};

}  // namespace flexure
