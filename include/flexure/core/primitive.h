#pragma once
// Primitives: leaves of the scene graph, with a position function P(u,v), a normal function
// N(u,v) and an implicit (inside-outside) function I(X): I < 0 inside, 0 on the surface, > 0
// outside (Witkin et al. 1987, section 2 and Appendix A).
#include "flexure/core/lifted_access.h"
#include "flexure/core/node.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure {

class Primitive : public Node {
 public:
  NodeRole role() const final { return NodeRole::Primitive; }
  virtual int patchCount() const { return 1; }

#define FLEXURE_PRIMITIVE_VIRTUALS(S)                                                                   \
  virtual Vec3<S> position(const ParamAccess<S>& params, int patch, const S& u, const S& v) const = 0; \
  /* Unit outward normal at P(u,v). */                                                                  \
  virtual Vec3<S> normal(const ParamAccess<S>& params, int patch, const S& u, const S& v) const = 0;   \
  virtual S implicit(const ParamAccess<S>& params, const Vec3<S>& x) const = 0;                         \
  virtual Vec3<S> implicitGradient(const ParamAccess<S>& params, const Vec3<S>& x) const = 0;
  FLEXURE_FOR_EACH_SCALAR(FLEXURE_PRIMITIVE_VIRTUALS)
#undef FLEXURE_PRIMITIVE_VIRTUALS

  // Triangles of the surface in the primitive's own space, `resolution` samples per unit of
  // (u, v) on each patch. The default samples P and N on a grid per patch; meshes override.
  virtual void tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const;
  // Conservative bounds in the primitive's own space.
  virtual Bounds3 bounds(const ParamAccess<double>& params) const;
};

// CRTP helper: a primitive implements templates
//   template <class S> Vec3<S> positionT(const ParamAccess<S>&, int patch, const S& u, const S& v) const;
//   template <class S> S implicitT(const ParamAccess<S>&, const Vec3<S>& x) const;
// and optionally normalT / implicitGradientT; the defaults differentiate positionT and
// implicitT with nested jets, so they are exact.
template <class Derived>
class PrimitiveT : public Primitive {
 public:
#define FLEXURE_PRIMITIVE_FORWARD(S)                                                                      \
  Vec3<S> position(const ParamAccess<S>& p, int patch, const S& u, const S& v) const override {          \
    return self().template positionT<S>(p, patch, u, v);                                                  \
  }                                                                                                       \
  Vec3<S> normal(const ParamAccess<S>& p, int patch, const S& u, const S& v) const override {            \
    return self().template normalT<S>(p, patch, u, v);                                                    \
  }                                                                                                       \
  S implicit(const ParamAccess<S>& p, const Vec3<S>& x) const override { return self().template implicitT<S>(p, x); } \
  Vec3<S> implicitGradient(const ParamAccess<S>& p, const Vec3<S>& x) const override {                   \
    return self().template implicitGradientT<S>(p, x);                                                    \
  }
  FLEXURE_FOR_EACH_SCALAR(FLEXURE_PRIMITIVE_FORWARD)
#undef FLEXURE_PRIMITIVE_FORWARD

  // Default normal: ∂P/∂u × ∂P/∂v (Appendix A, N^{i,1}), normalized, with exact partials from
  // a two-lane jet. Primitives with degenerate parameterizations (poles) override.
  template <class S>
  Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
    using J = Jet<S, 2>;
    const LiftedParamAccess<S, 2> lifted(p);
    const Vec3<J> x = self().template positionT<J>(lifted, patch, J(u, 0), J(v, 1));
    const Vec3<S> pu(x.x.v[0], x.y.v[0], x.z.v[0]);
    const Vec3<S> pv(x.x.v[1], x.y.v[1], x.z.v[1]);
    return normalized(cross(pu, pv));
  }
  // Default gradient of I with respect to the point, from a three-lane jet.
  template <class S>
  Vec3<S> implicitGradientT(const ParamAccess<S>& p, const Vec3<S>& x) const {
    using J = Jet<S, 3>;
    const LiftedParamAccess<S, 3> lifted(p);
    const J i = self().template implicitT<J>(lifted, Vec3<J>(J(x.x, 0), J(x.y, 1), J(x.z, 2)));
    return {i.v[0], i.v[1], i.v[2]};
  }

 private:
  const Derived& self() const { return static_cast<const Derived&>(*this); }
};

}  // namespace flexure
