// The viewport's overlays (overlay_builder.h) checked geometrically against the constraint data
// they show, and a headless render that shows them in their colours.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "flexure/core/operator.h"
#include "flexure/core/param_access.h"
#include "flexure/core/solver_registry.h"
#include "flexure/curves/mes_curve.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/render/implicit_surface_mesh.h"
#include "flexure/render/offscreen_render.h"
#include "flexure/render/overlay_builder.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/render/overlay_shapes.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/rigid/solid_operator.h"
#include "render_test_support.h"

using namespace flexure;
using flexure::test::loadExample;

namespace {

bool sameColor(const ColorRgb& a, const ColorRgb& b) { return a.r == b.r && a.g == b.g && a.b == b.b; }

// World point of a point given in a solid's frame (the solid is a top-level node).
Vec3d solidPoint(const Scene& scene, const std::string& solid, const Vec3d& local) {
  const ValueAccess params(scene.parameters().values());
  return static_cast<const SolidOperator*>(scene.find(solid))->apply(params, local);
}

}  // namespace

TEST_CASE("a ring joint's glyph lies in the ring's plane at its radius", "[overlay]") {
  const auto scene = loadExample("otary.json");
  const RigidJoint* ring = nullptr;
  for (const auto& c : scene->constraints)
    if (c->kind() == "point-to-ring") ring = static_cast<const RigidJoint*>(c.get());
  REQUIRE(ring != nullptr);
  REQUIRE(std::isfinite(ring->max));
  const Vec3d center = solidPoint(*scene, ring->object1, ring->point1);
  const Vec3d normal = normalized(solidPoint(*scene, ring->object1, ring->point1 + ring->direction) - center);

  const OverlayGeometry overlays = buildOverlayGeometry(*scene);
  int ringsFound = 0;
  for (const OverlayPolyline& line : overlays.lines) {
    if (!line.closed || line.points.size() < 24) continue;
    bool onRing = true;
    for (const Vec3d& p : line.points)
      onRing = onRing && std::abs(dot(p - center, normal)) < 1e-9 && std::abs(norm(p - center) - ring->max) < 1e-9;
    ringsFound += onRing ? 1 : 0;
  }
  CHECK(ringsFound == 1);
}

TEST_CASE("a metaball's influence volume is the sphere of its radius around a point skeleton", "[overlay]") {
  const auto scene = loadExample("metaball-potential-fields.json");
  const auto* deformer = dynamic_cast<const deform::MetaballDeformOperator*>(scene->find("deform-point-l2"));
  REQUIRE(deformer != nullptr);
  // The skeleton lives in the deformer's input space, placed by the operators above it.
  const ValueAccess params(scene->parameters().values());
  Vec3d center = deform::skeletonPivot(deformer->metaballs()[0].skeleton);
  for (const Node* n = deformer->parent(); n != nullptr; n = n->parent())
    if (const auto* op = dynamic_cast<const Operator*>(n)) center = op->apply(params, center);
  const double radius = scene->parameters().value(deformer->paramIndexOf(0, "radius"));

  const OverlayGeometry overlays = buildOverlayGeometry(*scene);
  const auto volume = std::find_if(overlays.volumes.begin(), overlays.volumes.end(),
                                   [&](const OverlayMesh& m) { return m.mesh.name == "deform-point-l2.0"; });
  REQUIRE(volume != overlays.volumes.end());
  CHECK(volume->layer == OverlayLayer::InfluenceVolumes);
  CHECK(volume->opacity < 0.5f);
  REQUIRE(volume->mesh.triangleCount() > 300);
  // Every vertex on the sphere |x - c| = R (marching tetrahedra interpolate linearly between grid
  // nodes of a cell of about R/8, which puts them within 2 % of R of it), and the mesh surrounds
  // the centre: its vertices reach out to ±R along every axis.
  double worst = 0.0;
  Bounds3 bounds;
  for (const Vec3d& p : volume->mesh.positions) {
    worst = std::max(worst, std::abs(norm(p - center) - radius));
    bounds.extend(p);
  }
  CHECK(worst < 0.02 * radius);
  for (int axis = 0; axis < 3; ++axis) {
    CHECK(bounds.lo[axis] == Approx(center[axis] - radius).margin(0.03 * radius));
    CHECK(bounds.hi[axis] == Approx(center[axis] + radius).margin(0.03 * radius));
  }
  // Outward winding: triangle normals point away from the centre.
  int outward = 0;
  for (const auto& t : volume->mesh.triangles) {
    const Vec3d& a = volume->mesh.positions[static_cast<std::size_t>(t[0])];
    const Vec3d& b = volume->mesh.positions[static_cast<std::size_t>(t[1])];
    const Vec3d& c = volume->mesh.positions[static_cast<std::size_t>(t[2])];
    outward += dot(cross(b - a, c - a), a - center) > 0.0 ? 1 : 0;
  }
  CHECK(outward == volume->mesh.triangleCount());
}

