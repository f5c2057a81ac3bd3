#include "flexure/curves/mold_wall.h"

namespace flexure {

namespace {
// The most polygon vertices of a wall read from a file (docs/scene-format.md, "Limits"); the
// wall tessellates into two triangles per edge.
constexpr std::size_t kMaxVertices = 10000;
}  // namespace

void MoldWall::visitFields(FieldVisitor& v) {
  v.field("vertices", vertices, MaxItems{2 * kMaxVertices}, FieldUse::Required);
  v.field("height", height);
  v.field("origin", origin);
  v.field("axis_u", axisU);
  v.field("axis_v", axisV);
  if (v.isReading()) {
    if (vertices.size() < 6 || vertices.size() % 2 != 0)
      throw FieldError::about("vertices", "vertices needs at least three (x, y) pairs");
    if (!(height > 0.0)) throw FieldError::about("height", "height must be positive");
  }
  polygon_ = MoldPolygon::fromFlat(vertices);
}

std::unique_ptr<Node> MoldWall::cloneNode() const {
  auto c = std::make_unique<MoldWall>();
  c->vertices = vertices;
  c->height = height;
  c->origin = origin;
  c->axisU = axisU;
  c->axisV = axisV;
  c->polygon_ = polygon_;
  return c;
}

template <class S>
Vec3<S> MoldWall::positionT(const ParamAccess<S>&, int patch, const S& u, const S& v) const {
  if (polygon_.size() < 3) return {};
  const CurvePlane pl = CurvePlane::fromAxes(origin, axisU, axisV);
  const Eigen::Vector2d a = polygon_.vertex(patch), b = polygon_.vertex(patch + 1);
  // Walk each edge backwards so that ∂P/∂u × ∂P/∂v points into the cavity (the visible side).
  const Vec3<S> p(S(b.x()) + (a.x() - b.x()) * u, S(b.y()) + (a.y() - b.y()) * u, S(0.0));
  const Vec3<S> n = Vec3<S>::from(pl.normal);
  return pl.toWorld(p) + n * ((v - 0.5) * height);
}

template <class S>
S MoldWall::implicitT(const ParamAccess<S>&, const Vec3<S>& x) const {
  const CurvePlane pl = CurvePlane::fromAxes(origin, axisU, axisV);
  const Vec3<S> local = pl.toPlane(x);
  const double d = classifyPoint(polygon_, Eigen::Vector2d(value(local.x), value(local.y))).distance;
  const S slab = abs(local.z) - 0.5 * height;
  return max(S(-d), slab);
}

using NestedD2 = Jet<double, 2>;
using NestedD3 = Jet<double, 3>;
using NestedDual2 = Jet<Dual, 2>;
using NestedDual3 = Jet<Dual, 3>;
using NestedDual8x2 = Jet<Dual8, 2>;
using NestedDual8x3 = Jet<Dual8, 3>;
#define FLEXURE_MOLD_WALL_INSTANTIATE(S)                                                            \
  template Vec3<S> MoldWall::positionT<S>(const ParamAccess<S>&, int, const S&, const S&) const;  \
  template S MoldWall::implicitT<S>(const ParamAccess<S>&, const Vec3<S>&) const;
FLEXURE_FOR_EACH_SCALAR(FLEXURE_MOLD_WALL_INSTANTIATE)
FLEXURE_MOLD_WALL_INSTANTIATE(NestedD2)
FLEXURE_MOLD_WALL_INSTANTIATE(NestedD3)
FLEXURE_MOLD_WALL_INSTANTIATE(NestedDual2)
FLEXURE_MOLD_WALL_INSTANTIATE(NestedDual3)
FLEXURE_MOLD_WALL_INSTANTIATE(NestedDual8x2)
FLEXURE_MOLD_WALL_INSTANTIATE(NestedDual8x3)
#undef FLEXURE_MOLD_WALL_INSTANTIATE

}  // namespace flexure
