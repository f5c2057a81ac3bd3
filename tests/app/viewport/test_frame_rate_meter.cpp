// The frame-time readout's arithmetic (frame_rate_meter.h): steady figures, no blinking.
#include <catch2/catch.hpp>

#include "viewport/frame_rate_meter.h"

using flexure::app::FrameRateMeter;

TEST_CASE("the frame-rate meter reports the last second of frames and holds it between frames",
          "[app][viewport][readout]") {
  FrameRateMeter meter;
  CHECK_FALSE(meter.reading(0.0));
  // 25 frames per second for two seconds, each painted in 4 ms.
  for (int i = 0; i <= 50; ++i) meter.addFrame(i * 0.04, 4.0);
  auto r = meter.reading(2.0);
  REQUIRE(r);
  CHECK(r->framesPerSecond == Approx(25.0));
  CHECK(r->frameIntervalMs == Approx(40.0));
  CHECK(r->paintMs == Approx(4.0));
  // A pause of the mouse shorter than the idle time keeps the figure (no blink, no drop to 0).
  r = meter.reading(3.5);
  REQUIRE(r);
  CHECK(r->framesPerSecond == Approx(25.0));
  // Then it says there are no frames.
  CHECK_FALSE(meter.reading(4.5));
  // Faster frames replace the old second of frames.
  for (int i = 1; i <= 100; ++i) meter.addFrame(4.5 + i * 0.01, 2.0);
  r = meter.reading(5.5);
  REQUIRE(r);
  CHECK(r->framesPerSecond == Approx(100.0).epsilon(0.02));
  CHECK(r->paintMs == Approx(2.0));
}
