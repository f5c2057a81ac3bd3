// The window on every example scene, and numerical failure as the user sees it.
#include <catch2/catch.hpp>

#include <QDir>
#include <QStatusBar>
#include <QTest>
#include <cmath>

#include "document/scene_document.h"
#include "flexure/session/session_result.h"
#include "support/gui_test_support.h"
#include "viewport/display_geometry.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

TEST_CASE("every example scene opens in the window and shows its model", "[app][scenes]") {
  const QStringList files =
      QDir(sourcePath("scenes")).entryList({"*.json", "*.dcl"}, QDir::Files, QDir::Name);
  REQUIRE(files.size() >= 20);
  MainWindow window;
  window.setSolveOnOpen(false);  // what a file holds is shown at once; solving is tested elsewhere
  REQUIRE(showAndWaitForFrames(window, 1));
  for (const QString& name : files) {
    INFO(name.toStdString());
    const std::uint64_t framesBefore = window.geometryFramesShown();
    QString error;
    REQUIRE(window.openFile(sourcePath("scenes") + "/" + name, error));
    CHECK(error.isEmpty());
    CHECK(window.windowTitle().contains(name));
    QTRY_VERIFY_WITH_TIMEOUT(window.geometryFramesShown() > framesBefore && window.geometryUpToDate(), 30000);
    const DisplayGeometry& shown = window.displayGeometry();
    CHECK(shown.sceneMeshCount > 0);
    CHECK(shown.triangleCount > 0);
    bool finite = true;
    for (const TriangleMesh& mesh : *shown.meshes)
      for (const Vec3d& p : mesh.positions) finite = finite && std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
    CHECK(finite);
  }
}

TEST_CASE("a solver step that overflows is rolled back, named in the status bar, and never reaches the document",
          "[app][rollback]") {
  MainWindow window;
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/pipefitting.json"), error));
  REQUIRE(showAndWaitForFrames(window, 1));
  Scene& scene = window.document().scene();
  QTRY_VERIFY_WITH_TIMEOUT(window.shownResult() && window.shownResult()->converged, 20000);
  const int x = scene.parameters().find("fixed-b-translate.x");
  REQUIRE(x >= 0);
  const double before = scene.parameters().value(x);

  // An edit no solver survives: squared distances to a pipe at 1e200 overflow to infinity.
  scene.parameters().setValue(x, 1e200);
  window.document().notifySceneEdited();
  QTRY_VERIFY_WITH_TIMEOUT(window.statusBar()->currentMessage().contains("rolled back"), 20000);
  INFO(window.statusBar()->currentMessage().toStdString());
  CHECK(window.shownResult()->rollbackCount > 0);
  // The session restored its last good state and the window adopted it: Ψ is finite again and
  // the offending value is gone from the document.
  QTRY_VERIFY_WITH_TIMEOUT(scene.parameters().value(x) == before, 20000);
  CHECK(scene.parameters().values().allFinite());
}
