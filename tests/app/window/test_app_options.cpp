#include <catch2/catch.hpp>

#include "window/app_options.h"

using flexure::app::parseAppOptions;

TEST_CASE("command line: optional file, screenshot and step count", "[app][options]") {
  int exitCode = -1;
  auto options = parseAppOptions({"flexure"}, exitCode);
  REQUIRE(options);
  CHECK(options->file.isEmpty());
  CHECK(options->screenshotPath.isEmpty());

  options = parseAppOptions({"flexure", "scenes/pipe.json", "--screenshot", "out.png", "--after-steps", "12"}, exitCode);
  REQUIRE(options);
  CHECK(options->file == "scenes/pipe.json");
  CHECK(options->screenshotPath == "out.png");
  CHECK(options->afterSteps == 12);
}

TEST_CASE("command line: usage errors exit with code 2", "[app][options]") {
  int exitCode = -1;
  CHECK_FALSE(parseAppOptions({"flexure", "a.json", "b.json"}, exitCode));
  CHECK(exitCode == 2);
  exitCode = -1;
  CHECK_FALSE(parseAppOptions({"flexure", "--screenshot", "x.png", "--after-steps", "-3"}, exitCode));
  CHECK(exitCode == 2);
  exitCode = -1;
  CHECK_FALSE(parseAppOptions({"flexure", "--after-steps", "3"}, exitCode));  // no --screenshot
  CHECK(exitCode == 2);
  exitCode = -1;
  CHECK_FALSE(parseAppOptions({"flexure", "--no-such-flag"}, exitCode));
  CHECK(exitCode == 2);
}

TEST_CASE("command line: the window benchmark's flags", "[app][options][benchmark]") {
  int exitCode = -1;
  auto options = parseAppOptions({"flexure", "scenes/pipefitting.json", "--benchmark-drag"}, exitCode);
  REQUIRE(options);
  CHECK(options->benchmark == "drag");
  CHECK(options->benchmarkFrames == 120);
  CHECK(options->benchmarkPart.isEmpty());
  options = parseAppOptions({"flexure", "a.json", "--benchmark-play", "--benchmark-frames", "40"}, exitCode);
  REQUIRE(options);
  CHECK(options->benchmark == "play");
  CHECK(options->benchmarkFrames == 40);
  options = parseAppOptions({"flexure", "a.json", "--benchmark-drag", "--benchmark-part", "pipe"}, exitCode);
  REQUIRE(options);
  CHECK(options->benchmarkPart == "pipe");
  // Usage errors: both modes, no file, with a screenshot, a count without a benchmark, a bad count.
  for (const QStringList& bad : {QStringList{"flexure", "a.json", "--benchmark-drag", "--benchmark-play"},
                                 QStringList{"flexure", "--benchmark-drag"},
                                 QStringList{"flexure", "a.json", "--benchmark-drag", "--screenshot", "x.png"},
                                 QStringList{"flexure", "a.json", "--benchmark-frames", "10"},
                                 QStringList{"flexure", "a.json", "--benchmark-play", "--benchmark-frames", "0"}}) {
    exitCode = -1;
    CHECK_FALSE(parseAppOptions(bad, exitCode));
    CHECK(exitCode == 2);
  }
}

TEST_CASE("command line: the viewport's multisampling for one run", "[app][options]") {
  int exitCode = -1;
  auto options = parseAppOptions({"flexure", "a.json"}, exitCode);
  REQUIRE(options);
  CHECK(options->viewportSamples == -1);  // the preference
  options = parseAppOptions({"flexure", "a.json", "--benchmark-drag", "--viewport-samples", "4"}, exitCode);
  REQUIRE(options);
  CHECK(options->viewportSamples == 4);
  options = parseAppOptions({"flexure", "--viewport-samples", "0"}, exitCode);
  REQUIRE(options);
  CHECK(options->viewportSamples == 0);
  for (const char* bad : {"3", "-1", "16", "four"}) {
    exitCode = -1;
    CHECK_FALSE(parseAppOptions({"flexure", "--viewport-samples", bad}, exitCode));
    CHECK(exitCode == 2);
  }
}
