#pragma once
// Orientation (paper's Oldham example: "position and orientation constraints"): a unit vector
// of a primitive points along a given direction d̂,
//   E = 1 − V·d̂ = |V − d̂|²/2,  r = (V − d̂)/√2  (3 residuals), V unit,
// where V is the surface normal N^a(u, v) ("mode": "normal") or an axis of the leaf's own frame
// carried by the path's Jacobian ("mode": "axis", "axis" in the leaf space, at "origin").
#include "flexure/energy/terms/term_macros.h"

namespace flexure {

class OrientationTerm final : public ResidualTerm<OrientationTerm> {
 public:
  FLEXURE_ENERGY_TERM_DECLS("orientation")
  static constexpr int kResiduals = 3;
  template <class S> void residualsT(const ParamAccess<S>& params, S* out) const;

  LeafRef a;                 // "node"
  std::string mode = "axis";  // "axis" or "normal"
  SurfacePoint point;        // "point" (mode normal)
  Vec3d axis{1, 0, 0};       // "axis" (mode axis), leaf space
  Vec3d origin;              // "origin" (mode axis): where the Jacobian is taken
  Vec3d direction{0, 0, 1};  // "direction": d̂ (normalized when used)
};

}  // namespace flexure
