#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>

#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/render/grid_plane.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/overlay_builder.h"
#include "ground_grid.h"  // src/render: the grid's layout and plane-to-world matrix
#include "render_test_support.h"

using namespace flexure;
using flexure::test::loadExample;
using flexure::test::colorDistance;
using Catch::Detail::Approx;

namespace {

void requireNear(const Vec3d& a, const Vec3d& b, double tolerance = 1e-12) {
  INFO("(" << a.x << ", " << a.y << ", " << a.z << ") vs (" << b.x << ", " << b.y << ", " << b.z << ")");
  REQUIRE(norm(a - b) <= tolerance);
}

Vec3d planeToWorld(const render_detail::GridLayout& layout, double a, double b, double height = 0.0) {
  const glm::dvec4 p = render_detail::gridPlaneToWorld(layout) * glm::dvec4(a, b, height, 1.0);
  return {p.x, p.y, p.z};
}

Camera cameraWithUp(const Vec3d& eye, const Vec3d& target, const Vec3d& up) {
  Camera camera;
  camera.eye = eye;
  camera.target = target;
  camera.up = up;
  return camera;
}

// Pixels the grid changes, above and below the image's middle row band [h/2 - margin, h/2 + margin).
struct GridPixels {
  int above = 0, below = 0;
};

GridPixels gridPixels(const OverlayGeometry& overlays, const Camera& camera, int w, int h, int margin,
                      std::optional<GridPlane> gridPlane = std::nullopt) {
  RenderOptions options;
  options.showAxisGizmo = false;
  options.gridPlane = gridPlane;
  RgbaImage withGrid, without;
  std::string error;
  REQUIRE(renderMeshesToImage({}, {}, overlays, camera, w, h, options, withGrid, error));
  options.showGrid = false;
  REQUIRE(renderMeshesToImage({}, {}, overlays, camera, w, h, options, without, error));
  GridPixels count;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      if (colorDistance(withGrid, without, x, y) <= 6) continue;
      if (y < h / 2 - margin) ++count.above;
      if (y >= h / 2 + margin) ++count.below;
    }
  return count;
}

}  // namespace

TEST_CASE("the grid plane is perpendicular to the camera's up snapped to the nearest axis", "[render][grid]") {
  CHECK(nearestCoordinateAxis({0.2, 0.9, -0.3}) == 1);
  CHECK(nearestCoordinateAxis({-0.9, 0.3, 0.1}) == 0);
  CHECK(nearestCoordinateAxis({0.0, 0.0, 0.0}) == 2);
  requireNear(gridPlaneForUp({0, 0, 1}).normal, {0, 0, 1});
  requireNear(gridPlaneForUp({0.2, 0.9, -0.3}).normal, {0, 1, 0});
  requireNear(gridPlaneForUp({-0.9, 0.3, 0.1}).normal, {-1, 0, 0});
  CHECK(gridPlaneForUp({0.2, 0.9, -0.3}).offset == 0.0);

  // On y = 0 the grid's axes are the world's z and x (a × b = y), so its lines run along them.
  const GridFrame yUp = gridFrameOf(gridPlaneForUp({0, 1, 0}));
  requireNear(yUp.axisA, {0, 0, 1});
  requireNear(yUp.axisB, {1, 0, 0});
  CHECK(yUp.worldAxisA == 2);
  CHECK(yUp.worldAxisB == 0);
  const GridFrame zUp = gridFrameOf(gridPlaneForUp({0, 0, 1}));
  requireNear(zUp.axisA, {1, 0, 0});
  requireNear(zUp.axisB, {0, 1, 0});

  // A tilted floor still gets an orthonormal, right-handed frame in the plane.
  const GridFrame tilted = gridFrameOf(GridPlane{normalized(Vec3d(0.3, 1.0, 0.2)), 2.0});
  CHECK(dot(tilted.axisA, tilted.normal) == Approx(0.0).margin(1e-12));
  CHECK(dot(tilted.axisB, tilted.normal) == Approx(0.0).margin(1e-12));
  CHECK(norm(tilted.axisA) == Approx(1.0));
  requireNear(cross(tilted.axisA, tilted.axisB), tilted.normal);
  CHECK(dot(tilted.origin, tilted.normal) == Approx(2.0));
}

