// A geometry frame reaches the viewport without copying its vertex arrays: DisplayGeometry and
// the viewport share the worker's mesh list, in a scene with metaball handles too (the worker
// appends the handle spheres to its frame).
#include <catch2/catch.hpp>

#include <QTest>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/scene_file.h"
#include "flexure/session/geometry_builder.h"
#include "support/gui_test_support.h"
#include "viewport/display_geometry.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

TEST_CASE("a scene without metaball handles shares its tessellated meshes", "[display][geometry]") {
  const auto scene = loadScene(sourcePath("scenes/primitives.json").toStdString());
  const auto meshes = std::make_shared<const std::vector<TriangleMesh>>(tessellateScene(*scene));
  REQUIRE(!meshes->empty());
  const DisplayGeometry geometry = assembleDisplayGeometry(*scene, meshes, meshes->size());
  CHECK(geometry.meshes.get() == meshes.get());  // the same list, not a copy
  CHECK(geometry.handles.empty());
  CHECK(geometry.sceneMeshCount == meshes->size());
  CHECK(geometry.styles.size() == meshes->size());
  long long triangles = 0;
  for (const TriangleMesh& mesh : *meshes) triangles += mesh.triangleCount();
  CHECK(geometry.triangleCount == triangles);
}

namespace {

// The newest frame of `builder` once the one tagged `tag` is built.
std::shared_ptr<const session::GeometryFrame> frameTagged(const session::GeometryBuilder& builder, std::uint64_t tag) {
  std::shared_ptr<const session::GeometryFrame> frame;
  (void)QTest::qWaitFor([&] { return (frame = builder.latest()) && frame->tag == tag; }, 20000);
  return frame && frame->tag == tag ? frame : nullptr;
}

}  // namespace

TEST_CASE("the geometry worker appends the metaball handle spheres; the frame's list is shown as it is",
          "[display][geometry]") {
  const auto scene = loadScene(sourcePath("scenes/metaball-z-letter.json").toStdString());
  const std::size_t sceneMeshes = tessellateScene(*scene).size();
  session::GeometryBuilder builder(*scene, TessellationOptions{}, appendMetaballHandleSpheres);
  builder.request(scene->parameters().values(), 1);
  const auto frame = frameTagged(builder, 1);
  REQUIRE(frame);
  CHECK(frame->sceneMeshCount == sceneMeshes);
  REQUIRE(frame->meshes.size() == sceneMeshes + 12);

  const DisplayGeometry geometry =
      assembleDisplayGeometry(*scene, SharedMeshes(frame, &frame->meshes), frame->sceneMeshCount);
  CHECK(geometry.meshes.get() == &frame->meshes);  // shared, scene meshes not copied
  REQUIRE(geometry.handles.size() == 12);
  CHECK(geometry.sceneMeshCount == sceneMeshes);
  REQUIRE(geometry.styles.size() == geometry.meshes->size());
  // The handles have a colour of their own.
  const ColorRgb handle = geometry.styles.back().color, scene0 = geometry.styles.front().color;
  CHECK_FALSE((handle.r == scene0.r && handle.g == scene0.g && handle.b == scene0.b));
  long long triangles = 0;
  for (std::size_t i = 0; i < sceneMeshes; ++i) triangles += frame->meshes[i].triangleCount();
  CHECK(geometry.triangleCount == triangles);  // of the scene meshes, not the spheres
  for (std::size_t h = 0; h < geometry.handles.size(); ++h) {
    const TriangleMesh& sphere = (*geometry.meshes)[geometry.sceneMeshCount + h];
    CHECK(sphere.name == geometry.handles[h].deformer);
    const Bounds3 box = sphere.bounds();
    CHECK(norm(0.5 * (box.lo + box.hi) - geometry.handles[h].world) < 1e-6 * geometry.handles[h].radius);
    CHECK(0.5 * (box.hi.x - box.lo.x) == Approx(geometry.handles[h].radius).epsilon(1e-6));
  }

  // The spheres sit where the requested Ψ puts the metaballs (the worker's Ψ, not the caller's
  // scene): move the first metaball, ask for that Ψ, compare with the handles of that Ψ.
  const std::vector<MetaballHandle> before = metaballHandles(*scene);
  std::unique_ptr<Scene> moved = scene->clone();
  // "<deformer>.<metaball>.dx" (MetaballDeformOperator::paramIndexOf)
  const int dx = moved->parameters().find(before.front().deformer + "." + std::to_string(before.front().metaball) + ".dx");
  REQUIRE(dx >= 0);
  moved->parameters().values()[dx] += 0.5;
  const std::vector<MetaballHandle> after = metaballHandles(*moved);
  REQUIRE(norm(after.front().world - before.front().world) > 0.1);
  builder.request(moved->parameters().values(), 2);
  const auto movedFrame = frameTagged(builder, 2);
  REQUIRE(movedFrame);
  REQUIRE(movedFrame->meshes.size() == sceneMeshes + after.size());
  for (std::size_t h = 0; h < after.size(); ++h) {
    const Bounds3 box = movedFrame->meshes[sceneMeshes + h].bounds();
    CHECK(norm(0.5 * (box.lo + box.hi) - after[h].world) < 1e-6 * after[h].radius);
  }
}