TEST_CASE("a curve's control polygon passes through its control points", "[overlay]") {
  const auto scene = loadExample("mold-convex.json");
  const MesCurve* curve = nullptr;
  for (const Node* n : scene->nodes())
    if (n->type() == MesCurve::kType) curve = static_cast<const MesCurve*>(n);
  REQUIRE(curve != nullptr);
  const Eigen::VectorXd q = curve->controlPoints(scene->parameters());
  const CurvePlane plane = curve->plane();

  const OverlayGeometry overlays = buildOverlayGeometry(*scene);
  const OverlayPolyline* polygon = nullptr;
  for (const OverlayPolyline& line : overlays.lines)
    if (line.layer == OverlayLayer::ControlPolygons && sameColor(line.color, overlay_colors::kControlPolygon))
      polygon = &line;
  REQUIRE(polygon != nullptr);
  REQUIRE(static_cast<int>(polygon->points.size()) == curve->shape().count);
  for (int i = 0; i < curve->shape().count; ++i) {
    const Vec3d expected = plane.toWorld(Vec3d(q[2 * i], q[2 * i + 1], 0.0));
    CHECK(norm(polygon->points[static_cast<std::size_t>(i)] - expected) < 1e-12);
  }
  // The mold's outline is there too, in the plane of the curve.
  const auto mold = std::find_if(overlays.lines.begin(), overlays.lines.end(), [](const OverlayPolyline& l) {
    return l.closed && sameColor(l.color, overlay_colors::kMold);
  });
  REQUIRE(mold != overlays.lines.end());
  for (const Vec3d& p : mold->points) CHECK(std::abs(plane.toPlane(p).z) < 0.5);
}

TEST_CASE("an unmet pipe attachment is red, a met one is not", "[overlay]") {
  auto redSolids = [](const OverlayGeometry& g) {
    return std::count_if(g.solids.begin(), g.solids.end(),
                         [](const OverlayMesh& m) { return sameColor(m.color, overlay_colors::kViolated); });
  };
  // pipefitting-moved.json holds the pipes pulled apart (the solver's starting point).
  const auto moved = loadExample("pipefitting-moved.json");
  CHECK(redSolids(buildOverlayGeometry(*moved)) > 0);
  // Solved, every attachment holds.
  const FamilySolver* energy = SolverRegistry::instance().find("energy");
  REQUIRE(energy != nullptr);
  REQUIRE(energy->solve(*moved, SolveOptions{}).converged);
  CHECK(redSolids(buildOverlayGeometry(*moved)) == 0);
}

TEST_CASE("a spring glyph spans its two ends and a disc lies in its plane", "[overlay]") {
  OverlayGeometry g;
  overlay::addSpring(g, Vec3d(0, 0, 0), Vec3d(0, 0, 2), 0.1, overlay_colors::kSatisfied);
  REQUIRE(!g.solids.empty());
  const Bounds3 b = g.solids.front().mesh.bounds();
  CHECK(b.lo.z == Approx(0.0).margin(0.02));
  CHECK(b.hi.z == Approx(2.0).margin(0.02));
  CHECK(b.hi.x < 0.13);  // coil radius plus the tube's
  OverlayGeometry d;
  overlay::addDisc(d, Vec3d(1, 2, 3), Vec3d(0, 1, 0), 0.5, 1.0, overlay_colors::kLimit, 0.3f);
  REQUIRE(d.volumes.size() == 1);
  for (const Vec3d& p : d.volumes.front().mesh.positions) {
    CHECK(p.y == Approx(2.0));
    const double r = std::hypot(p.x - 1.0, p.z - 3.0);
    CHECK((std::abs(r - 0.5) < 1e-12 || std::abs(r - 1.0) < 1e-12));
  }
}

TEST_CASE("a headless render shows constraint glyphs in their colour, and the toggle hides them", "[overlay][gl]") {
  const auto scene = loadExample("snake.json");
  RenderOptions options;
  options.showGrid = false;
  options.showAxisGizmo = false;
  RgbaImage with, without;
  std::string error;
  REQUIRE(renderSceneToImage(*scene, 480, 360, options, with, error));
  options.showConstraintGlyphs = false;
  REQUIRE(renderSceneToImage(*scene, 480, 360, options, without, error));
  // Pixels the glyphs change, and how many of them show a glyph colour: met (green), unmet
  // (red) or a permitted region (yellow), saturated colours the model's muted palette lacks.
  int changed = 0, glyphColoured = 0;
  for (int y = 0; y < with.height; ++y)
    for (int x = 0; x < with.width; ++x) {
      const std::uint8_t* p = with.pixel(x, y);
      const std::uint8_t* q = without.pixel(x, y);
      if (std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]) < 60) continue;
      ++changed;
      const bool green = p[1] > 180 && p[0] < 170 && p[2] < 120;
      const bool red = p[0] > 180 && p[1] < 90 && p[2] < 90;
      const bool yellow = p[0] > 200 && p[1] > 170 && p[2] < 90;
      glyphColoured += (green || red || yellow) ? 1 : 0;
    }
  INFO("pixels changed by glyphs " << changed << ", of which glyph-coloured " << glyphColoured);
  CHECK(changed > 150);
  CHECK(glyphColoured > changed / 3);
}

