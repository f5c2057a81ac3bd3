#pragma once
// A mold's boundary drawn as walls (type "mold-wall"): one vertical ribbon per polygon edge,
// P(u, v) = v_i + u (v_{i+1} - v_i) + (v - ½) h ẑ on patch i, in the same plane placement as
// the curve it holds. It only shows the cavity (the curve-mold constraint is what the solver
// uses); I(x) is the signed distance to the boundary, negative inside the cavity, combined
// with the slab |z| <= h/2.
#include <string>
#include <vector>

#include "flexure/core/primitive.h"
#include "flexure/curves/curve_plane.h"
#include "flexure/curves/mold_polygon.h"

namespace flexure {

class MoldWall final : public PrimitiveT<MoldWall> {
 public:
  static constexpr std::string_view kType = "mold-wall";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  void visitFields(FieldVisitor& v) override;
  std::unique_ptr<Node> cloneNode() const override;
  int patchCount() const override { return std::max(1, polygon_.size()); }

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;

  std::vector<double> vertices;  // x0, y0, x1, y1, ... in the plane
  double height = 0.3;
  Vec3d origin{0, 0, 0}, axisU{1, 0, 0}, axisV{0, 1, 0};

 private:
  MoldPolygon polygon_;
};

}  // namespace flexure
