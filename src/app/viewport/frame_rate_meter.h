#pragma once
// The frame-time readout's arithmetic (View ▸ Frame Time Readout): frames per second and the
// mean frame interval and paint time over the last second of painted frames. Steady: it keeps
// reporting the last second that had frames until `idleAfter` seconds pass without one, so the
// figure neither blinks out between two frames of a slow drag nor drops to 0 while the mouse
// pauses for a moment.
#include <deque>
#include <optional>

namespace flexure::app {

class FrameRateMeter {
 public:
  struct Reading {
    double framesPerSecond = 0.0;
    double frameIntervalMs = 0.0;  // mean time between consecutive frames
    double paintMs = 0.0;          // mean GUI-thread time of a paint (Viewport::paintGL)
  };
  // A frame painted at `seconds` (any monotonic clock) that took `paintMs` to paint.
  void addFrame(double seconds, double paintMs);
  // The reading at `seconds`, or nullopt when no frame was painted within `idleAfter` seconds.
  std::optional<Reading> reading(double seconds, double idleAfter = 2.0) const;

 private:
  struct Frame {
    double seconds;
    double paintMs;
  };
  static constexpr double kWindowSeconds = 1.0;
  std::deque<Frame> frames_;
};

}  // namespace flexure::app