TEST_CASE("the grid square lies in its plane under the model: z = 0, y = 0 or the floor", "[render][grid]") {
  Bounds3 model;
  model.extend({2, 3, 4});
  model.extend({4, 5, 6});  // centre (3, 4, 5)
  const double corners[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

  const Camera zUpCamera = cameraWithUp({10, -10, 8}, {3, 4, 5}, {0, 0, 1});
  const auto zLayout = render_detail::gridLayoutFor(model, zUpCamera, gridPlaneForUp(zUpCamera.up));
  requireNear(planeToWorld(zLayout, zLayout.centerA, zLayout.centerB), {3, 4, 0});
  for (const auto& c : corners)
    CHECK(planeToWorld(zLayout, zLayout.centerA + c[0] * zLayout.halfSize, zLayout.centerB + c[1] * zLayout.halfSize).z ==
          Approx(0.0).margin(1e-12));

  const Camera yUpCamera = cameraWithUp({10, 8, 10}, {3, 4, 5}, {0, 1, 0});
  const auto yLayout = render_detail::gridLayoutFor(model, yUpCamera, gridPlaneForUp(yUpCamera.up));
  requireNear(planeToWorld(yLayout, yLayout.centerA, yLayout.centerB), {3, 0, 5});
  for (const auto& c : corners)
    CHECK(planeToWorld(yLayout, yLayout.centerA + c[0] * yLayout.halfSize, yLayout.centerB + c[1] * yLayout.halfSize).y ==
          Approx(0.0).margin(1e-12));
  // The third plane coordinate is the height above the ground: up along y.
  requireNear(planeToWorld(yLayout, 0, 0, 2.5), {0, 2.5, 0});

  // A floor at y = -1.5 carries the grid at its height.
  const auto floorLayout = render_detail::gridLayoutFor(model, yUpCamera, GridPlane{{0, 1, 0}, -1.5});
  requireNear(planeToWorld(floorLayout, floorLayout.centerA, floorLayout.centerB), {3, -1.5, 5});
}

TEST_CASE("a y-up camera sees the grid below the horizon, not as a wall across the view", "[render][grid][gl]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  const int w = 160, h = 120;
  // Level cameras one unit above the origin, looking at the point one unit above it: the
  // horizon is the middle row, and the ground plane shows below it only. The old grid (always
  // z = 0) stood across the y-up camera's whole view ten units ahead.
  for (const Camera& camera : {cameraWithUp({0, 1, 10}, {0, 1, 0}, {0, 1, 0}),    // y up
                               cameraWithUp({0, -10, 1}, {0, 0, 1}, {0, 0, 1})}) {  // z up
    INFO("camera up (" << camera.up.x << ", " << camera.up.y << ", " << camera.up.z << ")");
    const GridPixels pixels = gridPixels({}, camera, w, h, 2);
    CHECK(pixels.above == 0);
    CHECK(pixels.below > w * h / 20);
  }
}

TEST_CASE("the options' grid plane, else the overlays' ground, wins over the camera's up", "[render][grid][gl]") {
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  // A level y-up camera: from its up alone the grid lies on y = 0, below the horizon; a ground
  // the overlays carry (here the plane z = -1, ahead of the camera) takes the grid instead.
  const Camera camera = cameraWithUp({0, 1, 10}, {0, 1, 0}, {0, 1, 0});
  OverlayGeometry overlays;
  const GridPixels fromUp = gridPixels(overlays, camera, 160, 120, 2);
  CHECK(fromUp.above == 0);
  CHECK(fromUp.below > 160 * 120 / 20);
  overlays.ground = GridPlane{{0, 0, 1}, -1.0};
  const GridPixels onGround = gridPixels(overlays, camera, 160, 120, 2);
  CHECK(onGround.above > 160 * 120 / 20);
  // The viewport's plane (RenderOptions::gridPlane, as exports receive it) over both.
  const GridPixels fromOptions = gridPixels(overlays, camera, 160, 120, 2, GridPlane{{0, 1, 0}, 0.0});
  CHECK(fromOptions.above == 0);
  CHECK(fromOptions.below > 160 * 120 / 20);
}

TEST_CASE("a scene's grid plane: the rigid floor when switched on, else the camera's up", "[render][grid]") {
  // The monocycle has a ground at y = 0 and a y-up camera; its animated copy keeps the floor
  // but looks with z up: the floor wins.
  for (const char* name : {"monocycle.json", "anim-monocycle.json"}) {
    INFO(name);
    const auto scene = loadExample(name);
    const std::optional<GridPlane> floor = sceneFloor(*scene);
    REQUIRE(floor.has_value());
    requireNear(floor->normal, {0, 1, 0});
    CHECK(floor->offset == 0.0);
    requireNear(sceneGridPlane(*scene).normal, {0, 1, 0});
    const OverlayGeometry overlays = buildOverlayGeometry(*scene);
    REQUIRE(overlays.ground.has_value());
    requireNear(overlays.ground->normal, {0, 1, 0});
  }
  // The snake's ground is off: its y-up camera decides.
  const auto snake = loadExample("snake.json");
  CHECK_FALSE(sceneFloor(*snake).has_value());
  CHECK_FALSE(buildOverlayGeometry(*snake).ground.has_value());
  requireNear(sceneGridPlane(*snake).normal, {0, 1, 0});
  requireNear(sceneGridPlane(*loadExample("pipe.json")).normal, {0, 0, 1});
}
