// Picking a pixel back to (node, patch, u, v): the model evaluated at the picked surface point
// must be where the ray hit the displayed mesh, for every kind of primitive and for metaball
// handles.
#include <catch2/catch.hpp>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/core/primitive.h"
#include "flexure/io/scene_file.h"
#include "flexure/render/camera_matrices.h"
#include "support/gui_test_support.h"
#include "viewport/display_geometry.h"
#include "viewport/surface_pick.h"

using namespace flexure;
using namespace flexure::app;

namespace {

constexpr int kWidth = 800, kHeight = 600;

std::unique_ptr<Scene> loadExample(const char* name) {
  return loadScene(testing::sourcePath((std::string("scenes/") + name).c_str()).toStdString());
}

// The ray through the pixel where `world` appears.
std::optional<PickRay> rayToward(const Camera& camera, const Vec3d& world) {
  glm::dvec2 pixel;
  if (!projectToPixel(camera, kWidth, kHeight, toGlm(world), pixel)) return std::nullopt;
  if (pixel.x < 0 || pixel.y < 0 || pixel.x >= kWidth || pixel.y >= kHeight) return std::nullopt;
  return pickRayThroughPixel(camera, kWidth, kHeight, pixel.x, pixel.y);
}

}  // namespace

TEST_CASE("a picked surface point evaluates to the hit point on every primitive", "[live][pick]") {
  for (const char* file : {"primitives.json", "pipefitting.json", "mold-convex.json", "snake.json"}) {
    INFO(file);
    const auto scene = loadExample(file);
    const DisplayGeometry geometry = buildDisplayGeometry(*scene);
    const ValueAccess values(scene->parameters().values());
    int checked = 0;
    for (std::size_t m = 0; m < geometry.sceneMeshCount; ++m) {
      const TriangleMesh& mesh = (*geometry.meshes)[m];
      // A few triangle centroids per mesh, spread over its triangles (and so its patches).
      const int step = std::max(1, mesh.triangleCount() / 7);
      for (int t = step / 2; t < mesh.triangleCount(); t += step) {
        const auto& tri = mesh.triangles[static_cast<std::size_t>(t)];
        const Vec3d centroid = (mesh.positions[static_cast<std::size_t>(tri[0])] +
                                mesh.positions[static_cast<std::size_t>(tri[1])] +
                                mesh.positions[static_cast<std::size_t>(tri[2])]) / 3.0;
        const auto ray = rayToward(scene->camera, centroid);
        if (!ray) continue;
        const auto pick = pickSurface(*scene, geometry, *ray);
        if (!pick || pick->mesh != static_cast<int>(m) || norm(pick->world - centroid) > 1e-6) continue;  // occluded
        const auto* leaf = dynamic_cast<const Primitive*>(scene->find(pick->node));
        REQUIRE(leaf != nullptr);
        CHECK(pick->node == mesh.name);
        const Path path = scene->pathTo(*leaf);
        const Vec3d model = pathPosition<double>(path, values, pick->point.patch, pick->point.u, pick->point.v);
        // Within the hit triangle's size: (u, v) is interpolated linearly over it, the model
        // is not linear in (u, v); a wrong patch or a wrong (u, v) lands far away.
        double edge = 0.0;
        for (int k = 0; k < 3; ++k)
          edge = std::max(edge, norm(mesh.positions[static_cast<std::size_t>(tri[k])] -
                                     mesh.positions[static_cast<std::size_t>(tri[(k + 1) % 3])]));
        INFO(mesh.name << " triangle " << t << " patch " << pick->point.patch << " u " << pick->point.u << " v "
                       << pick->point.v);
        CHECK(norm(model - pick->world) < 1.5 * edge);
        ++checked;
      }
    }
    CHECK(checked >= 5);
  }
}

TEST_CASE("a metaball handle picks the deformer with patch = metaball index", "[live][pick]") {
  const auto scene = loadExample("metaball-z-letter.json");
  const DisplayGeometry geometry = buildDisplayGeometry(*scene);
  REQUIRE(geometry.handles.size() == 12);
  REQUIRE(geometry.meshes->size() == geometry.sceneMeshCount + geometry.handles.size());
  int picked = 0;
  for (const MetaballHandle& handle : geometry.handles) {
    const auto ray = rayToward(scene->camera, handle.world);
    REQUIRE(ray);
    const auto pick = pickSurface(*scene, geometry, *ray);
    REQUIRE(pick);
    if (!pick->metaballHandle) continue;  // behind another handle
    CHECK(pick->node == handle.deformer);
    CHECK(norm(pick->world - handle.world) <= handle.radius * 1.01);
    if (pick->point.patch == handle.metaball) ++picked;
  }
  CHECK(picked >= 10);
  // Off every handle and every mesh: nothing.
  const PickRay sky = pickRayThroughPixel(scene->camera, kWidth, kHeight, 2, 2);
  CHECK_FALSE(pickSurface(*scene, geometry, sky));
}
