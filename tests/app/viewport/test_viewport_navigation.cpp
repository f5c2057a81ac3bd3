#include <catch2/catch.hpp>

#include <QApplication>
#include <QFile>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>
#include <QUrl>
#include <QWindow>
#include <QWheelEvent>
#include <cmath>

#include "document/scene_document.h"
#include "support/gui_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

double distanceToTarget(const Camera& c) { return norm(c.eye - c.target); }

struct OpenSphere : ShownSphere {
  OpenSphere()
      : ShownSphere({.radius = 1.0, .center = {0, 0, 0}, .camera = cameraLookingAtOrigin({0, -8, 2}), .solve = true}) {}
  Viewport& viewport() { return window.viewport(); }
};

void drag(QWidget* widget, Qt::MouseButton button, Qt::KeyboardModifiers modifiers, QPoint from, QPoint to) {
  QTest::mousePress(widget, button, modifiers, from);
  const int steps = 6;
  for (int i = 1; i <= steps; ++i) QTest::mouseMove(widget, from + (to - from) * i / steps);
  QTest::mouseRelease(widget, button, modifiers, to);
}

}  // namespace

TEST_CASE("middle-button drag orbits: the eye moves around the fixed target", "[app][navigation]") {
  OpenSphere s;
  const Camera before = s.viewport().camera();
  const QPoint centre = s.viewport().rect().center();
  drag(&s.viewport(), Qt::MiddleButton, Qt::NoModifier, centre, centre + QPoint(80, 0));
  const Camera after = s.viewport().camera();
  CHECK(norm(after.eye - before.eye) > 0.5);
  CHECK(norm(after.target - before.target) == Approx(0.0).margin(1e-9));
  CHECK(distanceToTarget(after) == Approx(distanceToTarget(before)).epsilon(1e-9));
  // A horizontal drag is a turn around the world z axis: the eye's height stays.
  CHECK(after.eye.z == Approx(before.eye.z).margin(1e-9));
  // The new view is painted.
  CHECK(waitForFrames(s.viewport()));
}

TEST_CASE("Alt + left drag orbits too (Maya)", "[app][navigation]") {
  OpenSphere s;
  const Camera before = s.viewport().camera();
  const QPoint centre = s.viewport().rect().center();
  drag(&s.viewport(), Qt::LeftButton, Qt::AltModifier, centre, centre + QPoint(0, 60));
  CHECK(s.viewport().camera().eye.z > before.eye.z + 0.5);  // dragging down raises the eye
}

TEST_CASE("Shift + middle drag pans: eye and target move together", "[app][navigation]") {
  OpenSphere s;
  const Camera before = s.viewport().camera();
  const QPoint centre = s.viewport().rect().center();
  drag(&s.viewport(), Qt::MiddleButton, Qt::ShiftModifier, centre, centre + QPoint(50, 30));
  const Camera after = s.viewport().camera();
  CHECK(norm(after.target - before.target) > 0.1);
  CHECK(norm((after.eye - after.target) - (before.eye - before.target)) == Approx(0.0).margin(1e-9));
}

TEST_CASE("the wheel dollies toward the target", "[app][navigation]") {
  OpenSphere s;
  const double before = distanceToTarget(s.viewport().camera());
  const QPointF at = QPointF(s.viewport().rect().center());
  QWheelEvent wheel(at, s.viewport().mapToGlobal(at), QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                    Qt::NoScrollPhase, false);
  QApplication::sendEvent(&s.viewport(), &wheel);
  CHECK(distanceToTarget(s.viewport().camera()) < 0.9 * before);
}

TEST_CASE("numeric keypad 7 looks from the top, 5 toggles orthographic, Home frames all", "[app][navigation]") {
  OpenSphere s;
  s.window.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&s.window));
  QTest::keyClick(&s.viewport(), Qt::Key_7, Qt::KeypadModifier);
  const Camera top = s.viewport().camera();
  CHECK(normalized(top.target - top.eye).z == Approx(-1.0).margin(1e-9));
  QTest::keyClick(&s.viewport(), Qt::Key_5, Qt::KeypadModifier);
  CHECK(s.viewport().camera().projection == Camera::Projection::Orthographic);
  QTest::keyClick(&s.viewport(), Qt::Key_5);
  CHECK(s.viewport().camera().projection == Camera::Projection::Perspective);

  s.viewport().setCamera(Camera{});  // somewhere else entirely
  QTest::keyClick(&s.viewport(), Qt::Key_Home);
  CHECK(norm(s.viewport().camera().target) == Approx(0.0).margin(1e-6));  // the sphere's centre
}

// The picture is a native OpenGL window over the viewport widget (viewport.h): what the user's
// mouse, wheel and drops reach is that window, which hands them to the widget.
TEST_CASE("input on the viewport's native window navigates, opens the context menu and takes drops",
          "[app][navigation][native]") {
  OpenSphere s;
  QWindow* picture = s.viewport().pictureWindow();
  REQUIRE(picture != nullptr);
  REQUIRE(QTest::qWaitForWindowExposed(picture));
  const QPoint centre = s.viewport().rect().center();
  // A scene file dropped on the picture opens (MainWindow::dropEvent).
  QTemporaryDir dir;
  const QString saved = dir.filePath("saved.json"), dropped = dir.filePath("dropped.json");
  QString error;
  REQUIRE(s.window.document().saveAs(saved, error));
  REQUIRE(QFile::copy(saved, dropped));
  QMimeData data;
  data.setUrls({QUrl::fromLocalFile(dropped)});
  QDragEnterEvent enter(centre, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(picture, &enter);
  CHECK(enter.isAccepted());
  QDropEvent drop(QPointF(centre), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(picture, &drop);
  CHECK(s.window.document().filePath() == dropped);
  REQUIRE(waitForFrames(s.viewport()));

  const Camera before = s.viewport().camera();
  QTest::mousePress(picture, Qt::MiddleButton, Qt::NoModifier, centre);
  for (int i = 1; i <= 6; ++i) QTest::mouseMove(picture, centre + QPoint(80, 0) * i / 6);
  QTest::mouseRelease(picture, Qt::MiddleButton, Qt::NoModifier, centre + QPoint(80, 0));
  CHECK(norm(s.viewport().camera().eye - before.eye) > 0.5);
  CHECK(s.window.focusWidget() == &s.viewport());  // a click gives the viewport widget the keyboard

  const double distance = distanceToTarget(s.viewport().camera());
  QWheelEvent wheel(QPointF(centre), picture->mapToGlobal(QPointF(centre)), QPoint(), QPoint(0, 120), Qt::NoButton,
                    Qt::NoModifier, Qt::NoScrollPhase, false);
  QCoreApplication::sendEvent(picture, &wheel);
  CHECK(distanceToTarget(s.viewport().camera()) < 0.9 * distance);

  int menus = 0;
  QObject::connect(&s.viewport(), &Viewport::contextMenuRequested, [&](const QPointF& at) {
    ++menus;
    CHECK(at == QPointF(centre));
  });
  // The window's Add menu opens (a nested event loop); close it once it shows.
  QTimer closer;
  QObject::connect(&closer, &QTimer::timeout, [] {
    if (QWidget* popup = QApplication::activePopupWidget()) popup->close();
  });
  closer.start(50);
  QTest::mousePress(picture, Qt::RightButton, Qt::NoModifier, centre);
  QTest::mouseRelease(picture, Qt::RightButton, Qt::NoModifier, centre);
  closer.stop();
  CHECK(menus == 1);
}
