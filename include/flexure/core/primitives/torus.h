#pragma once
// Torus in the xy plane around the z axis: major radius R (centre of the tube), minor radius r.
//   P(u, v) = ((R + r cos θ) cos φ, (R + r cos θ) sin φ, r sin θ),  φ = 2πu, θ = 2πv
//   N(u, v) = (cos θ cos φ, cos θ sin φ, sin θ)
//   I(x)    = sqrt((sqrt(x² + y²) - R)² + z²) - r   (the signed distance)
#include "flexure/core/primitive.h"

namespace flexure {

class TorusPrimitive final : public PrimitiveT<TorusPrimitive> {
 public:
  static constexpr std::string_view kType = "torus";
  std::string_view type() const override { return kType; }
  // Slots: major (default 1, >= 0), minor (default 0.25, >= 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
