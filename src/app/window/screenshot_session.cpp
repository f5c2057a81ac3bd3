#include "window/screenshot_session.h"

#include <QPainter>
#include <QPixmap>
#include <QTextStream>
#include <QTimer>

#include "flexure/session/session_result.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "window/solver_link.h"

namespace flexure::app {
namespace {
// Without any frame within this time there is no working OpenGL (e.g. no X server).
constexpr int kFrameTimeoutMs = 30000;
constexpr int kPollMs = 5;
}  // namespace

ScreenshotSession::ScreenshotSession(MainWindow& window, QString path, int steps, QObject* parent)
    : QObject(parent), window_(window), path_(std::move(path)), steps_(steps), poller_(new QTimer(this)) {
  poller_->setInterval(kPollMs);
  connect(poller_, &QTimer::timeout, this, &ScreenshotSession::poll);
}

void ScreenshotSession::start() {
  connect(&window_.viewport(), &Viewport::frameRendered, this, &ScreenshotSession::onFrame, Qt::QueuedConnection);
  connect(&window_.viewport(), &Viewport::renderFailed, this, &ScreenshotSession::fail);
  QTimer::singleShot(kFrameTimeoutMs, this, [this] {
    if (phase_ == Phase::FirstFrame) fail("the viewport never rendered a frame (is there an X display with OpenGL?)");
  });
  window_.viewport().update();
}

void ScreenshotSession::onFrame() {
  if (phase_ == Phase::FirstFrame) {
    // The document is on screen (frames are counted only once its geometry is shown).
    if (steps_ == 0) {
      capture();
      return;
    }
    const auto latest = window_.solver().latest();
    resultBefore_ = latest ? latest->sequence : 0;
    window_.solver().send(session::Step{steps_});
    phase_ = Phase::Stepping;
    poller_->start();
  } else if (phase_ == Phase::FinalFrame) {
    capture();
  }
}

void ScreenshotSession::poll() {
  if (phase_ == Phase::Stepping) {
    // Poll the link now rather than at its own timer's next tick.
    window_.solver().poll();
    const auto& result = window_.shownResult();
    if (!result || result->sequence <= resultBefore_ || result->activity == session::SessionActivity::Stepping) return;
    window_.rebuildGeometry();  // of the Ψ the steps left in the document
    phase_ = Phase::Geometry;
  }
  if (phase_ == Phase::Geometry && window_.geometryUpToDate()) {
    poller_->stop();
    phase_ = Phase::FinalFrame;
    window_.viewport().update();
  }
}

void ScreenshotSession::capture() {
  phase_ = Phase::Done;
  // grab() renders the window's widgets; the viewport's picture is a native OpenGL window
  // (viewport.h) that it does not see, so the picture is drawn over the viewport's place.
  QPixmap picture = window_.grab();
  Viewport& view = window_.viewport();
  const QImage frame = view.grabFramebuffer();
  if (!picture.isNull() && !frame.isNull()) {
    QPainter painter(&picture);
    painter.drawImage(QRect(view.mapTo(&window_, QPoint(0, 0)), view.size()), frame);
  }
  if (picture.isNull() || !picture.save(path_, "PNG")) {
    fail("cannot write the screenshot to " + path_);
    return;
  }
  QTextStream(stdout) << "wrote " << path_ << " (" << picture.width() << "x" << picture.height() << ")\n";
  emit finished(0);
}

void ScreenshotSession::fail(const QString& message) {
  if (phase_ == Phase::Done && !message.startsWith("cannot write")) return;
  phase_ = Phase::Done;
  QTextStream(stderr) << "flexure: screenshot failed: " << message << "\n";
  emit finished(1);
}

}  // namespace flexure::app
