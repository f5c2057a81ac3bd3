#pragma once
// Barr's superellipsoid (Barr 1981, "Superquadrics and angle-preserving transformations"), with
// the signed power x^ε = sign(x)|x|^ε (written spow):
//   η = -π/2 + πv (latitude),  ω = -π + 2πu (longitude)
//   P(u, v) = (a1 spow(cos η, e1) spow(cos ω, e2),
//              a2 spow(cos η, e1) spow(sin ω, e2),
//              a3 spow(sin η, e1))
//   F(x)    = (|x/a1|^{2/e2} + |y/a2|^{2/e2})^{e2/e1} + |z/a3|^{2/e1}     (F = 1 on the surface)
//   I(x)    = F(x)^{e1/2} - 1
// F is homogeneous of degree 2/e1, so I is homogeneous of degree 1 minus 1: a scaled radial
// distance that behaves the same for every roundness. The normal is the normalized gradient of
// F at P (Barr's dual form), finite everywhere for e1, e2 <= 2 (the bounds); the parameterized
// derivative ∂P/∂u is infinite at the zeros of sin/cos when e < 1, so we never form it there:
// the signed power returns zero derivative lanes at 0 (see safe_math.h), keeping jets finite.
#include "flexure/core/primitive.h"

namespace flexure {

class SuperquadricPrimitive final : public PrimitiveT<SuperquadricPrimitive> {
 public:
  static constexpr std::string_view kType = "superquadric";
  std::string_view type() const override { return kType; }
  // Slots: a1, a2, a3 (semi-axes, default 1, >= 0), e1, e2 (roundness, default 1, in [0.1, 2]).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
