#pragma once
// `flexure FILE --screenshot OUT.png --after-steps N`: waits until the viewport has painted,
// runs N solver steps (each followed by a repaint), grabs the whole window (QWidget::grab) and
// writes the PNG. finished() carries the process exit code.
#include <QObject>
#include <QString>

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
  void onFrame();
  void capture();
  void fail(const QString& message);

  MainWindow& window_;
  QString path_;
  int stepsLeft_;
  int framesSeen_ = 0;
  bool done_ = false;
};

}  // namespace flexure::app
