#pragma once
// Surfaces built from MES curves (Chen & Wu section 6: "surface models are constructed by
// extrusion, sweeping and lofting"). Each is a primitive whose evaluation reads its curves'
// control points through ParamAccess::of(curve) (declared in dependencies(), resolved by name in
// resolveReferences), so it follows the curves live as solvers move them.
//   extrude  P(u,v) = C(u) + v L d̂                       (patch 0; closed profiles add two caps)
//   sweep    P(u,v) = c(v) + x(u) N(v) + y(u) B(v)        profile (x, y) along a path curve c;
//            frame "rmf": rotation-minimizing — for a plane path it is exactly (T, n̂, -plane
//            normal), no twist; "frenet": N towards the centre of curvature (flips at inflections)
//   loft     P(u,v) = ruled interpolation of C_k(u) between consecutive profiles k, k+1
// C(u) is a curve point placed by its curve's plane. Implicit functions: extrude and sweep use
// the signed distance to a closed profile (unsigned for open ones) combined with the end slabs;
// loft uses the distance to a sampled grid of its surface (unsigned) — approximations good for
// inside/outside tests near the surface, documented in docs/curves.md.
#include <string>
#include <vector>

#include "flexure/core/primitive.h"
#include "flexure/curves/mes_curve.h"

namespace flexure {

class ExtrudeSurface final : public PrimitiveT<ExtrudeSurface> {
 public:
  static constexpr std::string_view kType = "extrude";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {{"length", 1.0, 0.0}}; }
  void visitFields(FieldVisitor& v) override;
  std::vector<const Node*> dependencies() const override;
  void resolveReferences(const Scene& scene) override;
  std::unique_ptr<Node> cloneNode() const override;
  int patchCount() const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;

  std::string profile;
  Vec3d direction{0, 0, 1};

 private:
  const MesCurve* curve_ = nullptr;
};

class SweepSurface final : public PrimitiveT<SweepSurface> {
 public:
  static constexpr std::string_view kType = "sweep";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  void visitFields(FieldVisitor& v) override;
  std::vector<const Node*> dependencies() const override;
  void resolveReferences(const Scene& scene) override;
  std::unique_ptr<Node> cloneNode() const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
  // Frame (T, N, B) of the path at v.
  template <class S> void frameT(const ParamAccess<S>& p, const S& v, Vec3<S>& origin, Vec3<S>& t, Vec3<S>& n, Vec3<S>& b) const;

  std::string profile, path;
  std::string frame = "rmf";

 private:
  const MesCurve* profile_ = nullptr;
  const MesCurve* path_ = nullptr;
};

class LoftSurface final : public PrimitiveT<LoftSurface> {
 public:
  static constexpr std::string_view kType = "loft";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  void visitFields(FieldVisitor& v) override;
  std::vector<const Node*> dependencies() const override;
  void resolveReferences(const Scene& scene) override;
  std::unique_ptr<Node> cloneNode() const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;

  std::vector<std::string> profiles;

 private:
  std::vector<const MesCurve*> curves_;
};

}  // namespace flexure
