// A geometry frame reaches the viewport without copying its vertex arrays: DisplayGeometry and
// the viewport share the worker's mesh list; only a scene with metaball handles gets a list of
// its own (the scene meshes once, then the handle spheres).
#include <catch2/catch.hpp>

#include <QTest>

#include "display_geometry.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/scene_file.h"
#include "gui_test_support.h"
#include "main_window.h"
#include "scene_document.h"
#include "scene_selection.h"
#include "viewport.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

TEST_CASE("a scene without metaball handles shares its tessellated meshes", "[display][geometry]") {
  const auto scene = loadScene(sourcePath("scenes/primitives.json").toStdString());
  const auto meshes = std::make_shared<const std::vector<TriangleMesh>>(tessellateScene(*scene));
  REQUIRE(!meshes->empty());
  const DisplayGeometry geometry = assembleDisplayGeometry(*scene, meshes);
  CHECK(geometry.meshes.get() == meshes.get());  // the same list, not a copy
  CHECK(geometry.handles.empty());
  CHECK(geometry.sceneMeshCount == meshes->size());
  CHECK(geometry.styles.size() == meshes->size());
  long long triangles = 0;
  for (const TriangleMesh& mesh : *meshes) triangles += mesh.triangleCount();
  CHECK(geometry.triangleCount == triangles);
}

TEST_CASE("metaball handles follow the shared scene meshes in a list of their own", "[display][geometry]") {
  const auto scene = loadScene(sourcePath("scenes/metaball-z-letter.json").toStdString());
  const auto meshes = std::make_shared<const std::vector<TriangleMesh>>(tessellateScene(*scene));
  const DisplayGeometry geometry = assembleDisplayGeometry(*scene, meshes);
  REQUIRE(geometry.handles.size() == 12);
  CHECK(geometry.meshes.get() != meshes.get());
  REQUIRE(geometry.meshes->size() == meshes->size() + geometry.handles.size());
  CHECK(geometry.styles.size() == geometry.meshes->size());
  CHECK(meshes->size() == geometry.sceneMeshCount);  // the worker's list is left as it was
  for (std::size_t i = 0; i < meshes->size(); ++i) {
    const TriangleMesh& shown = (*geometry.meshes)[i];
    CHECK(shown.name == (*meshes)[i].name);
    REQUIRE(shown.positions.size() == (*meshes)[i].positions.size());
    if (!shown.positions.empty()) CHECK(norm(shown.positions.back() - (*meshes)[i].positions.back()) == 0.0);
  }
  for (std::size_t h = 0; h < geometry.handles.size(); ++h) {
    const TriangleMesh& sphere = (*geometry.meshes)[geometry.sceneMeshCount + h];
    CHECK(sphere.name == geometry.handles[h].deformer);
    const Bounds3 box = sphere.bounds();
    CHECK(norm(0.5 * (box.lo + box.hi) - geometry.handles[h].world) < 1e-6 * geometry.handles[h].radius);
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