TEST_CASE("the window hands each geometry frame to the viewport without a copy", "[display][geometry][document]") {
  MainWindow window;
  REQUIRE(showAndWaitForFrames(window, 1));
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/primitives.json"), error));
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && !window.displayGeometry().meshes->empty(); }, 10000));
  CHECK(&window.viewport().meshes() == window.displayGeometry().meshes.get());
  // A rebuilt frame replaces the shared list in both places at once.
  const std::vector<TriangleMesh>* before = window.displayGeometry().meshes.get();
  const std::uint64_t shown = window.geometryFramesShown();
  window.rebuildGeometry();
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && window.geometryFramesShown() > shown; }, 10000));
  CHECK(window.displayGeometry().meshes.get() != before);
  CHECK(&window.viewport().meshes() == window.displayGeometry().meshes.get());
}

TEST_CASE("a window showing metaball handles shares the worker's frame with the viewport", "[display][geometry][document]") {
  MainWindow window;
  window.setSolveOnOpen(false);
  REQUIRE(showAndWaitForFrames(window, 1));
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/metaball-z-letter.json"), error));
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && !window.displayGeometry().meshes->empty(); }, 10000));
  const DisplayGeometry& shown = window.displayGeometry();
  REQUIRE(shown.handles.size() == 12);
  REQUIRE(shown.meshes->size() == shown.sceneMeshCount + 12);
  CHECK(&window.viewport().meshes() == shown.meshes.get());  // spheres and scene meshes in one shared list
  // Selecting the deformer marks its handles (and the deformed meshes below it).
  window.selection().select(window.document().scene().find(shown.handles.front().deformer));
  for (std::size_t h = 0; h < shown.handles.size(); ++h) CHECK(shown.styles[shown.sceneMeshCount + h].selected);
}

TEST_CASE("selecting an operator marks the meshes of its sub-tree, and only those", "[display][geometry][document]") {
  MainWindow window;
  window.setSolveOnOpen(false);
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/pipefitting.json"), error));
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && window.displayGeometry().meshes->size() == 3; }, 10000));
  auto selectedMeshes = [&] {
    std::vector<std::string> names;
    const DisplayGeometry& shown = window.displayGeometry();
    for (std::size_t i = 0; i < shown.meshes->size(); ++i)
      if (shown.styles[i].selected) names.push_back((*shown.meshes)[i].name);
    return names;
  };
  const Scene& scene = window.document().scene();
  window.selection().select(scene.find("pipe-rotate"));  // an operator two levels above the pipe
  CHECK(selectedMeshes() == std::vector<std::string>{"pipe"});
  window.selection().select(scene.find("fixed-a"));
  CHECK(selectedMeshes() == std::vector<std::string>{"fixed-a"});
  // A new frame keeps the marks.
  const std::uint64_t shown = window.geometryFramesShown();
  window.rebuildGeometry();
  REQUIRE(QTest::qWaitFor([&] { return window.geometryUpToDate() && window.geometryFramesShown() > shown; }, 10000));
  CHECK(selectedMeshes() == std::vector<std::string>{"fixed-a"});
  window.selection().clear();
  CHECK(selectedMeshes().empty());
}

TEST_CASE("the window draws merged cells while shaded and the whole tessellation in a wireframe",
          "[display][geometry][document][merge]") {
  MainWindow window;
  window.setSolveOnOpen(false);
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/oldham.json"), error));
  auto trianglesShown = [&](long long expected) {
    return QTest::qWaitFor([&] { return window.geometryUpToDate() && window.displayGeometry().triangleCount == expected; },
                           10000);
  };
  long long full = 0, merged = 0;
  TessellationOptions merging;
  merging.mergeAffineCells = true;
  for (const TriangleMesh& m : tessellateScene(window.document().scene())) full += m.triangleCount();
  for (const TriangleMesh& m : tessellateScene(window.document().scene(), merging)) merged += m.triangleCount();
  REQUIRE(merged < full / 10);  // cylinders and blocks: their rulings, radii and faces merge
  CHECK(trianglesShown(merged));
  window.setShading(static_cast<int>(ShadingMode::Wireframe));
  CHECK(trianglesShown(full));  // a wireframe shows every grid line
  window.setShading(static_cast<int>(ShadingMode::ShadedWireframe));
  CHECK(trianglesShown(full));
  window.setShading(static_cast<int>(ShadingMode::Shaded));
  CHECK(trianglesShown(merged));
}
