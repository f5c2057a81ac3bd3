// The timeline in the GUI (issue 8): keying the Oldham coupling's shaft angle through the panel,
// playing and scrubbing baked frames (the document's Ψ is exactly the baked Ψ of the frame the
// timeline shows, instantly when cached), key edits invalidating the cache after the edited key
// only, the keyboard conventions, and exporting a frame sequence.
#include <catch2/catch.hpp>

#include <QDir>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoCommand>
#include <QUndoStack>
#include <cmath>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "support/gui_test_support.h"
#include "timeline/timeline_export_dialog.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "timeline/timeline_ruler.h"
#include "viewport/viewport.h"
#include "window/main_window.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

constexpr double kPi = 3.14159265358979323846;

// The angle of shaft `s` about x: the image of y under its rotation, read in the y,z plane.
double shaftAngle(const Scene& scene, const char* s) {
  const Node* r = scene.find(std::string("shaft-") + s + "-rotate");
  const ParameterTable& p = scene.parameters();
  const Quatd q = normalized(Quatd{p.value(r->paramIndex("qw")), p.value(r->paramIndex("qx")),
                                   p.value(r->paramIndex("qy")), p.value(r->paramIndex("qz"))});
  const Vec3d y = rotate(q, Vec3d(0, 1, 0));
  return std::atan2(y.z, y.y);
}

double wrapped(double a) { return std::remainder(a, 2 * kPi); }

void setShaftAAngle(SceneDocument& document, double angle) {
  Scene& scene = document.scene();
  const Node* r = scene.find("shaft-a-rotate");
  const Quatd q = Quatd::fromAxisAngle({1, 0, 0}, angle);
  ParameterTable& p = scene.parameters();
  p.setValue(r->paramIndex("qw"), q.w);
  p.setValue(r->paramIndex("qx"), q.x);
  p.setValue(r->paramIndex("qy"), q.y);
  p.setValue(r->paramIndex("qz"), q.z);
  document.notifySceneEdited();  // as the parameter panel does
}

bool documentHoldsFrame(TimelinePlayback& playback, SceneDocument& document, int frame) {
  const auto cached = playback.cachedFrame(frame);
  if (!cached) return false;
  const Eigen::VectorXd& psi = document.scene().parameters().values();
  const std::vector<double>& baked = cached->state.psi();
  if (static_cast<std::size_t>(psi.size()) != baked.size()) return false;
  for (std::size_t i = 0; i < baked.size(); ++i)
    if (psi[static_cast<Eigen::Index>(i)] != baked[i]) return false;
  return true;
}

bool bakedUpTo(TimelinePlayback& playback, int frame) {
  playback.waitForBake();
  QCoreApplication::processEvents();
  return playback.isCached(frame);
}

struct OldhamWindow {
  MainWindow window;
  TimelinePanel* panel = nullptr;
  explicit OldhamWindow(const char* scene) {
    QString error;
    REQUIRE(window.openFile(sourcePath(scene), error));
    REQUIRE(showAndWaitForFrames(window, 1));
    panel = window.findChild<TimelinePanel*>();
    REQUIRE(panel);
  }
  TimelinePlayback& playback() { return panel->playback(); }
  SceneDocument& document() { return window.document(); }
};

}  // namespace

