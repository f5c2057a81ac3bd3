#include <catch2/catch.hpp>

#include <QTemporaryDir>
#include <QMenu>
#include <QTest>
#include <filesystem>

#include "document/scene_document.h"
#include "flexure/render/camera_matrices.h"
#include "support/gui_test_support.h"
#include "viewport/viewport.h"
#include "window/controls_dialog.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

void hideDecorations(Viewport& viewport) {
  RenderOptions options = viewport.renderOptions();
  options.showGrid = false;
  options.showAxisGizmo = false;
  viewport.setRenderOptions(options);
}

// The viewport's pixel where a world point appears (device pixels of grabFramebuffer()).
QPoint pixelOf(const Viewport& viewport, const QImage& frame, const glm::dvec3& world) {
  glm::dvec2 pixel;
  REQUIRE(projectToPixel(viewport.camera(), frame.width(), frame.height(), world, pixel));
  return {static_cast<int>(pixel.x), static_cast<int>(pixel.y)};
}

}  // namespace

TEST_CASE("the window opens a scene and the viewport draws the model where it projects", "[app][window]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path(), {.radius = 1.0, .center = {1.5, 0.0, 1.0}, .solve = true}).isEmpty());
  CHECK(window.windowTitle().contains("sphere.json"));
  CHECK_FALSE(window.isWindowModified());
  hideDecorations(window.viewport());
  REQUIRE(showAndWaitForFrames(window, 2));

  const QImage frame = window.viewport().grabFramebuffer();
  REQUIRE_FALSE(frame.isNull());
  const QPoint centre = pixelOf(window.viewport(), frame, {1.5, 0.0, 1.0});
  // The sphere's centre lies right of the image centre (world +x is right from the front).
  CHECK(centre.x() > frame.width() / 2 + 10);
  // Compare with the background in the same row far to the left, outside the sphere.
  const QPoint left = pixelOf(window.viewport(), frame, {-3.0, 0.0, 1.0});
  REQUIRE(left.x() >= 0);
  CHECK(colorDistance(frame, centre.x(), centre.y(), frame, left.x(), left.y()) > 60);
  // Just outside the silhouette (1.3 radii from the centre) is background again.
  const QPoint outside = pixelOf(window.viewport(), frame, {1.5 + 1.3, 0.0, 1.0});
  CHECK(colorDistance(frame, outside.x(), outside.y(), frame, left.x(), left.y()) < 12);
}

TEST_CASE("a scene whose camera looks away is framed so that the model is seen", "[app][window]") {
  QTemporaryDir dir;
  Camera away = frontCamera();
  away.target = {0, 0, 30};  // looking straight up, past the sphere
  away.eye = {0, 0, 20};
  away.up = {0, 1, 0};
  MainWindow window;
  REQUIRE_FALSE(
      openSphereScene(window, dir.path(), {.radius = 1.0, .center = {0.0, 0.0, 0.0}, .camera = away, .solve = true})
          .isEmpty());
  REQUIRE(showAndWaitForFrames(window, 2));
  glm::dvec2 pixel;
  const Viewport& viewport = window.viewport();
  REQUIRE(projectToPixel(viewport.camera(), viewport.width(), viewport.height(), {0, 0, 0}, pixel));
  CHECK(pixel.x == Approx(viewport.width() / 2.0).margin(2.0));
  CHECK(pixel.y == Approx(viewport.height() / 2.0).margin(2.0));
}

TEST_CASE("a file that does not load leaves the document as it was and says why", "[app][window]") {
  QTemporaryDir dir;
  const QString bad = dir.filePath("bad.json");
  QFile file(bad);
  REQUIRE(file.open(QIODevice::WriteOnly));
  file.write("{\"format\": \"flexure-scene\", \"version\": 1, \"nodes\": [ {\"type\": 5} ]}");
  file.close();
  MainWindow window;
  QString error;
  CHECK_FALSE(window.openFile(bad, error));
  CHECK(error.contains("bad.json"));
  CHECK(window.document().filePath().isEmpty());
}

TEST_CASE("save as writes the scene, clears the modified mark, and reopens the same", "[app][window]") {
  QTemporaryDir dir;
  MainWindow window;
  REQUIRE_FALSE(openSphereScene(window, dir.path(), {.solve = true}).isEmpty());
  QString error;
  Scene& scene = window.document().scene();
  const int radius = scene.parameters().find("ball.radius");
  REQUIRE(radius >= 0);
  scene.parameters().setValue(radius, 1.25);
  window.document().notifySceneEdited();
  CHECK(window.isWindowModified());
  const QString copy = dir.filePath("copy.json");
  REQUIRE(window.document().saveAs(copy, error));
  CHECK_FALSE(window.isWindowModified());
  CHECK(window.windowTitle().contains("copy.json"));

  MainWindow reopened;
  REQUIRE(reopened.openFile(copy, error));
  const ParameterTable& params = reopened.document().scene().parameters();
  CHECK(params.value(params.find("ball.radius")) == 1.25);
  CHECK(params.value(params.find("mover.y")) == 0.25);
}

TEST_CASE("Help → Controls names every navigation gesture", "[app][help]") {
  const QString html = ControlsDialog::controlsHtml();
  for (const char* word : {"Orbit", "Pan", "Dolly", "Frame all", "Frame selected", "Numpad 1", "Numpad 3", "Numpad 7",
                           "Numpad 5", "Middle mouse", "Alt + left", "Wheel"})
    CHECK(html.contains(QString::fromUtf8(word)));
}

TEST_CASE("Help → Examples lists the example scenes and opens the one chosen", "[app][help]") {
  MainWindow window;
  QMenu* examples = window.examplesMenu();
  REQUIRE(examples != nullptr);
  window.setExamplesFolder(std::filesystem::path(FLEXURE_SOURCE_DIR) / "scenes");
  QAction* pipe = nullptr;
  int scenes = 0;
  for (QAction* action : examples->actions()) {
    if (action->isSeparator()) break;
    ++scenes;
    if (action->text() == "pipefitting") pipe = action;
  }
  CHECK(scenes >= 20);  // every scenes/*.json, by name
  REQUIRE(pipe != nullptr);
  CHECK(examples->actions().back()->text().contains("Folder"));
  pipe->trigger();
  CHECK(window.document().filePath().endsWith("scenes/pipefitting.json"));
  CHECK(window.document().scene().find("pipe") != nullptr);

  window.setExamplesFolder(std::nullopt);  // not installed: says so instead of an empty menu
  REQUIRE(examples->actions().size() == 1);
  CHECK_FALSE(examples->actions().front()->isEnabled());
}
