#include "term_fixture.h"

#include "flexure/core/operators/bend.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/cylinder.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/core/primitives/tube.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/attach_pipes.h"
#include "flexure/energy/terms/attach_point.h"
#include "flexure/energy/terms/attach_surface.h"
#include "flexure/energy/terms/collision.h"
#include "flexure/energy/terms/double_float.h"
#include "flexure/energy/terms/float_attach.h"
#include "flexure/energy/terms/orientation.h"
#include "flexure/energy/terms/param_anchor.h"
#include "flexure/energy/terms/param_default.h"
#include "flexure/energy/terms/param_relation.h"
#include "flexure/energy/terms/point_segment.h"
#include "flexure/energy/terms/slider.h"
#include "flexure/energy/terms/telescope.h"
#include "flexure/energy/terms/user_spring.h"

namespace flexure::test {

namespace {
Node& framed(Scene& scene, std::unique_ptr<Node> leaf, const std::string& name, const Vec3d& at, bool bend = false) {
  Node& t = addNamed(scene, std::make_unique<TranslateOperator>(), name + "-t");
  Node& r = addNamed(scene, std::make_unique<RotateOperator>(), name + "-r", &t);
  Node* parent = &r;
  if (bend) parent = &addNamed(scene, std::make_unique<BendOperator>(), name + "-bend", &r);
  Node& leafNode = addNamed(scene, std::move(leaf), name, parent);
  setParam(scene, t, "x", at.x); setParam(scene, t, "y", at.y); setParam(scene, t, "z", at.z);
  return leafNode;
}

template <class T>
T& add(Scene& scene) {
  auto c = std::make_unique<T>();
  c->name = std::string(T::kKind);
  T& ref = *c;
  scene.constraints.push_back(std::move(c));
  return ref;
}
}  // namespace

std::unique_ptr<Scene> buildTermFixture() {
  auto scene = std::make_unique<Scene>();
  framed(*scene, std::make_unique<TubePrimitive>(), "pipe", {0, 0, 0}, true);
  framed(*scene, std::make_unique<SpherePrimitive>(), "ball", {1.5, 0.2, 0.1});
  framed(*scene, std::make_unique<SpherePrimitive>(), "ball2", {-1.0, 1.0, 0.3});
  framed(*scene, std::make_unique<BlockPrimitive>(), "box", {0.3, -1.2, 0.4});
  Node& rod = framed(*scene, std::make_unique<CylinderPrimitive>(), "rod", {2.5, 0.0, 0.0});
  setParam(*scene, rod, "radius", 0.4);

  auto& ap = add<AttachPointTerm>(*scene);
  ap.point.ref.node = "pipe"; ap.point.surface = {0, 0.3, 0.6}; ap.target = {0.5, 0.4, -0.3};
  auto& as = add<AttachSurfaceTerm>(*scene);
  as.a.node = "pipe"; as.pointA = {0, 0.2, 0.7}; as.b.node = "ball"; as.pointB = {0, 0.6, 0.4};
  auto& fa = add<FloatAttachTerm>(*scene);
  fa.a.node = "pipe"; fa.pointA = {0, 0.1, 0.5}; fa.b.node = "ball";
  auto& df = add<DoubleFloatTerm>(*scene);
  df.a.node = "ball"; df.pointA = {0, 0.3, 0.6}; df.b.node = "ball2"; df.pointB = {0, 0.7, 0.3};
  auto& sl = add<SliderTerm>(*scene);
  sl.point.ref.node = "ball"; sl.point.surface = {0, 0.2, 0.5}; sl.p1 = {0, 0, 1}; sl.p2 = {1, 0.5, 1};
  auto& sl2 = add<SliderTerm>(*scene);
  sl2.name = "slider-on-box";
  sl2.point.ref.node = "ball"; sl2.point.at = "local"; sl2.point.local = {0.1, 0.2, 0.3};
  sl2.line.node = "box"; sl2.p1 = {-0.5, 0, 0}; sl2.p2 = {0.5, 0.1, 0};
  auto& ps = add<PointSegmentTerm>(*scene);
  ps.point.ref.node = "ball2"; ps.point.surface = {0, 0.4, 0.4}; ps.line.node = "box"; ps.p1 = {-0.4, 0, 0}; ps.p2 = {0.4, 0, 0};
  auto& te = add<TelescopeTerm>(*scene);
  te.a.node = "pipe"; te.a1 = {-0.5, 0, 0}; te.a2 = {0.5, 0, 0};
  te.b.node = "box"; te.b1 = {-0.3, 0.1, 0}; te.b2 = {0.6, 0.1, 0.05}; te.minOverlap = 5.0;
  auto& co = add<CollisionTerm>(*scene);
  co.a.node = "box"; co.b.node = "ball"; co.kappa = 2.0; co.samples = 4; co.cutoff = 100.0;
  auto& pd = add<ParamDefaultTerm>(*scene);
  pd.param.node = "pipe"; pd.param.slot = "radius"; pd.target = 0.7;
  auto& pr = add<ParamRelationTerm>(*scene);
  pr.alpha.node = "pipe"; pr.alpha.slot = "length"; pr.beta.node = "rod"; pr.beta.slot = "length"; pr.k1 = 2.0; pr.k2 = 0.1;
  auto& oa = add<OrientationTerm>(*scene);
  oa.a.node = "pipe"; oa.mode = "axis"; oa.axis = {1, 0, 0}; oa.origin = {0.6, 0, 0}; oa.direction = {0, 0, 1};
  auto& on = add<OrientationTerm>(*scene);
  on.name = "orientation-normal";
  on.a.node = "box"; on.mode = "normal"; on.point = {5, 0.5, 0.5}; on.direction = {1, 1, 0};
  auto& pp = add<AttachPipesTerm>(*scene);
  pp.a.node = "pipe"; pp.endA = 1; pp.b.node = "rod"; pp.endB = -1;
  auto& us = add<UserSpringTerm>(*scene);
  us.point.ref.node = "ball2"; us.point.surface = {0, 0.5, 0.5}; us.target = {0, 2, 0};
  auto& an = add<ParamAnchorTerm>(*scene);
  an.node = "box-r"; an.values = {0.9, 0.1, -0.2, 0.3};
  scene->resolveReferences();
  return scene;
}

void randomizeFreeParameters(Scene& scene, std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  ParameterTable& p = scene.parameters();
  for (int i = 0; i < p.size(); ++i)
    if (!p.isFrozen(i)) p.setValue(i, p.value(i) + scale * u(rng));
}

}  // namespace flexure::test