TEST_CASE("keying the Oldham shaft angle at two frames, playing and scrubbing shows the baked linkage",
          "[app][timeline]") {
  OldhamWindow w("scenes/oldham.json");
  TimelinePlayback& playback = w.playback();
  SceneDocument& doc = w.document();
  REQUIRE(playback.timeline().tracks.empty());
  w.window.selection().select(doc.scene().find("shaft-a-rotate"));

  // Frame 0: key the shaft's rotation as it is (one quaternion track).
  playback.setFrame(0);
  REQUIRE(bakedUpTo(playback, 0));
  w.panel->addKeyAtCurrentFrame();
  // Frame 24: turn the shaft a quarter turn and key it. Until the key exists the bake of frame
  // 24 holds the constant first key; the typed value stays in the document for keying.
  playback.setFrame(24);
  REQUIRE(bakedUpTo(playback, 24));
  const double b0 = shaftAngle(doc.scene(), "b");
  setShaftAAngle(doc, kPi / 2);
  w.panel->addKeyAtCurrentFrame();
  const TimelineSettings& tl = playback.timeline();
  REQUIRE(tl.tracks.size() == 1);
  CHECK(tl.tracks[0].kind == TrackKind::Quaternion);
  CHECK(tl.tracks[0].keys.size() == 2);
  CHECK(w.panel->ruler().keyFrames() == std::vector<int>{0, 24});
  CHECK(doc.undoStack().count() >= 2);

  // The key edit invalidated the cache; frame 24 is baked again and shown.
  REQUIRE(bakedUpTo(playback, 24));
  CHECK(playback.shownFrame() == 24);
  CHECK(documentHoldsFrame(playback, doc, 24));
  CHECK(wrapped(shaftAngle(doc.scene(), "a") - kPi / 2) == Approx(0).margin(1e-9));
  // Shaft b follows a quarter turn too (an Oldham coupling transmits rotation one to one).
  CHECK(wrapped(shaftAngle(doc.scene(), "b") - b0 - kPi / 2) == Approx(0).margin(0.05));

  // Scrub past the cache: baked forward off the GUI thread, then shown.
  const int beyond = 36;
  REQUIRE_FALSE(playback.isCached(beyond));
  playback.setFrame(beyond);
  CHECK(playback.isBaking());
  CHECK(playback.shownFrame() != beyond);
  REQUIRE(bakedUpTo(playback, beyond));
  CHECK(playback.shownFrame() == beyond);
  CHECK(documentHoldsFrame(playback, doc, beyond));
  // Past the last key the shaft holds the key's quarter turn.
  CHECK(wrapped(shaftAngle(doc.scene(), "a") - kPi / 2) == Approx(0).margin(1e-9));

  // Play from the start: every frame shown is exactly a baked frame.
  playback.goToStart();
  int framesShown = 0, mismatches = 0;
  const QMetaObject::Connection check = QObject::connect(&playback, &TimelinePlayback::frameShown, [&](int f) {
    ++framesShown;
    if (!documentHoldsFrame(playback, doc, f)) ++mismatches;
  });
  playback.play();
  CHECK(playback.isPlaying());
  QTRY_VERIFY_WITH_TIMEOUT(playback.currentFrame() >= 20, 20000);
  playback.pause();
  playback.cancelBake();
  QObject::disconnect(check);
  CHECK(framesShown > 0);
  CHECK(mismatches == 0);

  // Scrub back onto cached frames: instant (no event processed in between) and exact.
  REQUIRE(bakedUpTo(playback, 24));
  for (int f : {12, 3, 20, 7}) {
    playback.setFrame(f);
    CHECK_FALSE(playback.isBaking());
    CHECK(playback.shownFrame() == f);
    CHECK(documentHoldsFrame(playback, doc, f));
  }
  playback.setFrame(12);
  CHECK(wrapped(shaftAngle(doc.scene(), "a") - kPi / 4) == Approx(0).margin(1e-9));
  CHECK(wrapped(shaftAngle(doc.scene(), "b") - b0 - kPi / 4) == Approx(0).margin(0.05));

}

