#include "viewport/frame_rate_meter.h"

namespace flexure::app {

void FrameRateMeter::addFrame(double seconds, double paintMs) {
  frames_.push_back({seconds, paintMs});
  // Keep the last second of frames, and always at least two for an interval.
  while (frames_.size() > 2 && frames_.back().seconds - frames_.front().seconds > kWindowSeconds) frames_.pop_front();
}

std::optional<FrameRateMeter::Reading> FrameRateMeter::reading(double seconds, double idleAfter) const {
  if (frames_.empty() || seconds - frames_.back().seconds > idleAfter) return std::nullopt;
  Reading r;
  double paint = 0.0;
  for (const Frame& f : frames_) paint += f.paintMs;
  r.paintMs = paint / static_cast<double>(frames_.size());
  if (frames_.size() >= 2) {
    const double span = frames_.back().seconds - frames_.front().seconds;
    const double intervals = static_cast<double>(frames_.size() - 1);
    if (span > 0.0) {
      r.frameIntervalMs = 1000.0 * span / intervals;
      r.framesPerSecond = intervals / span;
    }
  }
  return r;
}

}  // namespace flexure::app
