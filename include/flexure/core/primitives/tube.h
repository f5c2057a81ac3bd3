#pragma once
// Tube: the pipe of Witkin, Fleischer & Barr 1987 (pipefitting, Figure 1): a cylindrical shell
// whose axis coincides with the x axis of its own (model) space, ending at x = ±length/2.
//
// Slots: length (L), radius (r, outer), thickness (t, wall; the inner radius is r - t, clamped
// at 0, so t >= r gives a solid rod).
//
// Patches, each over (u, v) ∈ [0,1]², with φ the angle about +x and v running from the -x end
// to the +x end on the walls and from the inner to the outer radius on the rings:
//   0 outer wall   P = (-L/2 + L v, r cos φ, r sin φ),        φ = 2πu,   N = (0, cos φ, sin φ)
//   1 inner wall   P = (-L/2 + L v, ri cos φ, ri sin φ),      φ = -2πu,  N = (0, -cos φ, -sin φ)
//   2 end ring -x  P = (-L/2, ρ cos φ, ρ sin φ), ρ = ri + t v, φ = 2πu,   N = (-1, 0, 0)
//   3 end ring +x  P = (+L/2, ρ cos φ, ρ sin φ), ρ = ri + t v, φ = -2πu,  N = (+1, 0, 0)
// (∂P/∂u × ∂P/∂v points along N on every patch, so the grid tessellation is outward.)
//
// Implicit: I(x) = max(ρ - r, (r - t) - ρ, |x| - L/2) with ρ = sqrt(y² + z²): negative inside
// the wall material, zero on the surface, positive outside (and in the bore).
//
// For attachment constraints: the axis end points are simply the tube-space points
// (-L/2, 0, 0) and (+L/2, 0, 0), and the outward axis directions there are (-1, 0, 0) and
// (+1, 0, 0); map them to world space with the path's operators like any point/direction.
#include "flexure/core/primitive.h"

namespace flexure {

class TubePrimitive final : public PrimitiveT<TubePrimitive> {
 public:
  static constexpr std::string_view kType = "tube";
  enum Patch { kOuterWall = 0, kInnerWall = 1, kEndRingMinusX = 2, kEndRingPlusX = 3 };

  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  int patchCount() const override { return 4; }
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