TEST_CASE("editing a key invalidates the cache after it and keeps the frames before", "[app][timeline]") {
  OldhamWindow w("scenes/anim-oldham.json");
  TimelinePlayback& playback = w.playback();
  SceneDocument& doc = w.document();
  w.window.selection().select(doc.scene().find("shaft-a-rotate"));
  TimelineRuler& ruler = w.panel->ruler();
  REQUIRE(ruler.keyFrames() == std::vector<int>{0, 12, 24, 36, 48});

  playback.setFrame(30);
  REQUIRE(bakedUpTo(playback, 30));
  std::vector<std::shared_ptr<const CachedFrame>> before;
  for (int f = 0; f <= 30; ++f) before.push_back(playback.cachedFrame(f));

  // Drag the key at frame 36 to frame 40 with the mouse: one undo step.
  const int undoSteps = doc.undoStack().count();
  ruler.resize(800, ruler.height());
  QTest::mousePress(&ruler, Qt::LeftButton, {}, QPoint(ruler.xOfFrame(36), ruler.keyRowY()));
  QTest::mouseMove(&ruler, QPoint(ruler.xOfFrame(38), ruler.keyRowY()));
  QTest::mouseMove(&ruler, QPoint(ruler.xOfFrame(40), ruler.keyRowY()));
  QTest::mouseRelease(&ruler, Qt::LeftButton, {}, QPoint(ruler.xOfFrame(40), ruler.keyRowY()));
  CHECK(doc.undoStack().count() == undoSteps + 1);
  CHECK(ruler.keyFrames() == std::vector<int>{0, 12, 24, 40, 48});
  // The curve changes after the key before the moved one (frame 24, linear keys): frames
  // before it are the very same cached objects; frame 24 and later were erased and are baked
  // again for the shown frame (new objects), frame 30 now with the shaft turning slower.
  REQUIRE(bakedUpTo(playback, 30));
  for (int f = 0; f <= 30; ++f) {
    INFO("frame " << f);
    if (f < 24)
      CHECK(playback.cachedFrame(f) == before[static_cast<std::size_t>(f)]);
    else
      CHECK(playback.cachedFrame(f) != before[static_cast<std::size_t>(f)]);
  }
  CHECK_FALSE(playback.cachedFrame(30)->state.sameState(before[30]->state));

  // Undo: the same invalidation, and the key is back at 36.
  doc.undoStack().undo();
  CHECK(ruler.keyFrames() == std::vector<int>{0, 12, 24, 36, 48});
  REQUIRE(bakedUpTo(playback, 30));
  CHECK(playback.cachedFrame(10) == before[10]);
  // Re-baked with the original keys: the same frames as before the edit, bit for bit.
  for (int f = 24; f <= 30; ++f) CHECK(playback.cachedFrame(f)->state.sameState(before[static_cast<std::size_t>(f)]->state));

  // A non-keyed parameter typed in changes the initial state: everything is invalid.
  Scene& scene = doc.scene();
  const int discX = scene.find("disc-translate")->paramIndex("x");
  scene.parameters().setValue(discX, scene.parameters().value(discX) + 0.01);
  doc.undoStack().push(new QUndoCommand("test edit"));  // an undo step, as the panels make
  doc.notifySceneEdited();
  REQUIRE(bakedUpTo(playback, 30));
  CHECK(playback.cachedFrame(0) != before[0]);
  CHECK(playback.cachedFrame(10) != before[10]);
}

namespace {
// Counts the paint events a widget receives.
class PaintCounter : public QObject {
 public:
  int paints = 0;
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Paint) ++paints;
    return false;
  }
};
}  // namespace

TEST_CASE("values changed without touching the timeline neither announce it nor repaint the ruler",
          "[app][timeline]") {
  // Each solver result adopted while dragging is such a change (MainWindow emits sceneEdited
  // with the new Ψ): under a software rasterizer the ruler's repaint at every result was a
  // measurable share of the GUI thread (issue 17 item 3).
  OldhamWindow w("scenes/anim-oldham.json");
  TimelinePlayback& playback = w.playback();
  SceneDocument& doc = w.document();
  TimelineRuler& ruler = w.panel->ruler();
  playback.setFrame(10);
  REQUIRE(bakedUpTo(playback, 10));
  QCoreApplication::processEvents();
  QSignalSpy announced(&playback, &TimelinePlayback::timelineChanged);
  PaintCounter counter;
  ruler.installEventFilter(&counter);
  // The disc's translation is not keyed, and shown frame 10 stays as it is.
  Scene& scene = doc.scene();
  const int discX = scene.find("disc-translate")->paramIndex("x");
  for (int i = 0; i < 5; ++i) {
    scene.parameters().setValue(discX, scene.parameters().value(discX) + 1e-6);
    emit doc.sceneEdited();
    QCoreApplication::processEvents();
  }
  CHECK(announced.count() == 0);
  CHECK(counter.paints == 0);
  // A real change of the timeline is announced and drawn.
  TimelineSettings edited = timelineOf(std::as_const(scene));
  edited.endFrame += 12;
  timelineOf(scene) = edited;
  doc.notifySceneEdited();
  QCoreApplication::processEvents();
  CHECK(announced.count() == 1);
  CHECK(counter.paints >= 1);
  ruler.removeEventFilter(&counter);
}

