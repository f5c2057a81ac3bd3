#pragma once
// `flexure SCENE --benchmark-drag [--benchmark-frames N] [--benchmark-part NODE]` and
// `flexure SCENE --benchmark-play`: the window opens the scene at the benchmark's size
// (1400×900 by default, the size of issue 17), waits until the document is on screen and the
// live solver has settled, then
//   drag  presses the left button on a representative part (a metaball handle when the scene
//         has one, else the part nearest the view's centre that is not pinned, or NODE) and
//         moves the mouse on a circle at 60 moves per second, as a hand would, while the
//         window draws what the solver and the geometry worker produce;
//   play  plays the timeline (its bake runs as it does for a user);
// and records N frames of the viewport as a user sees them. A timeline plays at its own rate (24
// frames per second in the shipped animations), which caps what play can show; so play then
// waits for the whole range to be baked and steps through it, each frame shown as soon as the one
// before is drawn, for N more frames: `max_fps`, the rate the window can play at (what a faster
// timeline would get), and `timeline_frames_dropped`, the frames the playhead skipped at the
// timeline's own rate because drawing fell behind. It prints one JSON document on
// stdout: frames per second, the frame interval's percentiles, GUI-thread and process CPU per
// frame, and the per-frame breakdown (geometry latency from the worker and its handover,
// uploads, the whole viewport paint, the panels' paints, the window's whole repaint). The
// render passes' times (pass_*) come from max(10, N/4) more frames drawn with each pass closed
// by glFinish (`pass_timing_frames`): that serializes the rasterizer, so those frames are not
// counted in the rates (it cost a third of the frame rate under llvmpipe). docs/performance.md "The viewport under software OpenGL".
#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QString>
#include <cstdint>
#include <map>
#include <vector>

#include "viewport/frame_timing.h"

class QEvent;
class QTimer;

namespace flexure::app {

class MainWindow;

struct BenchmarkOptions {
  enum class Mode { Drag, Play };
  Mode mode = Mode::Drag;
  int frames = 120;  // frames measured (after a few warm-up frames)
  QString part;      // drag this node (empty: chosen as above)
};

class BenchmarkSession : public QObject {
  Q_OBJECT

 public:
  BenchmarkSession(MainWindow& window, BenchmarkOptions options, QString scenePath, QObject* parent = nullptr);
  ~BenchmarkSession() override;
  // Starts when the window is shown; returns immediately.
  void start();

 signals:
  void finished(int exitCode);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  enum class Phase { FirstFrame, Settle, Grab, Measure, MeasurePasses, WaitForBake, MeasureSteps, Done };
  struct Sample {
    double atMs = 0.0;       // since the measurement started
    double guiCpuMs = 0.0;   // GUI-thread CPU since the previous frame
    double processCpuMs = 0.0;
    FrameTiming viewport;
    double geometryLatencyMs = 0.0;  // of the newest geometry frame, when this frame showed new geometry
    double geometryHandoverMs = 0.0;
    double geometryBehindMouseMs = -1.0;  // from the mouse move the new geometry answers; < 0: none
    double panelsPaintMs = 0.0;  // paint events of every other widget since the previous frame
    int panelPaints = 0;
    double windowRepaintMs = 0.0;  // the window's whole repaint (compose and flush included)
  };

  void onFrame();
  void poll();
  void tryNextCandidate();
  void beginMeasuring();
  void moveMouse();
  void sendMouse(int type, const QPointF& position);
  void finish();
  // Play: once the range is baked, shows frame after frame as fast as they are drawn.
  void waitForBakeThenStep();
  void stepTimeline();
  void fail(const QString& message);
  std::vector<QPointF> dragCandidates() const;

  MainWindow& window_;
  BenchmarkOptions options_;
  QString scenePath_;
  Phase phase_ = Phase::FirstFrame;
  QTimer* poller_ = nullptr;
  QTimer* mouse_ = nullptr;
  QElapsedTimer clock_;       // the whole run
  QElapsedTimer phaseClock_;  // the current phase
  std::vector<QPointF> candidates_;
  std::size_t candidate_ = 0;
  QPointF dragStart_;
  QString draggedPart_;
  bool metaballHandle_ = false;
  int moves_ = 0;
  int warmup_ = 0;
  std::vector<Sample> samples_;
  std::vector<Sample> passSamples_;  // frames with every render pass timed (MeasurePasses)
  std::vector<double> stepIntervals_;  // play, MeasureSteps: intervals between frames drawn
  double measuredSeconds_ = 0.0;     // the Measure phase's wall time
  double lastFrameMs_ = 0.0;
  double lastGuiCpuMs_ = 0.0;
  double lastProcessCpuMs_ = 0.0;
  std::uint64_t handoversSeen_ = 0;
  int timelineFramesShown_ = 0;
  // Accumulated by the event filter between two frames.
  double panelsPaintMs_ = 0.0;
  int panelPaints_ = 0;
  double windowRepaintMs_ = 0.0;
  // Every widget's paints over the measured frames, by "Class#objectName" (an unnamed widget by
  // its class and its nearest named ancestor): which panel costs what.
  struct WidgetPaints {
    int paints = 0;
    double ms = 0.0;
  };
  std::map<QString, WidgetPaints> paintsByWidget_;
  std::vector<QEvent*> delivering_;  // events the filter is sending on (let through)
};

}  // namespace flexure::app
