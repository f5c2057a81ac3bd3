#pragma once
// Sphere of the given radius centred at the origin.
//   P(u, v) = r (sin θ cos φ, sin θ sin φ, -cos θ),  φ = 2πu, θ = πv (v = 0 south pole, 1 north)
//   N(u, v) = (sin θ cos φ, sin θ sin φ, -cos θ)       (analytic, so finite at the poles)
//   I(x)    = |x| - r                                   (the signed distance)
#include "flexure/core/primitive.h"

namespace flexure {

class SpherePrimitive final : public PrimitiveT<SpherePrimitive> {
 public:
  static constexpr std::string_view kType = "sphere";
  std::string_view type() const override { return kType; }
  // Slot: radius (default 1, >= 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
