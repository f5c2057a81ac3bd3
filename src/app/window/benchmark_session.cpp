#include "window/benchmark_session.h"

#include <QApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMouseEvent>
#include <QTextStream>
#include <QTimer>
#include <algorithm>
#include <cmath>
#include <ctime>
#include <functional>
#include <numbers>

#include "document/scene_document.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/session/session_result.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "window/solver_link.h"

namespace flexure::app {
namespace {

constexpr int kFrameTimeoutMs = 30000;  // no frame at all: no working OpenGL
constexpr int kRunTimeoutMs = 180000;   // a frame count the window never reaches
constexpr int kSettleMs = 3000;         // at most this long for the live solver to go idle
constexpr int kPressWaitMs = 600;       // for a drag to start (or say it is pinned)
constexpr int kMouseIntervalMs = 16;    // 60 mouse moves per second
constexpr int kMovesPerTurn = 120;      // the circle takes two seconds
constexpr double kCircleRadius = 40.0;  // pixels
constexpr int kWarmupFrames = 5;

double cpuMs(clockid_t clock) {
  timespec t{};
  clock_gettime(clock, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

QJsonObject statistics(std::vector<double> values) {
  QJsonObject out;
  if (values.empty()) return out;
  std::sort(values.begin(), values.end());
  double sum = 0.0;
  for (double v : values) sum += v;
  const auto percentile = [&](double p) {
    const std::size_t i = static_cast<std::size_t>(std::ceil(p * static_cast<double>(values.size()))) - 1;
    return values[std::min(i, values.size() - 1)];
  };
  const auto round3 = [](double v) { return std::round(v * 1000.0) / 1000.0; };
  out["mean"] = round3(sum / static_cast<double>(values.size()));
  out["p50"] = round3(percentile(0.50));
  out["p90"] = round3(percentile(0.90));
  out["p99"] = round3(percentile(0.99));
  out["max"] = round3(values.back());
  return out;
}

QString loadAverage() {
  QFile file("/proc/loadavg");
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QString::fromLatin1(file.readLine()).section(' ', 0, 2);
}

}  // namespace

BenchmarkSession::BenchmarkSession(MainWindow& window, BenchmarkOptions options, QString scenePath, QObject* parent)
    : QObject(parent),
      window_(window),
      options_(std::move(options)),
      scenePath_(std::move(scenePath)),
      poller_(new QTimer(this)),
      mouse_(new QTimer(this)) {
  poller_->setInterval(20);
  connect(poller_, &QTimer::timeout, this, &BenchmarkSession::poll);
  mouse_->setInterval(kMouseIntervalMs);
  connect(mouse_, &QTimer::timeout, this, &BenchmarkSession::moveMouse);
}

BenchmarkSession::~BenchmarkSession() { qApp->removeEventFilter(this); }

void BenchmarkSession::start() {
  clock_.start();
  connect(&window_.viewport(), &Viewport::frameRendered, this, &BenchmarkSession::onFrame);
  connect(&window_.viewport(), &Viewport::renderFailed, this, &BenchmarkSession::fail);
  if (auto* timeline = window_.findChild<TimelinePanel*>())
    connect(&timeline->playback(), &TimelinePlayback::frameShown, this, [this] {
      if (phase_ == Phase::Measure) ++timelineFramesShown_;
    });
  qApp->installEventFilter(this);
  QTimer::singleShot(kFrameTimeoutMs, this, [this] {
    if (phase_ == Phase::FirstFrame) fail("the viewport never rendered a frame (is there an X display with OpenGL?)");
  });
  QTimer::singleShot(kRunTimeoutMs, this, [this] {
    if (phase_ != Phase::Done)
      fail(QString("only %1 of %2 frames within %3 s").arg(samples_.size()).arg(options_.frames).arg(kRunTimeoutMs / 1000));
  });
  window_.viewport().update();
}

// Paint events of every widget but the viewport (the panels, the status bar, the docks) and
// the window's whole repaint, timed by delivering them from here: a filter sees an event only
// before it is handled, so it sends the event on itself (through every other filter, e.g. a
// scroll area's on its viewport: the event is let through when it comes back here) and stops
// the original delivery.
namespace {
// "QTableView#constraintTable", or for an unnamed widget "QLineEdit in QSpinBox#frameSpin".
QString widgetLabel(const QObject* widget) {
  const QString cls = QString::fromLatin1(widget->metaObject()->className());
  if (!widget->objectName().isEmpty()) return cls + "#" + widget->objectName();
  for (const QObject* p = widget->parent(); p; p = p->parent())
    if (!p->objectName().isEmpty())
      return cls + " in " + QString::fromLatin1(p->metaObject()->className()) + "#" + p->objectName();
  return cls;
}
}  // namespace

bool BenchmarkSession::eventFilter(QObject* watched, QEvent* event) {
  if (phase_ != Phase::Measure) return false;
  if (std::find(delivering_.begin(), delivering_.end(), event) != delivering_.end()) return false;
  const bool windowRepaint = event->type() == QEvent::UpdateRequest && watched == &window_;
  const bool panelPaint = event->type() == QEvent::Paint && watched != &window_.viewport() && watched->isWidgetType();
  if (!windowRepaint && !panelPaint) return false;
  QElapsedTimer timer;
  timer.start();
  delivering_.push_back(event);
  QCoreApplication::sendEvent(watched, event);
  delivering_.pop_back();
  const double ms = static_cast<double>(timer.nsecsElapsed()) * 1e-6;
  if (windowRepaint) {
    windowRepaintMs_ += ms;
  } else {
    panelsPaintMs_ += ms;
    ++panelPaints_;
    WidgetPaints& w = paintsByWidget_[widgetLabel(watched)];
    ++w.paints;
    w.ms += ms;
  }
  return true;
}

void BenchmarkSession::onFrame() {
  if (phase_ == Phase::FirstFrame) {
    phase_ = Phase::Settle;
    phaseClock_.start();
    poller_->start();
    return;
  }
  if (phase_ == Phase::MeasureSteps) {
    const double now = static_cast<double>(clock_.nsecsElapsed()) * 1e-6;
    if (warmup_ > 0) {
      --warmup_;
    } else {
      stepIntervals_.push_back(now - lastFrameMs_);
    }
    lastFrameMs_ = now;
    if (static_cast<int>(stepIntervals_.size()) >= options_.frames) return finish();
    stepTimeline();
    return;
  }
  if (phase_ != Phase::Measure && phase_ != Phase::MeasurePasses) return;
  const double now = static_cast<double>(clock_.nsecsElapsed()) * 1e-6;
  const double gui = cpuMs(CLOCK_THREAD_CPUTIME_ID), process = cpuMs(CLOCK_PROCESS_CPUTIME_ID);
  const double interval = now - lastFrameMs_;
  const double guiDelta = gui - lastGuiCpuMs_, processDelta = process - lastProcessCpuMs_;
  lastFrameMs_ = now;
  lastGuiCpuMs_ = gui;
  lastProcessCpuMs_ = process;
  Sample s;
  s.atMs = interval;  // the interval to the previous frame
  s.guiCpuMs = guiDelta;
  s.processCpuMs = processDelta;
  s.viewport = window_.viewport().lastFrameTiming();
  const MainWindow::GeometryHandover& handover = window_.lastGeometryHandover();
  if (handover.frames != handoversSeen_) {
    handoversSeen_ = handover.frames;
    s.geometryLatencyMs = handover.latencyMs;
    s.geometryHandoverMs = handover.handoverMs;
    s.geometryBehindMouseMs = handover.mouseLatencyMs;
  }
  s.panelsPaintMs = std::exchange(panelsPaintMs_, 0.0);
  s.panelPaints = std::exchange(panelPaints_, 0);
  s.windowRepaintMs = std::exchange(windowRepaintMs_, 0.0);
  if (warmup_ > 0) {
    --warmup_;
    return;
  }
  if (phase_ == Phase::MeasurePasses) {
    passSamples_.push_back(s);
    if (static_cast<int>(passSamples_.size()) < std::max(10, options_.frames / 4)) return;
    if (options_.mode == BenchmarkOptions::Mode::Play) return waitForBakeThenStep();
    finish();
    return;
  }
  samples_.push_back(s);
  if (static_cast<int>(samples_.size()) >= options_.frames) {
    // The same gesture goes on; its next frames time every pass (glFinish after each).
    measuredSeconds_ = static_cast<double>(phaseClock_.nsecsElapsed()) * 1e-9;
    phase_ = Phase::MeasurePasses;
    window_.viewport().setPassTiming(true);
    warmup_ = 1;  // the frame in flight was drawn without timing
  }
}

void BenchmarkSession::poll() {
  if (phase_ == Phase::Settle) {
    window_.solver().poll();
    const auto& result = window_.shownResult();
    const bool idle = !result || result->activity == session::SessionActivity::Idle;
    if (!(window_.geometryUpToDate() && (idle || phaseClock_.elapsed() > kSettleMs))) return;
    if (options_.mode == BenchmarkOptions::Mode::Play) {
      auto* timeline = window_.findChild<TimelinePanel*>();
      if (!timeline) return fail("the window has no timeline");
      draggedPart_.clear();
      beginMeasuring();
      timeline->playback().goToStart();
      timeline->playback().play();
      return;
    }
    candidates_ = dragCandidates();
    if (candidates_.empty()) return fail("no part under the view to drag");
    phase_ = Phase::Grab;
    candidate_ = 0;
    tryNextCandidate();
    return;
  }
  if (phase_ == Phase::Grab) {
    window_.solver().poll();
    const auto& result = window_.shownResult();
    if (result && result->activity == session::SessionActivity::Dragging && !result->dragPinned) {
      beginMeasuring();
      mouse_->start();
      return;
    }
    if (phaseClock_.elapsed() < kPressWaitMs) return;
    sendMouse(QEvent::MouseButtonRelease, dragStart_ + QPointF(4, 0));  // pinned or nothing: the next one
    ++candidate_;
    if (candidate_ >= candidates_.size()) return fail("every part under the view is pinned");
    tryNextCandidate();
  }
}

// Pixels to press on, best first: the named part, else a metaball handle, else the parts under
// a grid of pixels nearest the view's centre (one pixel per part).
std::vector<QPointF> BenchmarkSession::dragCandidates() const {
  const Viewport& view = window_.viewport();
  std::vector<QPointF> out;
  const auto project = [&](const Vec3d& world) -> std::optional<QPointF> {
    glm::dvec2 pixel;
    if (!projectToPixel(view.camera(), view.width(), view.height(), glm::dvec3(world.x, world.y, world.z), pixel))
      return std::nullopt;
    if (pixel.x < 0 || pixel.y < 0 || pixel.x >= view.width() || pixel.y >= view.height()) return std::nullopt;
    return QPointF(pixel.x, pixel.y);
  };
  if (options_.part.isEmpty())
    for (const MetaballHandle& handle : window_.displayGeometry().handles)
      if (const auto pixel = project(handle.world); pixel && window_.pickSurface(*pixel)) out.push_back(*pixel);
  std::vector<std::pair<double, QPointF>> grid;
  const QPointF centre(view.width() / 2.0, view.height() / 2.0);
  for (int y = 8; y < view.height(); y += 12)
    for (int x = 8; x < view.width(); x += 12) {
      const QPointF p(x, y);
      grid.push_back({std::hypot(p.x() - centre.x(), p.y() - centre.y()), p});
    }
  std::sort(grid.begin(), grid.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> seen;
  for (const auto& [distance, pixel] : grid) {
    const auto pick = window_.pickSurface(pixel);
    if (!pick || pick->metaballHandle) continue;
    if (!options_.part.isEmpty() && pick->node != options_.part.toStdString()) continue;
    if (std::find(seen.begin(), seen.end(), pick->node) != seen.end()) continue;
    seen.push_back(pick->node);
    out.push_back(pixel);
    if (out.size() >= 12) break;
  }
  return out;
}

void BenchmarkSession::tryNextCandidate() {
  dragStart_ = candidates_[candidate_];
  const auto pick = window_.pickSurface(dragStart_);
  draggedPart_ = pick ? QString::fromStdString(pick->node) : QString();
  metaballHandle_ = pick && pick->metaballHandle;
  phaseClock_.start();
  sendMouse(QEvent::MouseButtonPress, dragStart_);
  sendMouse(QEvent::MouseMove, dragStart_ + QPointF(4, 0));  // past the click tolerance: a drag
}

void BenchmarkSession::beginMeasuring() {
  poller_->stop();
  phase_ = Phase::Measure;
  warmup_ = kWarmupFrames;
  lastFrameMs_ = static_cast<double>(clock_.nsecsElapsed()) * 1e-6;
  lastGuiCpuMs_ = cpuMs(CLOCK_THREAD_CPUTIME_ID);
  lastProcessCpuMs_ = cpuMs(CLOCK_PROCESS_CPUTIME_ID);
  phaseClock_.start();
}

void BenchmarkSession::moveMouse() {
  // A circle through the press point, one turn every kMovesPerTurn moves.
  ++moves_;
  const double angle = 2.0 * std::numbers::pi * moves_ / kMovesPerTurn;
  const QPointF offset(kCircleRadius * (std::cos(angle) - 1.0), kCircleRadius * std::sin(angle));
  sendMouse(QEvent::MouseMove, dragStart_ + QPointF(4, 0) + offset);
}

void BenchmarkSession::sendMouse(int type, const QPointF& position) {
  Viewport& view = window_.viewport();
  const auto eventType = static_cast<QEvent::Type>(type);
  const Qt::MouseButton button = eventType == QEvent::MouseMove ? Qt::NoButton : Qt::LeftButton;
  const Qt::MouseButtons buttons = eventType == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton;
  QMouseEvent event(eventType, position, view.mapToGlobal(position), button, buttons, Qt::NoModifier);
  QApplication::sendEvent(&view, &event);
}

void BenchmarkSession::waitForBakeThenStep() {
  window_.viewport().setPassTiming(false);
  auto* timeline = window_.findChild<TimelinePanel*>();
  if (!timeline) return fail("the window has no timeline");
  TimelinePlayback& playback = timeline->playback();
  playback.pause();
  phase_ = Phase::WaitForBake;
  phaseClock_.start();
  // The pause may have asked for a frame; the rest of the range bakes in the background.
  auto* waiter = new QTimer(this);
  waiter->setInterval(50);
  connect(waiter, &QTimer::timeout, this, [this, waiter, &playback] {
    if (phase_ != Phase::WaitForBake) return waiter->deleteLater();
    const TimelineSettings& tl = playback.timeline();
    bool baked = !playback.isBaking();
    for (int f = tl.startFrame; f <= tl.endFrame && baked; ++f) baked = playback.isCached(f);
    if (!baked) {
      if (!playback.isBaking()) playback.setFrame(tl.endFrame);  // bakes forward to the end
      if (phaseClock_.elapsed() > kRunTimeoutMs / 2) fail("the timeline's range did not finish baking");
      return;
    }
    waiter->deleteLater();
    phase_ = Phase::MeasureSteps;
    warmup_ = kWarmupFrames;
    lastFrameMs_ = static_cast<double>(clock_.nsecsElapsed()) * 1e-6;
    stepTimeline();
  });
  waiter->start();
}

void BenchmarkSession::stepTimeline() {
  auto* timeline = window_.findChild<TimelinePanel*>();
  if (!timeline) return fail("the window has no timeline");
  TimelinePlayback& playback = timeline->playback();
  const TimelineSettings& tl = playback.timeline();
  const int next = playback.currentFrame() >= tl.endFrame ? tl.startFrame : playback.currentFrame() + 1;
  playback.setFrame(next);
}

void BenchmarkSession::finish() {
  const double seconds = measuredSeconds_;
  phase_ = Phase::Done;
  window_.viewport().setPassTiming(false);
  mouse_->stop();
  if (options_.mode == BenchmarkOptions::Mode::Drag) sendMouse(QEvent::MouseButtonRelease, dragStart_);
  if (auto* timeline = window_.findChild<TimelinePanel*>(); timeline && timeline->playback().isPlaying())
    timeline->playback().pause();

  const Viewport& view = window_.viewport();
  QJsonObject out;
  out["scene"] = scenePath_;
  out["mode"] = options_.mode == BenchmarkOptions::Mode::Drag ? "drag" : "play";
  out["frames"] = static_cast<int>(samples_.size());
  out["window"] = QJsonObject{{"width", window_.width()}, {"height", window_.height()}};
  out["viewport"] = QJsonObject{{"width", view.width()}, {"height", view.height()}};
  out["viewport_samples"] = view.samples();  // anti-aliasing (viewport/gl_format.h)
  if (!view.glRenderer().isEmpty()) out["gl_renderer"] = view.glRenderer();
  out["load_average"] = loadAverage();
  if (options_.mode == BenchmarkOptions::Mode::Drag) {
    out["part"] = draggedPart_;
    out["metaball_handle"] = metaballHandle_;
    out["mouse_moves"] = moves_;
  } else {
    out["timeline_frames_shown"] = timelineFramesShown_;
    if (auto* timeline = window_.findChild<TimelinePanel*>()) {
      const double rate = timeline->playback().timeline().fps;
      out["timeline_fps"] = rate;
      // Frames the playhead passed over at the timeline's rate without showing them.
      const int due = static_cast<int>(std::floor(seconds * rate));
      out["timeline_frames_dropped"] = std::max(0, due - timelineFramesShown_);
    }
    double sum = 0.0;
    for (double v : stepIntervals_) sum += v;
    out["max_fps"] = sum > 0.0 ? std::round(10000.0 * static_cast<double>(stepIntervals_.size()) / sum) / 10.0 : 0.0;
    out["max_fps_frames"] = static_cast<int>(stepIntervals_.size());
    out["max_fps_frame_interval_ms"] = statistics(stepIntervals_);
  }
  out["seconds"] = std::round(seconds * 1000.0) / 1000.0;
  std::vector<double> interval, gui, process, latency, handover, uploadMeshes, uploadStyles, uploadOverlays, render,
      paint, background, meshes, grid, overlays, volumes, gizmo, panels, repaint, panelPaints, overlayUploads;
  std::vector<double> behindMouse;
  int geometryFrames = 0, partialFrames = 0;
  std::vector<double> drawnFraction, drawnRectangles;
  for (const Sample& s : samples_) {
    partialFrames += s.viewport.drawing.kind == FrameDrawing::Kind::Partial;
    if (s.viewport.drawing.kind == FrameDrawing::Kind::Partial) drawnRectangles.push_back(s.viewport.drawing.rectangles);
    drawnFraction.push_back(s.viewport.drawnFraction);
    interval.push_back(s.atMs);
    gui.push_back(s.guiCpuMs);
    process.push_back(s.processCpuMs);
    if (s.viewport.newGeometry) {
      ++geometryFrames;
      uploadMeshes.push_back(s.viewport.uploadMeshesMs);
    }
    if (s.geometryLatencyMs > 0.0) {
      latency.push_back(s.geometryLatencyMs);
      handover.push_back(s.geometryHandoverMs);
    }
    if (s.geometryBehindMouseMs >= 0.0) behindMouse.push_back(s.geometryBehindMouseMs);
    uploadStyles.push_back(s.viewport.uploadStylesMs);
    uploadOverlays.push_back(s.viewport.uploadOverlaysMs);
    overlayUploads.push_back(s.viewport.overlayUploads);
    render.push_back(s.viewport.renderMs);
    paint.push_back(s.viewport.paintMs);
    panels.push_back(s.panelsPaintMs);
    panelPaints.push_back(s.panelPaints);
    repaint.push_back(s.windowRepaintMs);
  }
  for (const Sample& s : passSamples_) {
    background.push_back(s.viewport.passes.background);
    meshes.push_back(s.viewport.passes.meshes);
    grid.push_back(s.viewport.passes.grid);
    overlays.push_back(s.viewport.passes.overlays);
    volumes.push_back(s.viewport.passes.volumes);
    gizmo.push_back(s.viewport.passes.gizmo);
  }
  out["pass_timing_frames"] = static_cast<int>(passSamples_.size());
  double meanInterval = 0.0;
  for (double v : interval) meanInterval += v;
  meanInterval /= std::max<std::size_t>(1, interval.size());
  out["fps"] = meanInterval > 0.0 ? std::round(10000.0 / meanInterval) / 10.0 : 0.0;
  out["geometry_frames"] = geometryFrames;
  // How far the shown geometry is behind the mouse (issue 29): from the mouse move a new frame
  // answers to its handover to the viewport, the solve included (geometry_latency starts at the
  // geometry's request, after the solve). Only frames that answer a move of this drag count.
  out["geometry_behind_mouse_ms"] = statistics(behindMouse);
  // Frames that redrew only the pixels that changed (frame_damage.h), and the share of the
  // viewport's pixels each frame drew.
  out["partial_frames"] = partialFrames;
  out["drawn_fraction"] = statistics(drawnFraction);
  out["drawn_rectangles"] = statistics(drawnRectangles);  // per partial frame
  out["frame_interval_ms"] = statistics(interval);
  out["gui_cpu_ms_per_frame"] = statistics(gui);
  out["process_cpu_ms_per_frame"] = statistics(process);
  QJsonObject breakdown;
  breakdown["geometry_latency"] = statistics(latency);
  breakdown["geometry_handover"] = statistics(handover);
  breakdown["upload_meshes"] = statistics(uploadMeshes);
  breakdown["upload_styles"] = statistics(uploadStyles);
  breakdown["upload_overlays"] = statistics(uploadOverlays);
  breakdown["render"] = statistics(render);
  breakdown["pass_background"] = statistics(background);
  breakdown["pass_meshes"] = statistics(meshes);
  breakdown["pass_grid"] = statistics(grid);
  breakdown["pass_overlays"] = statistics(overlays);
  breakdown["pass_volumes"] = statistics(volumes);
  breakdown["pass_gizmo"] = statistics(gizmo);
  breakdown["paint_viewport"] = statistics(paint);
  breakdown["panels_paint"] = statistics(panels);
  breakdown["window_repaint"] = statistics(repaint);
  out["breakdown_ms"] = breakdown;
  out["overlay_uploads_per_frame"] = statistics(overlayUploads);
  out["panel_paints_per_frame"] = statistics(panelPaints);
  // The 12 widgets whose paints took longest, per measured frame.
  std::vector<std::pair<QString, WidgetPaints>> widgets(paintsByWidget_.begin(), paintsByWidget_.end());
  std::sort(widgets.begin(), widgets.end(), [](const auto& a, const auto& b) { return a.second.ms > b.second.ms; });
  if (widgets.size() > 12) widgets.resize(12);
  const double frames = std::max<std::size_t>(1, samples_.size());
  QJsonObject byWidget;
  for (const auto& [label, w] : widgets)
    byWidget[label] = QJsonObject{{"paints_per_frame", w.paints / frames}, {"ms_per_frame", w.ms / frames}};
  out["panel_paints_by_widget"] = byWidget;
  QTextStream(stdout) << QJsonDocument(out).toJson(QJsonDocument::Indented);
  emit finished(0);
}

void BenchmarkSession::fail(const QString& message) {
  if (phase_ == Phase::Done) return;
  phase_ = Phase::Done;
  poller_->stop();
  mouse_->stop();
  QTextStream(stderr) << "flexure: benchmark failed: " << message << "\n";
  emit finished(1);
}

}  // namespace flexure::app
