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