TEST_CASE("timeline keyboard: space plays, arrows step, home and end jump, delete removes a key", "[app][timeline]") {
  OldhamWindow w("scenes/anim-oldham.json");
  TimelinePlayback& playback = w.playback();
  TimelineRuler& ruler = w.panel->ruler();
  w.window.selection().select(w.document().scene().find("shaft-a-rotate"));
  w.window.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&w.window));
  ruler.setFocus();
  QTRY_VERIFY(ruler.hasFocus());

  playback.setFrame(5);
  QTest::keyClick(&ruler, Qt::Key_Right);
  CHECK(playback.currentFrame() == 6);
  QTest::keyClick(&ruler, Qt::Key_Left);
  QTest::keyClick(&ruler, Qt::Key_Left);
  CHECK(playback.currentFrame() == 4);
  QTest::keyClick(&ruler, Qt::Key_End);
  CHECK(playback.currentFrame() == playback.timeline().endFrame);
  QTest::keyClick(&ruler, Qt::Key_Home);
  CHECK(playback.currentFrame() == playback.timeline().startFrame);
  // Space and the arrows work window-wide (animation tools' convention).
  QTest::keyClick(&w.window, Qt::Key_Space);
  CHECK(playback.isPlaying());
  QTest::keyClick(&w.window, Qt::Key_Space);
  CHECK_FALSE(playback.isPlaying());
  playback.cancelBake();  // the whole range was being baked for playback
  const int before = playback.currentFrame();
  QTest::keyClick(&w.window, Qt::Key_Right);
  CHECK(playback.currentFrame() == before + 1);

  // Click a key marker to select it, Delete removes the node's key there (undoable).
  ruler.setFocus();
  QTest::mouseClick(&ruler, Qt::LeftButton, {}, QPoint(ruler.xOfFrame(12), ruler.keyRowY()));
  CHECK(ruler.selectedKeyFrame() == 12);
  QTest::keyClick(&ruler, Qt::Key_Delete);
  CHECK(ruler.keyFrames() == std::vector<int>{0, 24, 36, 48});
  w.document().undoStack().undo();
  CHECK(ruler.keyFrames() == std::vector<int>{0, 12, 24, 36, 48});
  playback.cancelBake();
  CHECK_FALSE(playback.isBaking());
}

TEST_CASE("exporting an animation writes the PNG and OBJ frame sequence", "[app][timeline]") {
  OldhamWindow w("scenes/anim-oldham.json");
  QTemporaryDir dir;
  AnimationExportRequest request;
  request.directory = dir.path();
  request.firstFrame = 0;
  request.lastFrame = 1;
  request.png = true;
  request.obj = true;
  request.camera = w.window.viewport().camera();
  request.width = 96;
  request.height = 72;
  const AnimationExportResult result = runAnimationExport(w.playback(), request, nullptr);
  CHECK(result.error.isEmpty());
  CHECK(result.framesWritten == 2);
  for (int f = 0; f <= 1; ++f)
    for (const char* ext : {"png", "obj"}) {
      const QFileInfo file(QDir(dir.path()).filePath(QString("frame_%1.%2").arg(f, 4, 10, QChar('0')).arg(ext)));
      INFO(file.filePath().toStdString());
      CHECK(file.size() > 100);
    }
  QImage image(QDir(dir.path()).filePath("frame_0001.png"));
  CHECK(image.width() == 96);
  CHECK(image.height() == 72);
  // The frames exported are the baked frames.
  CHECK(w.playback().isCached(1));
}

// Hidden (run by hand): the picture of docs/timeline.png. Writes to $FLEXURE_TIMELINE_SCREENSHOT.
TEST_CASE("timeline screenshot", "[.][timeline-screenshot]") {
  const QByteArray path = qgetenv("FLEXURE_TIMELINE_SCREENSHOT");
  REQUIRE_FALSE(path.isEmpty());
  OldhamWindow w("scenes/anim-oldham.json");
  w.window.resize(1280, 860);
  w.window.selection().select(w.document().scene().find("shaft-a-rotate"));
  w.playback().setFrame(30);
  REQUIRE(bakedUpTo(w.playback(), 30));
  w.playback().setFrame(20);
  QTest::qWait(1500);  // geometry of the shown frame, built off the GUI thread
  REQUIRE(w.window.grab().save(QString::fromLocal8Bit(path)));
}