TEST_CASE("marching tetrahedra mesh a box-clipped half space as a flat, outward-wound sheet", "[overlay]") {
  Bounds3 box;
  box.extend(Vec3d(-1, -1, -1));
  box.extend(Vec3d(1, 1, 1));
  const TriangleMesh sheet = meshImplicitSurface([](const Vec3d& x) { return x.z - 0.3; }, box, 10);
  REQUIRE(sheet.triangleCount() > 0);
  for (const Vec3d& p : sheet.positions) CHECK(p.z == Approx(0.3).margin(1e-12));
  for (const auto& t : sheet.triangles) {
    const Vec3d n = cross(sheet.positions[static_cast<std::size_t>(t[1])] - sheet.positions[static_cast<std::size_t>(t[0])],
                          sheet.positions[static_cast<std::size_t>(t[2])] - sheet.positions[static_cast<std::size_t>(t[0])]);
    CHECK(n.z >= 0.0);
  }
}

TEST_CASE("every example scene's overlays are finite, and every constraint with a builder draws", "[overlay]") {
  registerAllModules();
  const OverlayRegistry& registry = OverlayRegistry::instance();
  for (const auto& entry : std::filesystem::directory_iterator(std::string(FLEXURE_SOURCE_DIR) + "/scenes")) {
    if (entry.path().extension() != ".json") continue;
    INFO(entry.path().filename().string());
    const auto scene = loadScene(entry.path().string());
    const OverlayGeometry all = buildOverlayGeometry(*scene);
    auto finite = [](const Vec3d& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); };
    int nonFinite = 0;
    for (const OverlayPolyline& line : all.lines)
      for (const Vec3d& p : line.points) nonFinite += finite(p) ? 0 : 1;
    for (const auto* list : {&all.solids, &all.volumes})
      for (const OverlayMesh& m : *list)
        for (const Vec3d& p : m.mesh.positions) nonFinite += finite(p) ? 0 : 1;
    CHECK(nonFinite == 0);
    // Each constraint alone: a kind with a builder draws something.
    for (const auto& c : scene->constraints) {
      const ConstraintGlyphBuilder* build = registry.constraintBuilder(c->kind());
      if (!build || !c->enabled) continue;
      INFO("constraint " << c->name << " (" << c->kind() << ")");
      const ValueAccess params(scene->parameters().values());
      const GlyphContext context{*scene, params, 0.05, Bounds3{}};
      OverlayGeometry one;
      (*build)(*c, context, one);
      CHECK(!one.empty());
    }
  }
}

TEST_CASE("an influence volume follows the radius, not the displacement", "[overlay]") {
  const auto scene = loadExample("metaball-potential-fields.json");
  const auto* deformer = dynamic_cast<const deform::MetaballDeformOperator*>(scene->find("deform-point-l2"));
  REQUIRE(deformer != nullptr);
  auto volumeOf = [&](const Scene& s) {
    const OverlayGeometry g = buildOverlayGeometry(s);
    for (const OverlayMesh& m : g.volumes)
      if (m.mesh.name == "deform-point-l2.0") return m.mesh;
    FAIL("no volume");
    return TriangleMesh{};
  };
  const TriangleMesh before = volumeOf(*scene);
  // dD moves what the metaball does, not where it acts (the region is in the input space).
  ParameterTable& psi = scene->parameters();
  psi.setValue(deformer->paramIndexOf(0, "dx"), psi.value(deformer->paramIndexOf(0, "dx")) + 0.3);
  const TriangleMesh moved = volumeOf(*scene);
  REQUIRE(moved.positions.size() == before.positions.size());
  double largestShift = 0.0;
  for (std::size_t i = 0; i < before.positions.size(); ++i)
    largestShift = std::max(largestShift, norm(moved.positions[i] - before.positions[i]));
  CHECK(largestShift == 0.0);
  // A larger radius: a larger sphere.
  const int radiusIndex = deformer->paramIndexOf(0, "radius");
  const double radius = psi.value(radiusIndex);
  psi.setValue(radiusIndex, 1.5 * radius);
  Bounds3 grown;
  for (const Vec3d& p : volumeOf(*scene).positions) grown.extend(p);
  CHECK(grown.extent().x == Approx(3.0 * radius).epsilon(0.03));
}
