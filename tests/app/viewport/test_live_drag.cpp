// The live solver in the real window (issue 7 items 3-5, 7): QTest mouse gestures on the
// viewport drag a part of each technique through the solver thread; the document follows; a
// drag is one undo step restoring the exact Ψ; save and reopen give the same document.
#include <catch2/catch.hpp>

#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>
#include <functional>

#include "document/scene_document.h"
#include "flexure/core/param_access.h"
#include "flexure/io/scene_file.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/session/part_drag.h"
#include "flexure/session/session_result.h"
#include "support/gui_test_support.h"
#include "timeline/drive_key_offer.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "viewport/part_drag_controller.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "window/solver_link.h"
#include "support/window_builder.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// The window on an example scene, shown, with its first solved geometry on screen.
struct LiveWindow {
  MainWindow window;
  explicit LiveWindow(const char* scene) {
    QString error;
    REQUIRE(window.openFile(sourcePath((std::string("scenes/") + scene).c_str()), error));
    REQUIRE(showAndWaitForFrames(window, 1));
  }
  Scene& scene() { return window.document().scene(); }
  // The solver has nothing left to do and the viewport shows its last Ψ.
  bool settled() {
    const auto& r = window.shownResult();
    return r && r->activity == session::SessionActivity::Idle && window.geometryUpToDate();
  }
  bool waitSettled() { return waitFor([this] { return settled(); }); }
  const SolveReport* report(const char* family) const {
    const auto& r = window.shownResult();
    if (!r) return nullptr;
    for (const SolveReport& report : r->reports)
      if (report.family == family) return &report;
    return nullptr;
  }
  QPoint pixelOf(const Vec3d& world) {
    const Viewport& v = window.viewport();
    glm::dvec2 pixel;
    REQUIRE(projectToPixel(v.camera(), v.width(), v.height(), toGlm(world), pixel));
    return {static_cast<int>(std::lround(pixel.x)), static_cast<int>(std::lround(pixel.y))};
  }
  // A pixel where the part `node` is picked directly (the first of `candidates` in view).
  std::optional<SurfacePick> pickOn(const std::string& node, const std::vector<SurfacePoint>& candidates, QPoint& at) {
    for (const SurfacePoint& point : candidates) {
      at = pixelOf(session::pickedPointPosition(scene(), node, point));
      if (auto pick = window.pickSurface(at); pick && pick->node == node) return pick;
    }
    return std::nullopt;
  }
  // Where the drag target is when the mouse is at `pixel`: on the drag plane through the
  // picked point (part_drag_controller.h).
  Vec3d targetAt(const SurfacePick& pick, QPoint pixel) {
    const Viewport& v = window.viewport();
    const Camera& camera = v.camera();
    const PickRay ray = pickRayThroughPixel(camera, v.width(), v.height(), pixel.x(), pixel.y());
    return *rayPlaneIntersection(ray, pick.world, dragPlaneNormal(scene(), pick, camera));
  }
  // Presses on `from` and moves in `steps` steps to `to`, letting the solver answer each move.
  void dragTo(QPoint from, QPoint to, int steps) {
    Viewport& v = window.viewport();
    QTest::mousePress(&v, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= steps; ++i) {
      const QPoint p = from + (to - from) * i / steps;
      const std::uint64_t before = window.shownResult() ? window.shownResult()->sequence : 0;
      QTest::mouseMove(&v, p);
      waitFor([&] { return window.shownResult() && window.shownResult()->sequence > before; }, 3000);
    }
  }
  void release(QPoint at) { QTest::mouseRelease(&window.viewport(), Qt::LeftButton, Qt::NoModifier, at); }
  // Releases and waits for the drag's undo step.
  void releaseAndRecord(QPoint at) {
    const int commands = window.document().undoStack().count();
    release(at);
    REQUIRE(waitFor([&] { return window.document().undoStack().count() == commands + 1; }));
  }
  Vec3d pointNow(const SurfacePick& pick) { return session::pickedPointPosition(scene(), pick.node, pick.point); }
};

