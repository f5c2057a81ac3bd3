#include <catch2/catch.hpp>

#include <cmath>

#include "flexure/render/camera_framing.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/render/camera_navigation.h"
#include "flexure/render/glyph_meshes.h"
#include "flexure/render/mesh_picking.h"

using namespace flexure;

namespace {
double distance(const Camera& c) { return norm(c.eye - c.target); }
}  // namespace

TEST_CASE("orbit keeps the distance to the target and the target itself", "[render][camera]") {
  Camera camera;
  const Camera orbited = orbitCamera(camera, 120.0, -45.0);
  CHECK(distance(orbited) == Approx(distance(camera)).epsilon(1e-12));
  CHECK(norm(orbited.target - camera.target) == Approx(0.0).margin(1e-12));
  CHECK(norm(orbited.eye - camera.eye) > 0.5);
  // The up vector stays perpendicular to the view direction.
  CHECK(dot(orbited.up, normalized(orbited.target - orbited.eye)) == Approx(0.0).margin(1e-9));
}

TEST_CASE("horizontal orbit turns around the world z axis; dragging down raises the eye", "[render][camera]") {
  Camera camera;
  camera.eye = {0, -10, 0};
  const Camera yawed = orbitCamera(camera, 100.0, 0.0, 0.01);  // one radian
  CHECK(yawed.eye.z == Approx(0.0).margin(1e-12));
  CHECK(std::atan2(yawed.eye.y, yawed.eye.x) - std::atan2(-10.0, 0.0) == Approx(-1.0).margin(1e-9));
  const Camera pitched = orbitCamera(camera, 0.0, 50.0, 0.01);
  CHECK(pitched.eye.z == Approx(10.0 * std::sin(0.5)).epsilon(1e-9));
}

TEST_CASE("a y-up scene's orbit turns around world y: the eye keeps its height", "[render][camera]") {
  Camera camera;
  camera.eye = {0, 3, 10};
  camera.up = {0, 1, 0};
  const Camera yawed = orbitCamera(camera, 100.0, 0.0, Vec3d(0, 1, 0), 0.01);  // one radian
  CHECK(yawed.eye.y == Approx(3.0).epsilon(1e-12));
  CHECK(std::atan2(yawed.eye.x, yawed.eye.z) == Approx(-1.0).margin(1e-9));
  // No roll: the view's right direction stays level (perpendicular to world y).
  CHECK(cross(normalized(yawed.target - yawed.eye), yawed.up).y == Approx(0.0).margin(1e-12));
  // The z-up default would have rolled this camera and changed the eye's height.
  CHECK(std::abs(orbitCamera(camera, 100.0, 0.0, 0.01).eye.y - 3.0) > 1.0);
}

TEST_CASE("panning moves the point under the cursor with the cursor", "[render][camera]") {
  Camera camera;
  const int w = 800, h = 600;
  glm::dvec2 before, after;
  const glm::dvec3 target = toGlm(camera.target);
  REQUIRE(projectToPixel(camera, w, h, target, before));
  const Camera panned = panCamera(camera, 37.0, -21.0, h);
  REQUIRE(projectToPixel(panned, w, h, target, after));
  CHECK(after.x - before.x == Approx(37.0).margin(1e-6));
  CHECK(after.y - before.y == Approx(-21.0).margin(1e-6));
}

TEST_CASE("dolly scales the distance (perspective) or the visible height (orthographic)", "[render][camera]") {
  Camera camera;
  CHECK(distance(dollyCamera(camera, 0.5)) == Approx(0.5 * distance(camera)));
  camera.projection = Camera::Projection::Orthographic;
  CHECK(dollyCamera(camera, 2.0).orthoHeight == Approx(2.0 * camera.orthoHeight));
}

TEST_CASE("numeric keypad views look along the world axes", "[render][camera]") {
  Camera camera;
  const Camera front = standardViewCamera(camera, StandardView::Front);
  CHECK(normalized(front.target - front.eye).y == Approx(1.0));
  const Camera top = standardViewCamera(camera, StandardView::Top);
  CHECK(normalized(top.target - top.eye).z == Approx(-1.0));
  CHECK(top.up.y == Approx(1.0));
  const Camera right = standardViewCamera(camera, StandardView::Right);
  CHECK(normalized(right.target - right.eye).x == Approx(-1.0));
  CHECK(distance(right) == Approx(distance(camera)));
}

