// Scale (issue 9, item 6) in the window: with a 10,000-node scene open and solving, the GUI
// thread keeps handling events (solving and tessellation run on their own threads).
#include <catch2/catch.hpp>

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <ctime>

#include "commands/parameter_command.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/io/grid_scene.h"
#include "support/gui_test_support.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "window/solver_link.h"

using namespace flexure;
using namespace flexure::app;
using namespace flexure::app::testing;

namespace {

// The limits below are for what a user runs (the longest step besides painting measured
// 9.5-17 ms in a Debug -O1 build since the outliner and constraint list stopped measuring all
// their rows' text, 20-38 ms before; docs/performance.md). CI runs this test under AddressSanitizer, which makes every memory access several
// times dearer; the limits scale by that factor there instead of being loosened for everyone.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kSanitizerSlowdown = 3.0;
#else
constexpr double kSanitizerSlowdown = 1.0;
#endif

double threadCpuMs() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

// CPU time the GUI thread spends painting a widget (the viewport's OpenGL frames).
class PaintClock : public QObject {
 public:
  explicit PaintClock(QWidget& widget) { widget.installEventFilter(this); }
  double totalMs() const { return total_; }
  double longestMs() const { return longest_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() != QEvent::Paint && event->type() != QEvent::UpdateRequest) return false;
    // Measure the event's own handling by handing it on here, then stop it.
    if (inside_) return false;
    inside_ = true;
    const double start = threadCpuMs();
    QCoreApplication::sendEvent(watched, event);
    const double spent = threadCpuMs() - start;
    inside_ = false;
    total_ += spent;
    longest_ = std::max(longest_, spent);
    return true;
  }

 private:
  bool inside_ = false;
  double total_ = 0, longest_ = 0;
};

// Between consecutive ticks of a 10 ms timer until `done` (or the timeout): the longest
// wall-clock wait, and the most CPU time the GUI thread spent in one go on anything but painting
// the viewport (document edits, adopting results and geometry, panels). The test machine is
// shared and often overloaded, so wall time includes waiting for a core; thread CPU time does
// not. Painting is measured apart: with software OpenGL (llvmpipe under Xvfb) its cost is the
// renderer's, per draw call, not the document's.
struct Gaps {
  qint64 wallMs = 0;
  double cpuMs = 0;
};

template <class Done>
Gaps longestTimerGapsUntil(const PaintClock& paint, Done done, int timeoutMs) {
  QElapsedTimer clock;
  clock.start();
  qint64 last = 0;
  double lastCpu = threadCpuMs() - paint.totalMs();
  Gaps gaps;
  QTimer timer;
  timer.setInterval(10);
  QObject::connect(&timer, &QTimer::timeout, [&] {
    const qint64 now = clock.elapsed();
    const double cpu = threadCpuMs() - paint.totalMs();
    gaps.wallMs = std::max(gaps.wallMs, now - last);
    gaps.cpuMs = std::max(gaps.cpuMs, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  });
  timer.start();
  (void)QTest::qWaitFor(done, timeoutMs);  // the caller checks done() itself
  return gaps;
}

// GUI-thread CPU, painting excluded, of the event-loop pass that hands a new geometry frame to
// the viewport (the worker tessellates on its own thread): a 2 ms timer samples the thread's
// CPU time, and the interval in which the frame appears is the handover. The longest of
// `frames` handovers, or -1 when a frame did not appear.
double longestGeometryHandoverMs(MainWindow& window, const PaintClock& paint, int frames) {
  double longest = 0;
  for (int i = 0; i < frames; ++i) {
    const std::uint64_t shown = window.geometryFramesShown();
    double last = threadCpuMs() - paint.totalMs();
    double handover = -1;
    QTimer sampler;
    sampler.setInterval(2);
    QObject::connect(&sampler, &QTimer::timeout, [&] {
      const double now = threadCpuMs() - paint.totalMs();
      if (handover < 0 && window.geometryFramesShown() != shown) handover = now - last;
      last = now;
    });
    sampler.start();
    window.rebuildGeometry();
    if (!QTest::qWaitFor([&] { return handover >= 0 && window.geometryUpToDate(); }, 20000)) return -1;
    longest = std::max(longest, handover);
  }
  return longest;
}

}  // namespace

