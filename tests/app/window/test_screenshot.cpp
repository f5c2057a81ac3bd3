#include <catch2/catch.hpp>

#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

#include "support/gui_test_support.h"

using namespace flexure;
using namespace flexure::app::testing;

TEST_CASE("flexure FILE --screenshot OUT.png --after-steps N writes the window as a PNG and exits 0",
          "[app][screenshot]") {
  QTemporaryDir dir;
  Camera camera;
  camera.eye = {0, -6, 0};
  camera.target = {0, 0, 0};
  const QString scene = writeSphereScene(dir.path(), 1.0, 0, 0, 0, camera);
  const QString png = dir.filePath("window.png");
  QProcess app;
  app.start(FLEXURE_APP_EXECUTABLE, {scene, "--screenshot", png, "--after-steps", "3"});
  REQUIRE(app.waitForFinished(60000));
  INFO(app.readAllStandardError().toStdString());
  CHECK(app.exitStatus() == QProcess::NormalExit);
  CHECK(app.exitCode() == 0);
  REQUIRE(QFileInfo::exists(png));
  const QImage image(png);
  REQUIRE_FALSE(image.isNull());
  CHECK(image.width() >= 800);
  CHECK(image.height() >= 500);
  // The window shows the sphere: somewhere in the picture there is the palette's first colour
  // (sand) lit, which neither the background nor the widgets have.
  int warm = 0;
  for (int y = 0; y < image.height(); y += 4)
    for (int x = 0; x < image.width(); x += 4) {
      const QColor c = image.pixelColor(x, y);
      warm += (c.red() > c.blue() + 50 && c.red() > 120) ? 1 : 0;
    }
  CHECK(warm > 200);
}

TEST_CASE("a screenshot of a file that does not exist fails with exit code 1", "[app][screenshot]") {
  QTemporaryDir dir;
  QProcess app;
  app.start(FLEXURE_APP_EXECUTABLE, {dir.filePath("missing.json"), "--screenshot", dir.filePath("x.png")});
  REQUIRE(app.waitForFinished(60000));
  CHECK(app.exitCode() == 1);
  CHECK(app.readAllStandardError().contains("missing.json"));
  CHECK_FALSE(QFileInfo::exists(dir.filePath("x.png")));
}