std::vector<SurfacePoint> tubeCandidates() {
  std::vector<SurfacePoint> points;
  for (double v : {0.5, 0.4, 0.6, 0.3, 0.7})
    for (double u : {0.0, 0.25, 0.5, 0.75}) points.push_back({0, u, v});
  return points;
}

}  // namespace

TEST_CASE("dragging the pipe: it follows the mouse, its joints stay met, the drag is one exact undo step, "
          "and save + reopen gives the same document", "[live][drag][energy]") {
  LiveWindow w("pipefitting.json");
  // The paper's drag moves every unfrozen parameter (Free, key D); Auto would be Move for the
  // placed pipe, which its two joints pin (issue 19, docs/app.md "Drag modes").
  w.window.setDragModeChoice(DragModeChoice::Free);
  REQUIRE(w.waitSettled());
  REQUIRE(w.report("energy"));
  CHECK(w.report("energy")->energy < 1e-6);  // assembled
  const Eigen::VectorXd psiBefore = w.scene().parameters().values();

  QPoint from;
  const auto pick = w.pickOn("pipe", tubeCandidates(), from);
  REQUIRE(pick);
  // Pull to the left on screen: with both ends attached to the fixed pipes the bent pipe has
  // little freedom, and this is a direction the joints leave it (most others they block).
  const QPoint to = from + QPoint(-40, 0);
  w.dragTo(from, to, 5);
  const Vec3d target = w.targetAt(*pick, to);
  const double pulled = norm(target - pick->world);
  REQUIRE(pulled > 0.1);
  // The picked point followed the mouse (the joints at both ends allow it to move most of
  // the way; a pinned pipe would have stayed at distance `pulled`).
  REQUIRE(waitFor([&] { return norm(w.pointNow(*pick) - pick->world) > 0.5 * pulled; }));
  CHECK_FALSE(w.window.shownResult()->dragPinned);
  // And the viewport shows the dragged Ψ: its geometry is rebuilt from the document.
  CHECK(waitFor([&] { return w.window.geometryUpToDate(); }));

  w.releaseAndRecord(to);
  REQUIRE(w.waitSettled());
  CHECK(w.report("energy")->energy < 1e-6);  // joints met again after the drag
  const Eigen::VectorXd psiDragged = w.scene().parameters().values();
  CHECK((psiDragged - psiBefore).norm() > 1e-3);
  CHECK(w.window.isWindowModified());

  // Undo restores the exact Ψ before the drag, redo the exact Ψ the drag ended with.
  const auto outcome = w.window.solver().lastDrag();
  REQUIRE(outcome);
  QUndoStack& undo = w.window.document().undoStack();
  REQUIRE(undo.count() == 1);
  undo.undo();
  CHECK(w.scene().parameters().values() == psiBefore);
  CHECK(outcome->psiBefore == psiBefore);
  undo.redo();
  CHECK(w.scene().parameters().values() == outcome->psiAfter);
  REQUIRE(w.waitSettled());
  CHECK(w.report("energy")->energy < 1e-6);

  // Save and reopen: the same document, Ψ to the last bit.
  QTemporaryDir dir;
  const QString path = dir.filePath("dragged.json");
  QString error;
  REQUIRE(w.window.document().saveAs(path, error));
  const std::string saved = sceneToString(w.scene());
  MainWindow reopened;
  REQUIRE(reopened.openFile(path, error));
  CHECK(sceneToString(reopened.document().scene()) == saved);
  CHECK(reopened.document().scene().parameters().values() == w.scene().parameters().values());
}

TEST_CASE("an edit pulls the pipe off its joint: the energy rises, the live solver brings it back down",
          "[live][energy]") {
  LiveWindow w("pipefitting.json");
  REQUIRE(w.waitSettled());
  const long long before = w.window.shownResult()->totalIterations;
  // What a property editor does: change one value and notify the document.
  Scene& scene = w.scene();
  const int x = scene.parameters().find("pipe-translate.x");
  REQUIRE(x >= 0);
  scene.parameters().setValue(x, scene.parameters().value(x) + 0.4);
  w.window.document().notifySceneEdited();
  REQUIRE(waitFor([&] {
    const auto& r = w.window.shownResult();
    return r->totalIterations > before && w.settled();
  }));
  double peak = 0.0;
  for (const session::HistoryPoint& p : w.window.shownResult()->history)
    if (p.iteration > before) peak = std::max(peak, p.energy);
  CHECK(peak > 1e-3);                         // the joint came apart ...
  CHECK(w.report("energy")->energy < 1e-6);   // ... and the solver closed it again
  CHECK(w.window.shownResult()->converged);
}

