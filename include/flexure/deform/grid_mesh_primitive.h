#pragma once
// "grid-mesh": a flat rectangular grid of (divisions_x + 1) x (divisions_y + 1) vertices in the
// plane z = 0, centered at the origin, width along x and height along y. The paper deforms such
// grids in Figs. 13 and 19; the deform benchmark uses one with a million vertices. Procedural, so
// scenes stay small: P(u, v) = ((u - 1/2) width, (v - 1/2) height, 0), N = +z, I(X) = z.
#include "flexure/core/primitive.h"

namespace flexure::deform {

class GridMeshPrimitive final : public PrimitiveT<GridMeshPrimitive> {
 public:
  static constexpr std::string_view kType = "grid-mesh";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  void visitFields(FieldVisitor& v) override;
  std::unique_ptr<Node> cloneNode() const override;

  double width = 2.0, height = 2.0;
  int divisionsX = 40, divisionsY = 40;

  template <class S> Vec3<S> positionT(const ParamAccess<S>&, int, const S& u, const S& v) const {
    return {(u - 0.5) * width, (v - 0.5) * height, S(0.0)};
  }
  template <class S> Vec3<S> normalT(const ParamAccess<S>&, int, const S&, const S&) const {
    return {S(0.0), S(0.0), S(1.0)};
  }
  template <class S> S implicitT(const ParamAccess<S>&, const Vec3<S>& x) const { return x.z; }
  template <class S> Vec3<S> implicitGradientT(const ParamAccess<S>&, const Vec3<S>&) const {
    return {S(0.0), S(0.0), S(1.0)};
  }

  // The grid's own vertices and triangles (resolution is ignored: the divisions decide).
  void tessellate(const ParamAccess<double>& params, int resolution, TriangleMesh& out) const override;
  Bounds3 bounds(const ParamAccess<double>& params) const override;
};

// The vertices and triangles of a grid without a scene (benchmarks, tests).
TriangleMesh makeGridMesh(double width, double height, int divisionsX, int divisionsY);

}  // namespace flexure::deform
