// Issue 26: working on a part with the mouse as in a modeling tool. A newly added part moves when
// dragged anywhere on it (Auto, the stiffness ladder); the transform handle never hides the part
// it belongs to; the part's grips change the sizes they stand for, the opposite feature held.
#include <catch2/catch.hpp>

#include <QTest>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/grip.h"
#include "flexure/session/part_drag.h"
#include "support/gui_test_support.h"
#include "support/window_builder.h"
#include "viewport/viewport.h"
#include "viewport/viewport_interaction.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// A new document in the default view with one part added from the Add menu (and, when given, an
// operator wrapped round it), selected and settled.
void addPart(MainWindow& window, Builder& b, const QString& type, const QString& wrapIn = {}) {
  b.menuAction("File", "New");
  REQUIRE(waitFor([&] { return b.settled(); }));
  b.add("Primitives", type);
  if (!wrapIn.isEmpty()) {
    b.add("Operators", wrapIn);
    b.select(b.scene().find(type.toStdString()) ? type.toStdString() : window.selection().current()->name());
  }
  REQUIRE(waitFor([&] { return b.settled() && window.transformHandle().has_value(); }));
}

}  // namespace

TEST_CASE("the transform handle never hides its part: nine in ten of its pixels or more start a part drag",
          "[app][window][handle][direct]") {
  const std::pair<QString, QString> parts[] = {{"tube", ""}, {"tube", "bend"}, {"block", ""}, {"sphere", ""}};
  for (const auto& [type, wrap] : parts) {
    MainWindow window;  // one per part: File → New would ask to discard the last one
    REQUIRE(showAndWaitForFrames(window, 1));
    Builder b(window);
    addPart(window, b, type, wrap);
    const Node* part = window.selection().current();
    REQUIRE(part);
    REQUIRE(part->isPrimitive());
    const Viewport& v = window.viewport();
    int silhouette = 0, partDrags = 0, handleDrags = 0;
    for (int y = 0; y < v.height(); y += 2)
      for (int x = 0; x < v.width(); x += 2) {
        const QPointF at(x, y);
        const auto pick = window.pickSurface(at);
        if (!pick || pick->node != part->name()) continue;
        ++silhouette;
        const auto kind = window.interaction().pressTargetAt(at);
        partDrags += kind == ViewportInteraction::PressKind::Part;
        handleDrags += kind == ViewportInteraction::PressKind::Handle;
      }
    INFO(type.toStdString() << (wrap.isEmpty() ? "" : " + " + wrap.toStdString()) << ": " << partDrags << " of "
                            << silhouette << " silhouette pixels start a part drag, " << handleDrags << " a handle drag");
    REQUIRE(silhouette > 500);  // the part is in view, large enough to count
    CHECK(partDrags >= 0.9 * silhouette);
    CHECK(handleDrags == 0);
    // And the handle is still there to grab, around the part.
    const TransformHandle& h = *window.transformHandle();
    const QPoint onArrow = b.pixelOf(arrowPoint(h, 0, 0.6));
    CHECK(window.interaction().pressTargetAt(onArrow) == ViewportInteraction::PressKind::Handle);
  }
}

TEST_CASE("Ctrl+` hides the transform handle and shows it again", "[app][window][handle][direct]") {
  MainWindow window;
  REQUIRE(showAndWaitForFrames(window, 1));
  Builder b(window);
  addPart(window, b, "tube");
  window.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&window));
  QTest::keyClick(&window.viewport(), Qt::Key_QuoteLeft, Qt::ControlModifier);
  CHECK_FALSE(window.transformHandle().has_value());
  QTest::keyClick(&window.viewport(), Qt::Key_QuoteLeft, Qt::ControlModifier);
  CHECK(window.transformHandle().has_value());
}

TEST_CASE("a newly added tube dragged by its end in Auto moves with the mouse and does not turn",
          "[app][window][direct][ladder]") {
  MainWindow window;
  REQUIRE(showAndWaitForFrames(window, 1));
  Builder b(window);
  addPart(window, b, "tube");
  // Near its -x end, on the outer wall where it is in view, where a new user grabbed it (issue 26
  // item 1) — not on a grip.
  SurfacePoint grabbed{-1, 0, 0};
  QPoint from;
  for (double v : {0.12, 0.16, 0.2})
    for (double u : {0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}) {
      if (grabbed.patch >= 0) break;
      const QPoint at = b.pixelOf(session::pickedPointPosition(b.scene(), "tube", {0, u, v}));
      const auto pick = window.pickSurface(at);
      if (pick && pick->node == "tube" && pick->point.patch == 0 &&
          window.interaction().pressTargetAt(at) == ViewportInteraction::PressKind::Part) {
        grabbed = pick->point;
        from = at;
      }
    }
  REQUIRE(grabbed.patch == 0);
  std::vector<QPoint> path;
  for (int i = 1; i <= 10; ++i) path.push_back(from + QPoint(10 * i, -4 * i));
  b.dragThrough(from, path);
  const int q = b.scene().parameters().find("tube-rotate.qw");
  Eigen::Vector4d quaternion = b.scene().parameters().values().segment(q, 4);
  const double turn = 2.0 * std::acos(std::min(1.0, std::abs(quaternion.normalized()[0])));
  INFO("turned by " << turn * 180.0 / M_PI << "°");
  CHECK(turn < 0.5 * M_PI / 180.0);
  // The grabbed point is under the cursor where the drag ended.
  CHECK((b.pixelOf(session::pickedPointPosition(b.scene(), "tube", grabbed)) - path.back()).manhattanLength() <= 2);
  CHECK(b.value("tube.length") == Approx(2.0).margin(1e-4));
}

TEST_CASE("a tube's end grip in the window lengthens it, its other end held, in one undo step",
          "[app][window][grip][direct]") {
  MainWindow window;
  REQUIRE(showAndWaitForFrames(window, 1));
  Builder b(window);
  addPart(window, b, "tube");
  const std::vector<PlacedGrip>& grips = window.interaction().grips();
  REQUIRE(grips.size() == 4);  // two ends, two rim grips
  const PlacedGrip* end = nullptr;
  for (const PlacedGrip& g : grips)
    if (g.grip.name == "end +x") end = &g;
  REQUIRE(end);
  const PlacedGrip grip = *end;
  const QPoint from = b.pixelOf(grip.world);
  REQUIRE(window.interaction().pressTargetAt(from) == ViewportInteraction::PressKind::Grip);
  const Vec3d otherEnd = session::pickedPointPosition(b.scene(), "tube", *grip.pinned);
  // Along the grip's line on screen, by about one unit.
  const QPoint to = b.pixelOf(grip.world + grip.worldDirection);
  std::vector<QPoint> path;
  for (int i = 1; i <= 8; ++i) path.push_back(from + (to - from) * i / 8);
  const int steps = window.document().undoStack().count();
  b.dragThrough(from, path);
  CHECK(window.document().undoStack().count() == steps + 1);
  CHECK(b.value("tube.length") == Approx(3.0).margin(0.05));  // a pixel is about 0.01 here
  CHECK(norm(session::pickedPointPosition(b.scene(), "tube", *grip.pinned) - otherEnd) < 1e-6);
  CHECK(b.value("tube.radius") == 0.5);
  CHECK(b.value("tube-rotate.qw") == 1.0);
  window.document().undoStack().undo();
  CHECK(b.value("tube.length") == 2.0);
}
