#pragma once
// `flexure FILE --screenshot OUT.png --after-steps N`: the window opens the scene with the live
// solver paused; once the viewport has painted the document, the solver thread is asked for
// exactly N bounded steps (session::Step{N}); when their result has arrived and the geometry
// of that Ψ is on screen, the whole window is grabbed (QWidget::grab) and written as PNG.
// finished() carries the process exit code. Nothing here waits: a timer polls.
#include <QObject>
#include <QString>
#include <cstdint>

class QTimer;

namespace flexure::app {

class MainWindow;

class ScreenshotSession : public QObject {
  Q_OBJECT

 public:
  ScreenshotSession(MainWindow& window, QString path, int steps, QObject* parent = nullptr);
  // Starts when the window is shown; returns immediately.
  void start();

 signals:
  void finished(int exitCode);

 private:
  enum class Phase { FirstFrame, Stepping, Geometry, FinalFrame, Done };
  void onFrame();
  void poll();
  void capture();
  void fail(const QString& message);

  MainWindow& window_;
  QString path_;
  int steps_;
  Phase phase_ = Phase::FirstFrame;
  std::uint64_t resultBefore_ = 0;  // the session's newest result when Step was sent
  QTimer* poller_ = nullptr;
};

}  // namespace flexure::app
