// The figure scenes (scenes/metaball-*.json) load, tessellate through applyBatch, and show what
// their figure shows.
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "flexure/core/param_access.h"
#include "flexure/core/tessellation.h"
#include "flexure/deform/figure_setups.h"
#include "flexure/deform/register.h"
#include "flexure/io/scene_file.h"

using namespace flexure;
using namespace flexure::deform;

namespace {
std::unique_ptr<Scene> loadFigure(const std::string& name) {
  registerDeformModule();  // registers once per process
  return loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name);
}
const MetaballDeformOperator& deformer(const Scene& scene, const std::string& name = "deform") {
  const Node* n = scene.find(name);
  REQUIRE(n);
  return dynamic_cast<const MetaballDeformOperator&>(*n);
}
Vec3d apply(const Scene& scene, const MetaballDeformOperator& op, const Vec3d& x) {
  return op.apply(ValueAccess(scene.parameters().values()), x);
}
}  // namespace

TEST_CASE("Fig. 19: twelve disjoint point constraints raise a Z, each met exactly", "[scenes]") {
  auto scene = loadFigure("metaball-z-letter.json");
  const MetaballDeformOperator& op = deformer(*scene);
  REQUIRE(op.metaballs().size() == 12);
  for (const Metaball& m : op.metaballs()) {
    const Vec3d c = std::get<PointSkeleton>(m.skeleton).center;
    CHECK(norm(apply(*scene, op, c) - (c + Vec3d(0, 0, 0.25))) < 1e-12);
  }
  const std::vector<TriangleMesh> meshes = tessellateScene(*scene);
  REQUIRE(meshes.size() == 1);
  int raised = 0, flat = 0;
  for (const Vec3d& p : meshes[0].positions) {
    if (std::fabs(p.x) > 0.9 || std::fabs(p.y) > 0.9) {
      CHECK(p.z == 0.0);  // far from every metaball: untouched
      ++flat;
    }
    raised += p.z > 0.2;
  }
  CHECK(flat > 1000);
  CHECK(raised > 100);
}

TEST_CASE("Fig. 13: the potential distributions on grids", "[scenes]") {
  auto scene = loadFigure("metaball-potential-fields.json");
  for (const std::string k : {"line", "disk", "square", "polyline", "point-l2", "point-l1"}) {
    const MetaballDeformOperator& op = deformer(*scene, "deform-" + k);
    INFO(k);
    CHECK(apply(*scene, op, {0, 0, 0}).z == Approx(0.5));  // every skeleton passes through the centre
    CHECK(apply(*scene, op, {0.95, 0.95, 0}).z == 0.0);
  }
  // L1 (double pyramid) reaches less far along the diagonal than L2 (ball).
  CHECK(apply(*scene, deformer(*scene, "deform-point-l1"), {0.4, 0.4, 0}).z == 0.0);
  CHECK(apply(*scene, deformer(*scene, "deform-point-l2"), {0.4, 0.4, 0}).z > 0.05);
  CHECK(tessellateScene(*scene).size() == 6);
}

TEST_CASE("Fig. 15, 16, 17: line and plane constraints move only what lies within R", "[scenes]") {
  for (const std::string file : {"metaball-cow-line.json", "metaball-teapot-planes.json", "metaball-cow-plane-magnet.json"}) {
    INFO(file);
    auto scene = loadFigure(file);
    const MetaballDeformOperator& op = deformer(*scene);
    const auto* mesh = dynamic_cast<const Primitive*>(scene->root().children()[0]->children()[0].get());
    REQUIRE(mesh);
    TriangleMesh rest;
    mesh->tessellate(ValueAccess(scene->parameters().values()), 8, rest);
    const std::vector<TriangleMesh> deformed = tessellateScene(*scene);
    REQUIRE(deformed.size() == 1);
    REQUIRE(deformed[0].positions.size() == rest.positions.size());
    const double radius = scene->parameters().value(op.paramIndexOf(0, "radius"));
    int moved = 0, still = 0;
    for (std::size_t i = 0; i < rest.positions.size(); ++i) {
      const Vec3d& p = rest.positions[i];
      bool within = false;
      for (const Metaball& m : op.metaballs()) within = within || norm(skeletonOffset(m.skeleton, p)) < radius;
      if (!within) {
        CHECK(norm(deformed[0].positions[i] - p) == 0.0);
        ++still;
      } else {
        moved += norm(deformed[0].positions[i] - p) > 1e-6;
      }
    }
    CHECK(moved > 20);
    CHECK(still > 20);
  }
}

TEST_CASE("Figs. 20-23: a sphere volume moves the head rigidly (translate, scale, rotate -120 deg)", "[scenes]") {
  auto scene = loadFigure("metaball-cow-sphere-volume.json");
  const MetaballDeformOperator& op = deformer(*scene);
  const auto& ball = std::get<SphereVolumeSkeleton>(op.metaballs()[0].skeleton);
  const Mat3d rot = toMatrix(Quatd::fromAxisAngle(Vec3d(std::sqrt(0.5), std::sqrt(0.5), 0.0), -120.0 * M_PI / 180.0));
  const Vec3d dD(0.25, 0.0, 0.2);
  int head = 0;
  const std::vector<TriangleMesh> deformed = tessellateScene(*scene);
  const auto* mesh = dynamic_cast<const Primitive*>(scene->root().children()[0]->children()[0].get());
  TriangleMesh rest;
  mesh->tessellate(ValueAccess(scene->parameters().values()), 8, rest);
  for (std::size_t i = 0; i < rest.positions.size(); ++i) {
    const Vec3d& p = rest.positions[i];
    if (norm(p - ball.center) > ball.radius) continue;
    ++head;
    const Vec3d expected = ball.center + dD + rot * (p - ball.center) * 1.4;
    CHECK(norm(deformed[0].positions[i] - expected) < 1e-12);
  }
  CHECK(head > 30);
  // The scene carries the keyframes of Figs. 21-23 for the timeline.
  std::ifstream in(std::string(FLEXURE_SOURCE_DIR) + "/scenes/metaball-cow-sphere-volume.json");
  const nlohmann::json j = nlohmann::json::parse(in);
  CHECK(j["settings"]["timeline"]["tracks"].size() == 6);
}
