#include "screenshot_session.h"

#include <QPixmap>
#include <QTextStream>
#include <QTimer>

#include "main_window.h"
#include "viewport.h"

namespace flexure::app {
namespace {
// Without any frame within this time there is no working OpenGL (e.g. no X server).
constexpr int kFrameTimeoutMs = 30000;
}  // namespace

ScreenshotSession::ScreenshotSession(MainWindow& window, QString path, int steps, QObject* parent)
    : QObject(parent), window_(window), path_(std::move(path)), stepsLeft_(steps) {}

void ScreenshotSession::start() {
  connect(&window_.viewport(), &Viewport::frameRendered, this, &ScreenshotSession::onFrame, Qt::QueuedConnection);
  connect(&window_.viewport(), &Viewport::renderFailed, this, &ScreenshotSession::fail);
  QTimer::singleShot(kFrameTimeoutMs, this, [this] {
    if (framesSeen_ == 0) fail("the viewport never rendered a frame (is there an X display with OpenGL?)");
  });
  window_.viewport().update();
}

void ScreenshotSession::onFrame() {
  if (done_) return;
  ++framesSeen_;
  if (stepsLeft_ > 0) {
    --stepsLeft_;
    window_.stepSolvers();
    window_.viewport().update();  // the next frame continues the session
    return;
  }
  capture();
}

void ScreenshotSession::capture() {
  done_ = true;
  // grab() renders the window, the viewport included (QOpenGLWidget renders itself into it).
  const QPixmap picture = window_.grab();
  if (picture.isNull() || !picture.save(path_, "PNG")) {
    fail("cannot write the screenshot to " + path_);
    return;
  }
  QTextStream(stdout) << "wrote " << path_ << " (" << picture.width() << "x" << picture.height() << ")\n";
  emit finished(0);
}

void ScreenshotSession::fail(const QString& message) {
  if (done_ && !message.startsWith("cannot write")) return;
  done_ = true;
  QTextStream(stderr) << "flexure: screenshot failed: " << message << "\n";
  emit finished(1);
}

}  // namespace flexure::app
