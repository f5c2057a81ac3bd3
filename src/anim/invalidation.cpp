#include "flexure/anim/invalidation.h"

#include <algorithm>
#include <cmath>

#include "flexure/anim/timeline_settings.h"
#include "flexure/anim/track_binding.h"
#include "flexure/core/constraint.h"

namespace flexure {

std::optional<int> firstFrameAfterTime(const TimelineSettings& timeline, double t) {
  if (t == std::numeric_limits<double>::infinity()) return std::nullopt;
  if (t == -std::numeric_limits<double>::infinity()) return timeline.startFrame;
  // Frames before t keep their values; the frame at t itself is included (its value may differ
  // in the last bits, e.g. a Bezier segment evaluated at its first key), and so is a frame
  // within a rounding margin after t.
  const double frames = std::ceil(t * timeline.fps - 1e-6);
  if (frames < timeline.startFrame) return timeline.startFrame;
  return static_cast<int>(std::min(frames, 1e9));
}

std::optional<int> firstInvalidFrameForKeyEdit(const TimelineSettings& timeline, const Track* before, const Track* after) {
  if (!before && !after) return std::nullopt;
  Track empty;
  empty.target = before ? before->target : after->target;
  empty.kind = before ? before->kind : after->kind;
  empty.channels = before ? before->channels : after->channels;
  const Track& b = before ? *before : empty;
  const Track& a = after ? *after : empty;
  // An empty track writes nothing: going to or from no keys changes everything.
  if (b.keys.empty() != a.keys.empty()) return timeline.startFrame;
  return firstFrameAfterTime(timeline, firstChangedTime(b, a));
}

std::optional<int> firstInvalidFrameForConstraintEdit(const TimelineSettings& timeline, const Constraint& before,
                                                      const Constraint& after) {
  const double begin = std::min(before.active.begin, after.active.begin);
  return firstFrameAfterTime(timeline, std::isfinite(begin) ? begin : -std::numeric_limits<double>::infinity());
}

std::optional<int> firstInvalidFrameForParameterEdit(const TimelineSettings& timeline, const TrackBinding& binding,
                                                     int psiIndex) {
  if (binding.isKeyed(psiIndex)) return std::nullopt;
  return timeline.startFrame;
}

int firstInvalidFrameForGlobalEdit(const TimelineSettings& timeline) { return timeline.startFrame; }

}  // namespace flexure
