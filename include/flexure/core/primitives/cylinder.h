#pragma once
// Solid cylinder with its axis on x, ends at x = ±length/2.
// Patches (φ = angle about +x):
//   0 side       P = (-L/2 + L v, r cos φ, r sin φ),  φ = 2πu,   N = (0, cos φ, sin φ)
//   1 cap at -x  P = (-L/2, r v cos φ, r v sin φ),    φ = 2πu,   N = (-1, 0, 0)
//   2 cap at +x  P = (+L/2, r v cos φ, r v sin φ),    φ = -2πu,  N = (+1, 0, 0)
// Implicit: I(x) = max(sqrt(y² + z²) - r, |x| - L/2).
#include "flexure/core/primitive.h"

namespace flexure {

class CylinderPrimitive final : public PrimitiveT<CylinderPrimitive> {
 public:
  static constexpr std::string_view kType = "cylinder";
  enum Patch { kSide = 0, kCapMinusX = 1, kCapPlusX = 2 };
  std::string_view type() const override { return kType; }
  // Slots: length (default 2, >= 0), radius (default 0.5, >= 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  int patchCount() const override { return 3; }
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
