#pragma once
// Operators: inner nodes of the scene graph. Each defines a map T: R³ → R³ applied to every
// point of the sub-tree below it, its Jacobian (normals transform by J^{-T}, Barr 1984) and its
// inverse (implicit functions are pulled back through T^{-1}, Witkin et al. 1987, Appendix A).
#include <optional>
#include <span>
#include <vector>

#include "flexure/core/lifted_access.h"
#include "flexure/core/node.h"

namespace flexure {

// A transform T(x) = translation + rotation·(scale ∘ x): scale per axis first, then the unit
// quaternion rotation (w, x, y, z), then the translation (glTF's node TRS).
struct TrsTransform {
  Vec3d translation{0.0, 0.0, 0.0};
  Quatd rotation{1.0, 0.0, 0.0, 0.0};
  Vec3d scale{1.0, 1.0, 1.0};
};

class Operator : public Node {
 public:
  NodeRole role() const final { return NodeRole::Operator; }

#define FLEXURE_OPERATOR_VIRTUALS(S)                                                      \
  virtual Vec3<S> apply(const ParamAccess<S>& params, const Vec3<S>& x) const = 0;         \
  /* T^{-1}(X); exact where the operator has a closed-form inverse, iterative otherwise. */ \
  virtual Vec3<S> inverse(const ParamAccess<S>& params, const Vec3<S>& X) const = 0;       \
  /* ∂T/∂x at x (row i = component i of T). */                                            \
  virtual Mat3<S> jacobian(const ParamAccess<S>& params, const Vec3<S>& x) const = 0;
  FLEXURE_FOR_EACH_SCALAR(FLEXURE_OPERATOR_VIRTUALS)
#undef FLEXURE_OPERATOR_VIRTUALS

  // Maps points (and, when given, normals, renormalized) in place. The default loops over
  // apply/jacobian; heavy operators (metaball deformation) override with a parallel loop.
  virtual void applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points,
                          std::span<Vec3d> normals) const;
  // Where a change of this operator's entries from `before` to `after` can change what
  // applyBatch makes of a point: boxes of its input space (faces included) outside which every
  // point and normal comes out as before, bit for bit. An operator that gives boxes also maps each
  // point by itself: applyBatch on the points inside them alone gives the bits it gives them
  // among all the others (a drag of a local deformer then deforms the part of a mesh it reaches,
  // session/path_mesh_cache.cpp). std::nullopt (the default): anywhere, or not known.
  virtual std::optional<std::vector<Bounds3>> changedRegion(const ParamAccess<double>& before,
                                                            const ParamAccess<double>& after) const;
  // True when T is the identity for every parameter value (group).
  virtual bool isIdentity() const { return false; }
  // True when T(x) = translation + rotation·(scale ∘ x) for every parameter value (translate,
  // rotate, scale, a solid's pose, the identity): exporters write such operators as node
  // transforms (glTF's TRS) rather than baking them into vertices.
  virtual bool isTrs() const { return isIdentity(); }
  // That form at `params`; only meaningful when isTrs().
  virtual TrsTransform trs(const ParamAccess<double>& params) const {
    (void)params;
    return {};
  }
};

// CRTP helper: an operator implements
//   template <class S> Vec3<S> applyT(const ParamAccess<S>&, const Vec3<S>& x) const;
//   template <class S> Vec3<S> inverseT(const ParamAccess<S>&, const Vec3<S>& X) const;
// and optionally jacobianT; the default differentiates applyT with a three-lane jet.
template <class Derived>
class OperatorT : public Operator {
 public:
#define FLEXURE_OPERATOR_FORWARD(S)                                                                         \
  Vec3<S> apply(const ParamAccess<S>& p, const Vec3<S>& x) const override { return self().template applyT<S>(p, x); } \
  Vec3<S> inverse(const ParamAccess<S>& p, const Vec3<S>& X) const override { return self().template inverseT<S>(p, X); } \
  Mat3<S> jacobian(const ParamAccess<S>& p, const Vec3<S>& x) const override { return self().template jacobianT<S>(p, x); }
  FLEXURE_FOR_EACH_SCALAR(FLEXURE_OPERATOR_FORWARD)
#undef FLEXURE_OPERATOR_FORWARD

  template <class S>
  Mat3<S> jacobianT(const ParamAccess<S>& p, const Vec3<S>& x) const {
    using J = Jet<S, 3>;
    const LiftedParamAccess<S, 3> lifted(p);
    const Vec3<J> y = self().template applyT<J>(lifted, Vec3<J>(J(x.x, 0), J(x.y, 1), J(x.z, 2)));
    Mat3<S> m;
    for (int j = 0; j < 3; ++j) { m.m[0][j] = y.x.v[j]; m.m[1][j] = y.y.v[j]; m.m[2][j] = y.z.v[j]; }
    return m;
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace flexure
