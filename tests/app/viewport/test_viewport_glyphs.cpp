// The viewport's overlays end to end: the geometry worker builds them with the meshes, the main
// window hands them to the viewport, the View menu's toggles show and hide them.
#include <catch2/catch.hpp>

#include <QAction>
#include <QMenuBar>

#include "support/gui_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// The View menu's action named `text` (with its mnemonic).
QAction* viewAction(MainWindow& window, const QString& text) {
  for (QAction* menu : window.menuBar()->actions())
    if (menu->menu() && menu->text() == QObject::tr("&View"))
      for (QAction* action : menu->menu()->actions())
        if (action->text() == text) return action;
  return nullptr;
}

// Pixels in a glyph's saturated red (an unmet constraint).
int redPixels(const QImage& image) {
  int count = 0;
  for (int y = 0; y < image.height(); ++y)
    for (int x = 0; x < image.width(); ++x) {
      const QColor c = image.pixelColor(x, y);
      count += (c.red() > 180 && c.green() < 90 && c.blue() < 90) ? 1 : 0;
    }
  return count;
}

}  // namespace

TEST_CASE("an unmet attachment shows as a red glyph in the window and the View menu hides it",
          "[app][glyphs]") {
  MainWindow window;
  window.setSolveOnOpen(false);  // keep the pipes apart: the attachment stays unmet
  QString error;
  REQUIRE(window.openFile(sourcePath("scenes/pipefitting-moved.json"), error));
  RenderOptions options = window.viewport().renderOptions();
  options.showGrid = false;  // the grid's red x axis would count as red
  options.showAxisGizmo = false;
  window.viewport().setRenderOptions(options);
  REQUIRE(showAndWaitForFrames(window, 3));

  QAction* glyphs = viewAction(window, QObject::tr("&Constraint Glyphs"));
  REQUIRE(glyphs != nullptr);
  REQUIRE(glyphs->isChecked());
  const int shown = redPixels(window.viewport().grabFramebuffer());
  glyphs->trigger();
  CHECK_FALSE(window.viewport().renderOptions().showConstraintGlyphs);
  REQUIRE(waitForFrames(window.viewport(), 1));
  const int hidden = redPixels(window.viewport().grabFramebuffer());
  INFO("red pixels with glyphs " << shown << ", without " << hidden);
  CHECK(shown > 100);
  CHECK(hidden < shown / 10);
  CHECK(viewAction(window, QObject::tr("Control &Polygons")) != nullptr);
  CHECK(viewAction(window, QObject::tr("&Influence Volumes")) != nullptr);
}
