// flexure: the desktop application. See window/app_options.h for the command line.
#include <QApplication>
#include <QMessageBox>
#include <QTextStream>
#include <QTimer>

#include "flexure/modules.h"
#include "viewport/gl_format.h"
#include "window/app_options.h"
#include "window/benchmark_session.h"
#include "window/main_window.h"
#include "window/screenshot_session.h"

int main(int argc, char** argv) {
  flexure::app::installDefaultGlFormat();  // before QApplication (Qt's rule for shared contexts)
  QApplication app(argc, argv);
  QApplication::setOrganizationName("Flexure");
  QApplication::setApplicationName("Flexure");
  QApplication::setApplicationVersion(FLEXURE_VERSION);

  int exitCode = 0;
  const auto options = flexure::app::parseAppOptions(QApplication::arguments(), exitCode);
  if (!options) return exitCode;
  flexure::registerAllModules();

  flexure::app::MainWindow window;
  const bool screenshot = !options->screenshotPath.isEmpty();
  const bool benchmark = !options->benchmark.isEmpty();
  // A screenshot shows the file after exactly --after-steps solver steps, not whatever the
  // live solver reached by the time the window painted.
  if (screenshot) window.setSolveOnOpen(false);
  if (!options->file.isEmpty()) {
    QString error;
    if (!window.openFile(options->file, error)) {
      QTextStream(stderr) << error << "\n";
      if (screenshot || benchmark) return 1;
      QMessageBox::warning(&window, QObject::tr("Cannot open file"), error);
    }
  }
  if (benchmark) {
    // Issue 17's setting: a 1400×900 window (the stored window geometry does not apply).
    window.resize(1400, 900);
    window.show();
    flexure::app::BenchmarkOptions bench;
    bench.mode = options->benchmark == "play" ? flexure::app::BenchmarkOptions::Mode::Play
                                              : flexure::app::BenchmarkOptions::Mode::Drag;
    bench.frames = options->benchmarkFrames;
    bench.part = options->benchmarkPart;
    flexure::app::BenchmarkSession session(window, bench, options->file);
    QObject::connect(&session, &flexure::app::BenchmarkSession::finished, &app,
                     [](int code) { QApplication::exit(code); });
    session.start();
    return QApplication::exec();
  }
  window.show();
  if (!screenshot) {
    // Autosaved work of a session that crashed is offered once the window is up.
    QTimer::singleShot(0, &window, &flexure::app::MainWindow::offerRecovery);
    return QApplication::exec();
  }

  flexure::app::ScreenshotSession session(window, options->screenshotPath, options->afterSteps);
  QObject::connect(&session, &flexure::app::ScreenshotSession::finished, &app,
                   [](int code) { QApplication::exit(code); });
  session.start();
  return QApplication::exec();
}
