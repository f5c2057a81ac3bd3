// Issue 26: snapping that makes the joint. A pipe's end dragged within a few pixels of another
// pipe's end shows the snap, and releasing there creates attach-pipes in the drag's undo step;
// the solver closes it. Ctrl snaps to the grid and to 15° instead; the toolbar toggle turns
// snapping off.
#include <catch2/catch.hpp>

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/param_access.h"
#include "flexure/core/snap.h"
#include "flexure/curves/curve_constraints.h"
#include "flexure/energy/path_frame.h"
#include "flexure/energy/terms/attach_pipes.h"
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


struct TwoTubes {
  QTemporaryDir dir;
  MainWindow window;
  Builder b{window};
  TwoTubes() {
    QString error;
    REQUIRE(window.openFile(writeTwoTubes(dir), error));
    REQUIRE(showAndWaitForFrames(window, 1));
    REQUIRE(waitFor([&] { return b.settled(); }));
  }
  // A point of a pipe's own space in the world.
  Vec3d worldOf(const std::string& pipe, const Vec3d& local) {
    const Path path = b.scene().pathTo(static_cast<const Primitive&>(*b.scene().find(pipe)));
    return pathMapPoint(path, ValueAccess(b.scene().parameters().values()), local);
  }
  // A pixel of b's wall near its −x end that starts a part drag, and the point under it.
  QPoint grabB(Vec3d& grabbed) {
    for (double v : {0.15, 0.2, 0.25, 0.3})
      for (double u : {0.75, 0.7, 0.8, 0.65, 0.85}) {
        const Vec3d p = session::pickedPointPosition(b.scene(), "b", {0, u, v});
        const QPoint at = b.pixelOf(p);
        const auto pick = window.pickSurface(at);
        if (pick && pick->node == "b" && window.interaction().pressTargetAt(at) == ViewportInteraction::PressKind::Part) {
          grabbed = pick->world;
          return at;
        }
      }
    FAIL("no pixel grabs b near its end");
    return {};
  }
};

}  // namespace

