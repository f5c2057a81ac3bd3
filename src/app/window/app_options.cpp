#include "window/app_options.h"

#include <QCommandLineParser>
#include <QTextStream>

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
  return options;
}

}  // namespace flexure::app
