// flexure: the desktop application. See window/app_options.h for the command line.
#include <QApplication>
#include <QCoreApplication>
#include <QMessageBox>
#include <QTextStream>
#include <QTimer>
#include <cstdio>
#include <string_view>

#include <malloc.h>

#include "flexure/core/version.h"
#include "flexure/modules.h"
#include "viewport/gl_availability.h"
#include "viewport/gl_format.h"
#include "viewport/viewport.h"
#include "window/app_options.h"
#include "window/benchmark_session.h"
#include "window/gl_unavailable_dialog.h"
#include "window/main_window.h"
#include "window/screenshot_session.h"

int main(int argc, char** argv) {
  // Every frame of a drag allocates and frees the same large buffers (meshes of hundreds of
  // kilobytes on the geometry worker and the GUI thread, the rasterizer's vertex and index
  // storage). glibc hands blocks above its mmap threshold back to the kernel on free and trims the
  // heap's top, so each frame faulted its buffers in again page by page, zero-filled: 16 % of the
  // GUI thread while dragging metaball-mes-curve's sheet (perf: clear_page_erms, exc_page_fault).
  // Kept in the process instead, they are reused; the cost is memory held after a large scene is
  // closed (up to the largest frame's working set).
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // the largest glibc accepts on 64-bit systems
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  QCoreApplication::setOrganizationName("Flexure");
  QCoreApplication::setApplicationName("Flexure");
  QCoreApplication::setApplicationVersion(FLEXURE_VERSION);
  // --help and --version need no display: they run before QApplication opens one (help2man runs
  // them at build time to write the man page, on machines without X).
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-v" || arg == "--version") {  // the program's name, as man pages and GNU tools say it
      std::printf("flexure %s\n", FLEXURE_VERSION);
      return 0;
    }
    if (arg == "-h" || arg == "-?" || arg == "--help" || arg == "--help-all") {
      const QCoreApplication noDisplay(argc, argv);
      int exitCode = 0;
      flexure::app::parseAppOptions(QCoreApplication::arguments(), exitCode);  // prints, sets exitCode
      return exitCode;
    }
  }
  flexure::app::installDefaultGlFormat();  // before QApplication (Qt's rule for shared contexts)
  flexure::app::installPromptFrameUpdates();
  QApplication app(argc, argv);
  // The installed desktop entry's name (docs/install.md), so desktops match the window to its icon.
  QGuiApplication::setDesktopFileName(QString::fromUtf8(flexure::applicationId().data(),
                                                        static_cast<int>(flexure::applicationId().size())));

  int exitCode = 0;
  const auto options = flexure::app::parseAppOptions(QApplication::arguments(), exitCode);
  if (!options) return exitCode;
  flexure::registerAllModules();
  const bool screenshot = !options->screenshotPath.isEmpty();
  const bool benchmark = !options->benchmark.isEmpty();
  // No OpenGL 3.3 context on this display (Qt's offscreen platform, a session without GLX, an
  // old driver): said once, on stderr and in one dialog, and the window works without its 3D
  // view. A screenshot or a benchmark needs the picture: they stop with exit code 1.
  const flexure::app::GlAvailability gl = flexure::app::checkGlAvailability();
  if (!gl.usable) {
    QTextStream(stderr) << "flexure: " << gl.message() << "\n";
    if (screenshot || benchmark) return 1;
  }

  flexure::app::MainWindow window;
  if (!gl.usable) window.viewport().setUnavailable(gl.message());
  // A screenshot shows the file after exactly --after-steps solver steps, not whatever the
  // live solver reached by the time the window painted.
  if (screenshot) window.setSolveOnOpen(false);
  // A picture for documents and reports is smoothed whatever the renderer (gl_format.h).
  if (screenshot) window.viewport().setSamples(flexure::app::kAntialiasHardwareSamples);
  if (options->viewportSamples >= 0) window.viewport().setSamples(options->viewportSamples);
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
  if (!gl.usable) QTimer::singleShot(0, &window, [&window, &gl] { flexure::app::showGlUnavailableDialog(window, gl); });
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