TEST_CASE("dragging a solid of the snake moves it with its joints kept", "[live][drag][rigid]") {
  LiveWindow w("snake.json");
  REQUIRE(w.waitSettled());
  QPoint from;
  std::vector<SurfacePoint> candidates;
  for (double u : {0.0, 0.25, 0.5, 0.75})
    for (double v : {0.5, 0.3, 0.7}) candidates.push_back({0, u, v});
  auto pick = w.pickOn("head.shape1", candidates, from);
  REQUIRE(pick);
  const QPoint to = from + QPoint(-30, -30);
  w.dragTo(from, to, 4);
  const Vec3d target = w.targetAt(*pick, to);
  REQUIRE(waitFor([&] { return norm(w.pointNow(*pick) - pick->world) > 0.3 * norm(target - pick->world); }));
  w.releaseAndRecord(to);
  REQUIRE(w.waitSettled());
  const SolveReport* rigid = w.report("rigid");
  REQUIRE(rigid);
  CHECK(rigid->maxViolation < 1e-3);  // every joint of the chain met after the drag
  CHECK(norm(w.pointNow(*pick) - pick->world) > 0.1);
}

TEST_CASE("dragging a curve point into the mold wall stops it at the wall", "[live][drag][curves]") {
  LiveWindow w("mold-convex.json");
  REQUIRE(w.waitSettled());
  QPoint from;
  std::vector<SurfacePoint> candidates;
  for (double u : {0.5, 0.45, 0.55, 0.4, 0.6})
    for (double v : {0.0, 0.25, 0.5, 0.75}) candidates.push_back({0, u, v});
  auto pick = w.pickOn("spline", candidates, from);
  REQUIRE(pick);
  // Toward where the point (x, 3.8) of the curve's plane appears: beyond the mold's far wall
  // (y = 3). The curve is dragged in its own plane, so that is where the target goes.
  const QPoint to = w.pixelOf(Vec3d(pick->world.x, 3.8, pick->world.z));
  REQUIRE(w.targetAt(*pick, to).y > 3.5);
  w.dragTo(from, to, 6);
  // The curve point moved toward the wall ...
  REQUIRE(waitFor([&] { return w.pointNow(*pick).y > pick->world.y + 0.3; }));
  // ... and stays inside the mold: at or below the wall (the display radius is 0.03).
  const Vec3d stopped = w.pointNow(*pick);
  CHECK(stopped.y < 3.0 + 0.05);
  w.releaseAndRecord(to);
}

TEST_CASE("dragging a metaball handle moves its displacement with the mouse", "[live][drag][metaball]") {
  LiveWindow w("metaball-z-letter.json");
  REQUIRE(w.waitSettled());
  const DisplayGeometry& geometry = w.window.displayGeometry();
  REQUIRE(geometry.handles.size() == 12);
  // A handle that is picked at its own centre.
  std::optional<SurfacePick> pick;
  QPoint from;
  Vec3d handleStart;
  for (const MetaballHandle& handle : geometry.handles) {
    from = w.pixelOf(handle.world);
    pick = w.window.pickSurface(from);
    handleStart = handle.world;
    if (pick && pick->metaballHandle && pick->point.patch == handle.metaball) break;
    pick.reset();
  }
  REQUIRE(pick);
  const int metaball = pick->point.patch;
  const Scene& scene = w.scene();
  const Node* deformer = scene.find(pick->node);
  REQUIRE(deformer);
  const int dz = scene.parameters().find(pick->node + "." + std::to_string(metaball) + ".dz");
  const int dx = scene.parameters().find(pick->node + "." + std::to_string(metaball) + ".dx");
  const int dy = scene.parameters().find(pick->node + "." + std::to_string(metaball) + ".dy");
  REQUIRE((dx >= 0 && dy >= 0 && dz >= 0));
  const auto displacement = [&] {
    return Vec3d(scene.parameters().value(dx), scene.parameters().value(dy), scene.parameters().value(dz));
  };
  const Vec3d d0 = displacement();
  const QPoint to = from + QPoint(0, -50);
  w.dragTo(from, to, 5);
  const Vec3d moved = w.targetAt(*pick, to) - w.targetAt(*pick, from);
  REQUIRE(waitFor([&] { return norm(displacement() - (d0 + moved)) < 1e-9; }));
  CHECK(moved.z > 0.1);  // up the screen is up in the world for this camera
  w.releaseAndRecord(to);
  // The handle is drawn where the metaball now is.
  REQUIRE(w.waitSettled());
  bool found = false;
  for (const MetaballHandle& handle : w.window.displayGeometry().handles)
    if (handle.deformer == pick->node && handle.metaball == metaball) {
      found = true;
      CHECK(norm(handle.world - (handleStart + moved)) < 1e-9);
    }
  CHECK(found);
  w.window.document().undoStack().undo();
  CHECK(norm(displacement() - d0) == 0.0);  // exact
}

