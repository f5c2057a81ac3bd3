#include "window/app_options.h"

#include <QCommandLineParser>
#include <QTextStream>

#include "viewport/gl_format.h"

namespace flexure::app {

std::optional<AppOptions> parseAppOptions(const QStringList& arguments, int& exitCode) {
  QCommandLineParser parser;
  parser.setApplicationDescription(
      "Flexure: modeling and animating with constraints.\n"
      "Opens FILE (a Flexure scene .json, or an importable file such as .obj) in the main window.");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("FILE", "Scene file to open (optional).", "[FILE]");
  const QCommandLineOption screenshot(
      "screenshot", "Render the window, write it to OUT.png and exit (works under xvfb-run).", "OUT.png");
  const QCommandLineOption afterSteps(
      "after-steps", "With --screenshot: run N solver steps before taking the picture (default 0).", "N", "0");
  parser.addOption(screenshot);
  parser.addOption(afterSteps);
  const QCommandLineOption benchmarkDrag(
      "benchmark-drag",
      "Open FILE in a 1400x900 window, drag a part (a metaball handle, or the part nearest the centre) on a "
      "circle, print the frame times as JSON and exit (run under xvfb-run).");
  const QCommandLineOption benchmarkPlay("benchmark-play",
                                         "Like --benchmark-drag, but play the timeline instead of dragging.");
  const QCommandLineOption benchmarkFrames("benchmark-frames", "With --benchmark-drag/-play: frames to measure (default 120).",
                                           "N", "120");
  const QCommandLineOption benchmarkPart("benchmark-part", "With --benchmark-drag: the node to drag.", "NODE");
  parser.addOption(benchmarkDrag);
  parser.addOption(benchmarkPlay);
  parser.addOption(benchmarkFrames);
  parser.addOption(benchmarkPart);
  const QCommandLineOption viewportSamples(
      "viewport-samples",
      "Multisampling of the viewport for this run: 0 (off), 2, 4 or 8 (default: the preference, Automatic = 4, or "
      "0 under a software rasterizer such as llvmpipe).",
      "N");
  parser.addOption(viewportSamples);

  QTextStream err(stderr);
  if (!parser.parse(arguments)) {
    err << parser.errorText() << "\n" << "Try 'flexure --help'.\n";
    exitCode = 2;
    return std::nullopt;
  }
  if (parser.isSet("help")) {
    QTextStream(stdout) << parser.helpText();
    exitCode = 0;
    return std::nullopt;
  }
  if (parser.isSet("version")) {
    parser.showVersion();  // exits
  }
  AppOptions options;
  const QStringList positional = parser.positionalArguments();
  if (positional.size() > 1) {
    err << "flexure: expected at most one FILE, got " << positional.size() << "\nTry 'flexure --help'.\n";
    exitCode = 2;
    return std::nullopt;
  }
  if (!positional.isEmpty()) options.file = positional.front();
  options.screenshotPath = parser.value(screenshot);
  bool ok = false;
  options.afterSteps = parser.value(afterSteps).toInt(&ok);
  if (!ok || options.afterSteps < 0) {
    err << "flexure: --after-steps expects a non-negative integer, got \"" << parser.value(afterSteps) << "\"\n";
    exitCode = 2;
    return std::nullopt;
  }
  if (parser.isSet(afterSteps) && options.screenshotPath.isEmpty()) {
    err << "flexure: --after-steps only makes sense with --screenshot\n";
    exitCode = 2;
    return std::nullopt;
  }
  if (parser.isSet(benchmarkDrag) && parser.isSet(benchmarkPlay)) {
    err << "flexure: choose one of --benchmark-drag and --benchmark-play\n";
    exitCode = 2;
    return std::nullopt;
  }
  if (parser.isSet(benchmarkDrag)) options.benchmark = "drag";
  if (parser.isSet(benchmarkPlay)) options.benchmark = "play";
  if (!options.benchmark.isEmpty() && (!options.screenshotPath.isEmpty() || options.file.isEmpty())) {
    err << "flexure: a benchmark needs a FILE and no --screenshot\n";
    exitCode = 2;
    return std::nullopt;
  }
  if ((parser.isSet(benchmarkFrames) || parser.isSet(benchmarkPart)) && options.benchmark.isEmpty()) {
    err << "flexure: --benchmark-frames and --benchmark-part only make sense with --benchmark-drag or --benchmark-play\n";
    exitCode = 2;
    return std::nullopt;
  }
  options.benchmarkFrames = parser.value(benchmarkFrames).toInt(&ok);
  if (!ok || options.benchmarkFrames < 1) {
    err << "flexure: --benchmark-frames expects a positive integer, got \"" << parser.value(benchmarkFrames) << "\"\n";
    exitCode = 2;
    return std::nullopt;
  }
  options.benchmarkPart = parser.value(benchmarkPart);
  if (parser.isSet(viewportSamples)) {
    options.viewportSamples = parser.value(viewportSamples).toInt(&ok);
    if (!ok || !isViewportSampleCount(options.viewportSamples)) {
      err << "flexure: --viewport-samples expects 0, 2, 4 or 8, got \"" << parser.value(viewportSamples) << "\"\n";
      exitCode = 2;
      return std::nullopt;
    }
  }
  return options;
}

}  // namespace flexure::app