TEST_CASE("the window stays responsive with a 10,000-node scene open and solving", "[document][scale]") {
  QTemporaryDir dir;
  const QString path = dir.filePath("grid.json");
  {
    // 5,000 small meshes (a tetrahedron each) under 5,000 translates in 100 groups: the node
    // count of the scale test with a display load (20,000 triangles) that a software OpenGL
    // renderer draws at interactive rates; the sphere grid's 10 million triangles are not.
    QFile mesh(dir.filePath("tetra.obj"));
    REQUIRE(mesh.open(QIODevice::WriteOnly));
    mesh.write("o tetra\nv 0 0 0\nv 0.4 0 0\nv 0 0.4 0\nv 0 0 0.4\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n");
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    GridSceneSize size;
    size.meshSource = "tetra.obj";
    file.write(QByteArray::fromStdString(gridSceneText(size)));
  }
  MainWindow window;
  REQUIRE(showAndWaitForFrames(window, 1));
  QElapsedTimer openClock;
  openClock.start();
  QString error;
  REQUIRE(window.openFile(path, error));
  const qint64 openMs = openClock.elapsed();
  CHECK(window.document().scene().nodes().size() > 10000);

  // Until the solved Ψ is in the document and its geometry (5,000 spheres) on screen.
  const ParameterTable& params = window.document().scene().parameters();
  const int lifted = params.find("at-50-0.z");
  REQUIRE(lifted >= 0);
  auto solvedAndShown = [&] {
    return std::abs(params.value(lifted) - 0.5) < 1e-3 && window.displayGeometry().triangleCount > 0 &&
           window.shownGeometryResult() > 0;
  };
  QElapsedTimer solveClock;
  solveClock.start();
  PaintClock paint(window.viewport());
  const Gaps gaps = longestTimerGapsUntil(paint, solvedAndShown, 120000);
  // A few more frames of the whole grid, to time them.
  waitForFrames(window.viewport(), 3);
  const double handoverMs = longestGeometryHandoverMs(window, paint, 5);
  // With a part selected, as while it is dragged: its meshes are marked in every frame.
  window.selection().select(window.document().scene().find("at-50-0"));
  const double selectedHandoverMs = longestGeometryHandoverMs(window, paint, 5);
  // A user's edit of one value (the property editor's spin box: one undo step), and its undo:
  // the GUI-thread CPU spent on it synchronously (the command, the panels, forwarding it to the
  // solver as a ParameterEdited without re-deriving the scene's structure).
  const int edited = params.find("at-50-7.x");
  REQUIRE(edited >= 0);
  ParameterState state = ParameterState::of(params, edited);
  const double editedFrom = state.value;
  state.value += 0.25;
  double start = threadCpuMs();
  pushParameterEdit(window.document(), edited, state, "move");
  const double editMs = threadCpuMs() - start;
  CHECK(params.value(edited) == editedFrom + 0.25);
  start = threadCpuMs();
  window.document().undoStack().undo();
  const double undoMs = threadCpuMs() - start;
  CHECK(params.value(edited) == editedFrom);
  WARN("open " << openMs << " ms on the GUI thread; solved and shown after " << solveClock.elapsed()
               << " ms; meanwhile the longest event-loop gap was " << gaps.wallMs << " ms wall, " << gaps.cpuMs
               << " ms of GUI-thread CPU besides painting; longest viewport paint " << paint.longestMs() << " ms CPU; "
               << window.displayGeometry().triangleCount << " triangles in " << window.displayGeometry().meshes->size()
               << " meshes; longest geometry handover " << handoverMs << " ms of GUI-thread CPU besides painting, "
               << selectedHandoverMs << " ms with a part selected; a value edit " << editMs << " ms, its undo "
               << undoMs << " ms of GUI-thread CPU");
  REQUIRE(solvedAndShown());
  REQUIRE(handoverMs >= 0);  // every rebuilt frame was shown
  REQUIRE(selectedHandoverMs >= 0);
  CHECK(gaps.cpuMs < 100 * kSanitizerSlowdown);
  // Drawing 5,000 meshes with software OpenGL, batched into one vertex buffer (a draw call per
  // buffer, not per mesh): measured 25-27 ms for the longest frame, the one that uploads the
  // geometry (110-130 ms a frame with a draw call per mesh; docs/user-guide.md). The margin is
  // for ASan builds and loaded CI machines.
  CHECK(paint.longestMs() < 120 * kSanitizerSlowdown);
  CHECK(params.value(params.find("at-50-7.z")) == 0.0);
  // 30-37 ms of it was the scene's file text, made to find out whether the structure changed
  // (DocumentSessionSync), before value edits said they were values only; measured after: see
  // docs/performance.md.
  CHECK(editMs < 25 * kSanitizerSlowdown);
  CHECK(undoMs < 25 * kSanitizerSlowdown);
}