TEST_CASE("dragging the pipe where it cannot follow: the published energy rises while the pipe follows and "
          "falls back after release", "[live][drag][energy]") {
  LiveWindow w("pipefitting.json");
  w.window.setDragModeChoice(DragModeChoice::Free);  // the paper's drag (see above)
  REQUIRE(w.waitSettled());
  QPoint from;
  const auto pick = w.pickOn("pipe", tubeCandidates(), from);
  REQUIRE(pick);
  // E_constraints + E_user of the newest result (Witkin et al. 1987, section 2).
  const auto published = [&] {
    const auto& r = w.window.shownResult();
    return r->history.back().energy + r->dragEnergy;
  };
  CHECK(published() < 1e-6);
  Viewport& v = w.window.viewport();
  QTest::mousePress(&v, Qt::LeftButton, Qt::NoModifier, from);
  // Pull left in steps (the direction the joints leave the pipe; see the first test), each
  // step farther than the pipe can follow at once.
  std::vector<double> energies;
  Vec3d target = pick->world;
  QPoint at = from;
  for (int i = 1; i <= 4; ++i) {
    at = from + QPoint(-10 * i, 0);
    target = w.targetAt(*pick, at);
    QTest::mouseMove(&v, at);
    // This move has been solved and shown: E_user is the spring from the shown point to it.
    REQUIRE(waitFor([&] {
      const auto& r = w.window.shownResult();
      if (!r || r->activity != session::SessionActivity::Dragging || r->history.empty()) return false;
      const Vec3d d = w.pointNow(*pick) - target;
      return r->dragEnergy > 0.0 && std::abs(r->dragEnergy - dot(d, d)) < 1e-9;
    }, 5000));
    REQUIRE_FALSE(w.window.shownResult()->dragPinned);
    CHECK(w.window.shownResult()->history.back().energy < 1e-6);  // the joints stay met
    energies.push_back(published());
  }
  // The pipe followed the mouse part of the way ...
  const double pulled = norm(target - pick->world);
  REQUIRE(pulled > 0.1);
  CHECK(norm(w.pointNow(*pick) - target) < pulled - 0.05);
  // ... and the energy rose as the mouse went where it could not follow.
  CHECK(energies.front() > 1e-5);
  CHECK(energies.back() > energies.front());
  w.releaseAndRecord(at);
  REQUIRE(w.waitSettled());
  CHECK(w.window.shownResult()->dragEnergy == 0.0);
  CHECK(published() < 1e-6);  // fell back: joints met, no spring
}