TEST_CASE("toggling the projection keeps the apparent size at the target", "[render][camera]") {
  Camera camera;
  const double before = halfHeightAtTarget(camera);
  const Camera ortho = toggledProjection(camera);
  CHECK(ortho.projection == Camera::Projection::Orthographic);
  CHECK(halfHeightAtTarget(ortho) == Approx(before));
  const Camera back = toggledProjection(ortho);
  CHECK(halfHeightAtTarget(back) == Approx(before));
}

TEST_CASE("frame all puts every vertex inside the view; the fallback only re-frames when needed", "[render][camera]") {
  const std::vector<TriangleMesh> far{makeSphereMesh({100, 40, -20}, 3.0, 16)};
  Camera camera;
  CHECK_FALSE(cameraSeesAnyVertex(camera, far, 1.5));
  const Camera framed = cameraShowingMeshes(camera, far, 1.5);
  for (const Vec3d& p : far[0].positions) {
    glm::dvec2 pixel;
    double depth = 0;
    REQUIRE(projectToPixel(framed, 300, 200, toGlm(p), pixel, &depth));
    CHECK(pixel.x >= 0.0);
    CHECK(pixel.x <= 300.0);
    CHECK(pixel.y >= 0.0);
    CHECK(pixel.y <= 200.0);
    CHECK(std::abs(depth) <= 1.0);
  }
  // Same view direction as before.
  CHECK(dot(normalized(framed.target - framed.eye), normalized(camera.target - camera.eye)) == Approx(1.0));
  const std::vector<TriangleMesh> near{makeSphereMesh({0, 0, 0}, 1.0, 16)};
  const Camera kept = cameraShowingMeshes(camera, near, 1.5);
  CHECK(norm(kept.eye - camera.eye) == 0.0);
}

TEST_CASE("picking through a pixel hits the nearest mesh at the right point", "[render][picking]") {
  Camera camera;
  camera.eye = {0, -10, 0};
  camera.target = {0, 0, 0};
  const std::vector<TriangleMesh> meshes{makeSphereMesh({0, 0, 0}, 1.0, 48), makeSphereMesh({0, 5, 0}, 3.0, 48)};
  const int w = 400, h = 300;
  // Through the image centre: the small sphere in front, its near pole at y = -1.
  auto hit = pickMeshes(meshes, pickRayThroughPixel(camera, w, h, 200, 150));
  REQUIRE(hit);
  CHECK(hit->mesh == 0);
  CHECK(hit->point.y == Approx(-1.0).margin(2e-3));
  // A pixel that sees past the small sphere onto the big one behind it.
  glm::dvec2 pixel;
  REQUIRE(projectToPixel(camera, w, h, {2.0, 3.0, 0.0}, pixel));
  hit = pickMeshes(meshes, pickRayThroughPixel(camera, w, h, pixel.x, pixel.y));
  REQUIRE(hit);
  CHECK(hit->mesh == 1);
  // The hit point projects back onto the same pixel.
  glm::dvec2 back;
  REQUIRE(projectToPixel(camera, w, h, hit->point, back));
  CHECK(back.x == Approx(pixel.x).margin(1e-6));
  CHECK(back.y == Approx(pixel.y).margin(1e-6));
  // A corner pixel misses everything.
  CHECK_FALSE(pickMeshes(meshes, pickRayThroughPixel(camera, w, h, 2, 2)));
}

TEST_CASE("orthographic picking rays are parallel to the view direction", "[render][picking]") {
  Camera camera;
  camera.projection = Camera::Projection::Orthographic;
  camera.eye = {0, -10, 0};
  camera.target = {0, 0, 0};
  const PickRay a = pickRayThroughPixel(camera, 200, 200, 10, 10);
  const PickRay b = pickRayThroughPixel(camera, 200, 200, 190, 150);
  CHECK(glm::dot(a.direction, b.direction) == Approx(1.0));
  CHECK(a.direction.y == Approx(1.0));
}
