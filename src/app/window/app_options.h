#pragma once
// The GUI's command line: flexure [FILE] [--screenshot OUT.png [--after-steps N]]
//   [--benchmark-drag | --benchmark-play [--benchmark-frames N] [--benchmark-part NODE]]
//   [--viewport-samples N].
#include <QString>
#include <QStringList>
#include <optional>

namespace flexure::app {

struct AppOptions {
  QString file;            // empty: start with an empty scene
  QString screenshotPath;  // non-empty: grab the window into this PNG and exit
  int afterSteps = 0;      // solver steps to run before the screenshot
  // Window benchmark (window/benchmark_session.h): "drag", "play" or empty (none).
  QString benchmark;
  int benchmarkFrames = 120;
  QString benchmarkPart;  // the node to drag (empty: chosen by the benchmark)
  // --viewport-samples: the viewport's multisampling for this run (gl_format.h), overriding
  // the preference; -1: the preference.
  int viewportSamples = -1;
};

// Parses the arguments (argv[0] first). On --help/--version prints and returns nullopt with
// exitCode 0; on a usage error prints the message and returns nullopt with exitCode 2.
std::optional<AppOptions> parseAppOptions(const QStringList& arguments, int& exitCode);

}  // namespace flexure::app