// Issue 17 item 1: turning a keyed drive by hand edits it at the current frame and offers to key
// it, as dragging a keyed value does in Blender.
TEST_CASE("dragging the disc of the keyed Oldham coupling at a frame turns shaft a there and offers to key it",
          "[live][drag][energy][timeline]") {
  LiveWindow w("anim-oldham.json");
  w.window.setDragModeChoice(DragModeChoice::Free);
  auto* timeline = w.window.findChild<TimelinePanel*>();
  auto* offer = w.window.findChild<DriveKeyOffer*>();
  REQUIRE(timeline);
  REQUIRE(offer);
  TimelinePlayback& playback = timeline->playback();
  constexpr int kFrame = 6;  // between the keys at frames 0 and 12
  playback.setFrame(kFrame);
  REQUIRE(waitFor([&] { return playback.shownFrame() == kFrame; }, 60000));
  REQUIRE(w.waitSettled());
  CHECK_FALSE(offer->isVisible());

  const Node* drive = w.scene().find("shaft-a-rotate");
  REQUIRE(drive);
  const auto angleOf = [&] {
    const Eigen::VectorXd q = w.scene().parameters().values().segment(drive->paramOffset(), 4);
    return 2.0 * std::atan2(Eigen::Vector3d(q[1], q[2], q[3]).norm(), q[0]);
  };
  const double keyedAngle = angleOf();
  CHECK(keyedAngle == Approx(M_PI / 4).margin(1e-6));  // frame 6 of a quarter turn per 12 frames

  // Pull a point of the disc round the shafts' axis (x).
  std::vector<SurfacePoint> candidates;
  for (double v : {0.5, 0.3, 0.7})
    for (double u : {0.0, 0.25, 0.5, 0.75}) candidates.push_back({0, u, v});
  QPoint from;
  const auto pick = w.pickOn("disc", candidates, from);
  REQUIRE(pick);
  Vec3d target = pick->world;
  for (int k = 0; k < 3; ++k) {
    const Vec3d radial{0.0, target.y, target.z};
    target = target + cross(Vec3d{1, 0, 0}, radial) * (0.08 / norm(radial));
  }
  const QPoint to = w.pixelOf(target);
  REQUIRE((to - from).manhattanLength() > 10);
  w.dragTo(from, to, 6);
  w.releaseAndRecord(to);
  REQUIRE(w.waitSettled());
  const double draggedAngle = angleOf();
  CHECK(std::abs(draggedAngle - keyedAngle) > 0.05);  // the hand turned the keyed drive
  CHECK(playback.currentFrame() == kFrame);

  // The offer names the quaternion track and the frame; keying it is one undo step.
  REQUIRE(offer->isOffered());
  CHECK(offer->isVisible());
  CHECK(offer->targets() == std::vector<std::string>{"shaft-a-rotate.qw"});
  CHECK(offer->frame() == kFrame);
  const double t = playback.timeline().timeOfFrame(kFrame);
  const auto keysOfTrack = [&] { return playback.timeline().findTrack("shaft-a-rotate.qw")->keys; };
  const std::size_t keysBefore = keysOfTrack().size();
  REQUIRE(playback.timeline().findTrack("shaft-a-rotate.qw")->keyIndexAt(t) < 0);
  QUndoStack& undo = w.window.document().undoStack();
  const int commands = undo.count();
  QTest::mouseClick(offer->keyButton(), Qt::LeftButton);
  CHECK(undo.count() == commands + 1);
  CHECK_FALSE(offer->isOffered());
  CHECK_FALSE(offer->isVisible());
  const Track* track = playback.timeline().findTrack("shaft-a-rotate.qw");
  REQUIRE(track);
  CHECK(track->keys.size() == keysBefore + 1);
  const int keyed = track->keyIndexAt(t);
  REQUIRE(keyed >= 0);
  const Quatd& q = track->keys[static_cast<std::size_t>(keyed)].rotation;
  CHECK(2.0 * std::atan2(std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z), q.w) == Approx(draggedAngle).margin(1e-9));
  undo.undo();
  CHECK(keysOfTrack().size() == keysBefore);

  // An offer is withdrawn when the playhead moves (the keys take over), and none is made for
  // a drive no track writes.
  offer->offer({"shaft-a-rotate.qx"});
  REQUIRE(offer->isOffered());
  playback.setFrame(kFrame + 1);
  CHECK_FALSE(offer->isOffered());
  offer->offer({"disc.radius"});
  CHECK_FALSE(offer->isOffered());
}