TEST_CASE("a pipe's end dragged onto another pipe's end snaps: attach-pipes in the drag's undo step, then met",
          "[app][window][snap]") {
  TwoTubes t;
  Vec3d grabbed;
  const QPoint from = t.grabB(grabbed);
  // Move the mouse so that b's −x end comes onto a's +x end on screen (in the plane facing the
  // camera through the grabbed point: the end follows the grabbed point).
  const Vec3d bEnd = t.worldOf("b", {-1, 0, 0}), aEnd = t.worldOf("a", {1, 0, 0});
  const QPoint offset = t.b.pixelOf(aEnd) - t.b.pixelOf(bEnd);
  const Eigen::VectorXd before = t.b.scene().parameters().values();
  const int steps = t.window.document().undoStack().count();
  QTest::mousePress(&t.window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
  for (int i = 1; i <= 10; ++i) {
    const std::uint64_t seen = t.window.shownResult()->sequence;
    QTest::mouseMove(&t.window.viewport(), from + offset * i / 10);
    waitFor([&] { return t.window.shownResult()->sequence > seen && t.window.geometryUpToDate(); }, 3000);
  }
  // Held there: the snap is shown, b's −x end with a's +x end.
  REQUIRE(waitFor([&] { return t.window.interaction().snapCandidate().has_value(); }, 3000));
  const SnapCandidate snap = *t.window.interaction().snapCandidate();
  CHECK(snap.rule == "attach-pipes");
  CHECK(snap.moving.node == "b");
  CHECK(snap.moving.end == -1);
  CHECK(snap.target.node == "a");
  CHECK(snap.target.end == 1);
  CHECK(snap.pixels <= 12.0);
  QTest::mouseRelease(&t.window.viewport(), Qt::LeftButton, Qt::NoModifier, from + offset);
  REQUIRE(waitFor([&] { return t.window.document().undoStack().count() == steps + 1; }));
  // One constraint, the pair the snap showed; the solver closes it.
  REQUIRE(t.b.scene().constraints.size() == 1);
  const auto* joint = dynamic_cast<const AttachPipesTerm*>(t.b.scene().constraints[0].get());
  REQUIRE(joint);
  CHECK(joint->a.node == "b");
  CHECK(joint->endA == -1);
  CHECK(joint->b.node == "a");
  CHECK(joint->endB == 1);
  REQUIRE(waitFor([&] { return t.b.settled(); }));
  CHECK(t.b.energy() < 1e-9);
  CHECK(norm(t.worldOf("b", {-t.b.value("b.length") / 2, 0, 0}) - t.worldOf("a", {t.b.value("a.length") / 2, 0, 0})) <
        1e-4);
  // One undo takes the joint and the drag back.
  t.window.document().undoStack().undo();
  CHECK(t.b.scene().constraints.empty());
  REQUIRE(waitFor([&] { return t.b.settled(); }));
  CHECK(t.b.scene().parameters().values() == before);
}

TEST_CASE("with snapping off, or Ctrl held, ends brought together do not snap", "[app][window][snap]") {
  for (const bool ctrl : {false, true}) {
    TwoTubes t;
    QAction* toggle = t.window.findChild<QAction*>("toggle-snapping");
    REQUIRE(toggle);
    if (!ctrl) toggle->setChecked(false);
    Vec3d grabbed;
    const QPoint from = t.grabB(grabbed);
    const QPoint offset = t.b.pixelOf(t.worldOf("a", {1, 0, 0})) - t.b.pixelOf(t.worldOf("b", {-1, 0, 0}));
    QTest::mousePress(&t.window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 10; ++i) {
      QTest::mouseEvent(QTest::MouseMove, &t.window.viewport(), Qt::NoButton, ctrl ? Qt::ControlModifier : Qt::NoModifier,
                        from + offset * i / 10);
      QTest::qWait(20);
    }
    QTest::qWait(300);
    CHECK_FALSE(t.window.interaction().snapCandidate().has_value());
    QTest::mouseRelease(&t.window.viewport(), Qt::LeftButton, ctrl ? Qt::ControlModifier : Qt::NoModifier, from + offset);
    REQUIRE(waitFor([&] { return t.b.settled(); }));
    CHECK(t.b.scene().constraints.empty());
    if (ctrl) {
      // Ctrl moved b's placement from grid point to grid point (the grid's cell is 1 here).
      for (const char* axis : {"x", "y", "z"}) {
        const double value = t.b.value(std::string("b-translate.") + axis);
        INFO(axis << " = " << value);
        CHECK(std::abs(value - std::round(value)) < 1e-6);
      }
      CHECK(t.b.value("b-translate.x") != 3.5);
    }
    toggle->setChecked(true);
  }
}

TEST_CASE("Ctrl turns a ring of the transform handle in 15° steps", "[app][window][snap][handle]") {
  TwoTubes t;
  t.b.select("a");
  const TransformHandle h = t.b.handle();
  // Press on the z ring where it grabs, then move round by about 37° with Ctrl held.
  Vec3d radial(1, 0, 0);
  QPoint from;
  bool found = false;
  const Viewport& v = t.window.viewport();
  for (int k = 0; k < 24 && !found; ++k) {
    radial = rotate(Quatd::fromAxisAngle({0, 0, 1}, k * M_PI / 12.0), Vec3d(1, 0, 0));
    from = t.b.pixelOf(h.origin + radial * h.ringRadius);
    const auto hit = pickTransformHandle(h, v.camera(), v.width(), v.height(), from.x(), from.y());
    found = hit && hit->kind == HandlePart::Kind::Ring && hit->axis == 2 &&
            t.window.interaction().pressTargetAt(from) == ViewportInteraction::PressKind::Handle;
  }
  REQUIRE(found);
  QTest::mousePress(&t.window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
  QPoint at = from;
  for (int i = 1; i <= 8; ++i) {
    at = t.b.pixelOf(h.origin + rotate(Quatd::fromAxisAngle({0, 0, 1}, 37.0 * M_PI / 180.0 * i / 8), radial * h.ringRadius));
    QTest::mouseEvent(QTest::MouseMove, &t.window.viewport(), Qt::NoButton, Qt::ControlModifier, at);
    QTest::qWait(30);
  }
  QTest::mouseRelease(&t.window.viewport(), Qt::LeftButton, Qt::ControlModifier, at);
  REQUIRE(waitFor([&] { return t.b.settled(); }));
  const double qw = t.b.value("a-rotate.qw"), qz = t.b.value("a-rotate.qz");
  const double degrees = 2.0 * std::atan2(qz, qw) * 180.0 / M_PI;
  INFO("turned " << degrees << "°");
  CHECK(std::abs(degrees - 15.0 * std::round(degrees / 15.0)) < 0.05);
  CHECK(std::abs(degrees) > 20.0);
}

namespace {

// An MES curve clamped at its start (nail and tangent; bending energy only, so that it rests
// straight, a cantilever), lying straight in the xy plane from world (1, 0, 0) to (5, 0, 0),
// and a pipe whose −x end is at (5, 1.2, 0), seen from +z.
QString writeCurveAndPipe(const QTemporaryDir& dir) {
  return writeSceneFile(dir, "curve-and-pipe.json", R"({
  "format": "flexure-scene", "version": 1,
  "camera": {"projection": "perspective", "eye": [3.5, 0.5, 9], "target": [3.5, 0.5, 0], "up": [0, 1, 0],
             "fov_y_degrees": 40, "ortho_height": 10, "near": 0.05, "far": 500},
  "nodes": [
    {"name": "spline", "type": "mes-curve", "count": 8, "closed": false, "alpha": [0.0], "beta": [1.0],
     "display_radius": 0.08, "origin": [1, 0, 0],
     "params": {"p0.x": -0.8, "p0.y": 0, "p1.x": 0, "p1.y": 0, "p2.x": 0.8, "p2.y": 0, "p3.x": 1.6, "p3.y": 0,
                "p4.x": 2.4, "p4.y": 0, "p5.x": 3.2, "p5.y": 0, "p6.x": 4.0, "p6.y": 0, "p7.x": 4.8, "p7.y": 0}},
    {"name": "pipe-translate", "type": "translate",
     "params": {"x": {"value": 5.5, "frozen": true}, "y": {"value": 1.2, "frozen": true}, "z": {"value": 0, "frozen": true}},
     "children": [{"name": "pipe", "type": "tube",
                   "params": {"length": {"value": 1, "frozen": true}, "radius": {"value": 0.2, "frozen": true},
                              "thickness": {"value": 0.05, "frozen": true}}}]}
  ],
  "constraints": [
    {"name": "start-nail", "kind": "curve-thumbnail", "curve": "spline", "u": 0, "point": [0, 0, 0]},
    {"name": "start-tangent", "kind": "curve-tangent", "curve": "spline", "u": 0, "direction": [1, 0, 0]}
  ]
})");
}

Vec3d curveEndOf(const Scene& scene) {
  const auto& curve = static_cast<const Primitive&>(*scene.find("spline"));
  for (const SnapFeature& f : SnapRegistry::instance().featuresOf(scene, curve))
    if (f.name == "end") return f.world;
  FAIL("the curve has no end feature");
  return {};
}

}  // namespace

TEST_CASE("a curve's end dragged onto a pipe's end snaps: the curve is nailed there in the drag's undo step",
          "[app][window][snap][curves]") {
  QTemporaryDir dir;
  MainWindow window;
  Builder b{window};
  QString error;
  REQUIRE(window.openFile(writeCurveAndPipe(dir), error));
  REQUIRE(showAndWaitForFrames(window, 1));
  REQUIRE(waitFor([&] { return b.settled(); }));
  // Press on the curve near its end.
  QPoint from;
  bool found = false;
  for (double u : {0.95, 0.93, 0.97, 0.9}) {
    from = b.pixelOf(session::pickedPointPosition(b.scene(), "spline", {0, u, 0.25}));
    const auto pick = window.pickSurface(from);
    found = pick && pick->node == "spline" &&
            window.interaction().pressTargetAt(from) == ViewportInteraction::PressKind::Part;
    if (found) break;
  }
  REQUIRE(found);
  const Vec3d pipeEnd(5, 1.2, 0);
  const Vec3d endBefore = curveEndOf(b.scene());
  const Eigen::VectorXd psiBefore = b.scene().parameters().values();
  const int steps = window.document().undoStack().count();
  QTest::mousePress(&window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
  // Pull towards the pipe's end, then correct as a person watching the curve's end would: move the
  // mouse by what still separates the end from the pipe's end on screen, until the snap shows.
  QPoint at = from;
  const QPoint offset = b.pixelOf(pipeEnd) - b.pixelOf(curveEndOf(b.scene()));
  for (int i = 1; i <= 8; ++i) {
    const std::uint64_t seen = window.shownResult()->sequence;
    at = from + offset * i / 8;
    QTest::mouseMove(&window.viewport(), at);
    waitFor([&] { return window.shownResult()->sequence > seen && window.geometryUpToDate(); }, 3000);
  }
  for (int k = 0; k < 12 && !window.interaction().snapCandidate(); ++k) {
    waitFor([&] { return b.settled(); }, 3000);
    if (window.interaction().snapCandidate()) break;
    at += b.pixelOf(pipeEnd) - b.pixelOf(curveEndOf(b.scene()));
    QTest::mouseMove(&window.viewport(), at);
  }
  REQUIRE(waitFor([&] { return window.interaction().snapCandidate().has_value(); }, 3000));
  const SnapCandidate snap = *window.interaction().snapCandidate();
  CHECK(snap.rule == "curve nail");
  CHECK(snap.moving.node == "spline");
  CHECK(snap.moving.name == "end");
  CHECK(snap.target.node == "pipe");
  CHECK(snap.target.name == "end -x");
  QTest::mouseRelease(&window.viewport(), Qt::LeftButton, Qt::NoModifier, at);
  REQUIRE(waitFor([&] { return window.document().undoStack().count() == steps + 1; }));
  // The nail at u = 1, on the pipe's end; the curve solver meets it once the drag's band is gone.
  REQUIRE(b.scene().constraints.size() == 3);
  const auto* nail = dynamic_cast<const CurveThumbnail*>(b.scene().constraints[2].get());
  REQUIRE(nail);
  CHECK(nail->u == 1.0);
  CHECK(norm(nail->point - Vec3d(4, 1.2, 0)) < 1e-9);
  CHECK(waitFor([&] { return b.settled() && norm(curveEndOf(b.scene()) - pipeEnd) < 1e-6; }));
  // One undo takes the nail and the drag back.
  window.document().undoStack().undo();
  CHECK(b.scene().constraints.size() == 2);
  CHECK(b.scene().parameters().values() == psiBefore);
  // Bending energy alone leaves a straight curve's length free, so the solver's rest after the
  // undo may slide the end along the line a little; it stays straight, where it was.
  REQUIRE(waitFor([&] { return b.settled(); }));
  CHECK(norm(curveEndOf(b.scene()) - endBefore) < 1e-3);
  CHECK(std::abs(curveEndOf(b.scene()).y) < 1e-6);
}
