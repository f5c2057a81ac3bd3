// Issue 27: a selection dragged together. The parts dragged along (DragOptions::followers) each
// get a spring from one of their surface points to where it was plus the hand's displacement,
// in the same mode as the picked part, so free parts translate with the hand while the
// constraints on them keep holding.
#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/param_access.h"
#include "flexure/core/primitives/tube.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/attach_point.h"

using namespace flexure;

namespace {

// Two tubes as Add ▸ Primitives ▸ tube makes them, their placements free.
std::unique_ptr<Scene> twoTubes() {
  auto scene = std::make_unique<Scene>();
  const char* names[] = {"a", "b"};
  const Vec3d at[] = {{0, 0, 0}, {0.5, 3, 1}};
  for (int k = 0; k < 2; ++k) {
    const std::string n = names[k];
    Node& t = addNamed(*scene, std::make_unique<TranslateOperator>(), n + "-translate");
    Node& r = addNamed(*scene, std::make_unique<RotateOperator>(), n + "-rotate", &t);
    addNamed(*scene, std::make_unique<TubePrimitive>(), n, &r);
    setVec(*scene, t, at[k]);
    setQuat(*scene, r, Quatd{1, 0, 0, 0});
  }
  return scene;
}

Vec3d pointOf(const Scene& scene, const std::string& part, const SurfacePoint& p) {
  const Path path = scene.pathTo(static_cast<const Primitive&>(*scene.find(part)));
  return pathPosition(path, ValueAccess(scene.parameters().values()), p.patch, p.u, p.v);
}

Vec3d origin(const Scene& scene, const std::string& part) {
  const int i = scene.find(part + "-translate")->paramOffset();
  const Eigen::VectorXd& psi = scene.parameters().values();
  return {psi[i], psi[i + 1], psi[i + 2]};
}

}  // namespace

TEST_CASE("a part dragged along with the picked one moves by the hand's displacement", "[drag][followers]") {
  const Vec3d pull(1.0, -0.5, 0.7);
  for (const bool along : {false, true}) {
    auto scene = twoTubes();
    const Vec3d a0 = origin(*scene, "a"), b0 = origin(*scene, "b");
    DragSession drag(*scene);
    drag.setMode(DragMode::Auto);
    if (along) drag.setFollowers({{"b", SurfacePoint{0, 0.3, 0.2}}});
    const DragStatus s = drag.start("a", {0, 0.25, 0.9});  // near a's end
    REQUIRE_FALSE(s.pinned);
    for (int k = 1; k <= 10; ++k) drag.moveTo(s.point + pull * (k / 10.0));
    drag.end();
    INFO("b dragged along: " << along);
    // The picked part translates under the hand (the ladder), whether or not b comes too.
    CHECK(norm(origin(*scene, "a") - (a0 + pull)) < 1e-3);
    // b follows by the same displacement, or stays.
    CHECK(norm(origin(*scene, "b") - (along ? b0 + pull : b0)) < 1e-3);
  }
}

TEST_CASE("a constraint on a part dragged along keeps holding", "[drag][followers]") {
  // b's −x end is attached to a point of the world: dragged along, b can only turn about it.
  auto scene = twoTubes();
  const SurfacePoint end{0, 0.0, 0.0};
  auto attach = std::make_unique<AttachPointTerm>();
  attach->name = "hold-b";
  attach->point.ref.node = "b";
  attach->point.at = "surface";
  attach->point.surface = end;
  attach->target = pointOf(*scene, "b", end);
  scene->constraints.push_back(std::move(attach));
  scene->resolveReferences();
  const Vec3d held = pointOf(*scene, "b", end);
  DragSession drag(*scene);
  drag.setMode(DragMode::Auto);
  drag.setFollowers({{"b", SurfacePoint{0, 0.5, 0.5}}});
  const DragStatus s = drag.start("a", {0, 0.25, 0.5});
  REQUIRE_FALSE(s.pinned);
  for (int k = 1; k <= 10; ++k) drag.moveTo(s.point + Vec3d(0.1 * k, 0, 0));
  drag.end();
  CHECK(norm(pointOf(*scene, "b", end) - held) < 1e-4);
  CHECK(norm(origin(*scene, "a") - Vec3d(1, 0, 0)) < 1e-3);
}
