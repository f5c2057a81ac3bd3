#include <catch2/catch.hpp>

#include <QTemporaryDir>
#include <QTest>
#include <QWheelEvent>
#include <cmath>

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
