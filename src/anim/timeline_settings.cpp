#include "flexure/anim/timeline_settings.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "flexure/core/scene.h"

namespace flexure {

namespace {

// Limits on what a file may ask of the timeline (docs/scene-format.md, "Limits"): frames are
// baked one by one and cached, keys are searched at every frame. A million frames is eleven
// hours at 24 frames per second.
constexpr int kMaxFrame = 1000000;
constexpr std::size_t kMaxTracks = 100000;
constexpr std::size_t kMaxKeysPerTrack = 1000000;

std::string_view trackKindName(TrackKind k) { return k == TrackKind::Quaternion ? "quaternion" : "scalar"; }

void visitHandle(FieldVisitor& v, std::string_view name, std::optional<BezierHandle>& handle) {
  if (v.isReading()) {
    std::vector<double> pair;
    v.field(name, pair);
    if (pair.empty()) return;
    if (pair.size() != 2) throw FieldError::about(name, "'" + std::string(name) + "' must be [dt, dv]");
    handle = BezierHandle{pair[0], pair[1]};
  } else if (handle) {
    std::vector<double> pair{handle->dt, handle->dv};
    v.field(name, pair);
  }
}

void visitKey(FieldVisitor& v, TrackKind kind, Keyframe& key) {
  v.field("time", key.time, FieldUse::Required);
  if (kind == TrackKind::Scalar) {
    v.field("value", key.value, FieldUse::Required);
  } else {
    std::vector<double> q{key.rotation.w, key.rotation.x, key.rotation.y, key.rotation.z};
    v.field("quat", q, FieldUse::Required);
    if (v.isReading()) {
      if (q.size() != 4) throw FieldError::about("quat", "'quat' must be [w, x, y, z]");
      const double n = std::sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
      if (!(n > 0.0) || !std::isfinite(n)) throw FieldError::about("quat", "'quat' must be a non-zero quaternion");
      key.rotation = {q[0], q[1], q[2], q[3]};
    }
  }
  std::string interp(interpolationName(key.interpolation));
  v.field("interp", interp);
  if (v.isReading()) {
    const auto mode = parseInterpolation(interp);
    if (!mode) throw FieldError::about("interp", "unknown interpolation '" + interp + "' (expected step, linear, bezier or catmull-rom)");
    key.interpolation = *mode;
  }
  visitHandle(v, "in", key.in);
  visitHandle(v, "out", key.out);
}

void visitTrack(FieldVisitor& v, Track& track) {
  v.field("target", track.target, FieldUse::Required);
  std::string kind(trackKindName(track.kind));
  v.field("kind", kind);
  if (v.isReading()) {
    if (kind == "scalar")
      track.kind = TrackKind::Scalar;
    else if (kind == "quaternion")
      track.kind = TrackKind::Quaternion;
    else
      throw FieldError::about("kind", "unknown track kind '" + kind + "' (expected scalar or quaternion)");
  }
  if (v.isReading() || !track.channels.empty()) v.field("channels", track.channels);
  if (v.isReading() && track.kind == TrackKind::Quaternion && !track.channels.empty() && track.channels.size() != 4)
    throw FieldError::about("channels", "'channels' of a quaternion track must name the w, x, y, z slots");
  const TrackKind k = track.kind;
  v.recordList("keys", track.keys, MaxItems{kMaxKeysPerTrack}, [k](Keyframe& key, FieldVisitor& r) { visitKey(r, k, key); });
  if (v.isReading()) {
    track.sortKeys();
    for (std::size_t i = 1; i < track.keys.size(); ++i)
      if (track.keys[i].time == track.keys[i - 1].time)
        throw FieldError("track '" + track.target + "' has two keys at time " + std::to_string(track.keys[i].time));
  }
}

}  // namespace

void TimelineSettings::visitFields(FieldVisitor& v) {
  v.field("fps", fps);
  v.field("start_frame", startFrame, IntRange{-kMaxFrame, kMaxFrame});
  v.field("end_frame", endFrame, IntRange{-kMaxFrame, kMaxFrame});
  v.field("loop", loop);
  v.recordList("tracks", tracks, MaxItems{kMaxTracks}, [](Track& t, FieldVisitor& r) { visitTrack(r, t); });
  if (v.isReading()) {
    if (!(fps > 0.0) || !std::isfinite(fps)) throw FieldError::about("fps", "'fps' must be a positive number");
    if (endFrame < startFrame) throw FieldError::about("end_frame", "'end_frame' must not be before 'start_frame'");
  }
}

int TimelineSettings::frameAtOrBefore(double t) const {
  // A key at t = k / fps computes back to k even when k / fps * fps rounds just below k.
  // Clamped before the conversion: a key time far outside the int range of frames (a file may
  // hold any time) must not overflow it.
  const double frame = std::floor(t * fps + 1e-6);
  return static_cast<int>(std::clamp(frame, double(std::numeric_limits<int>::min()), double(std::numeric_limits<int>::max())));
}

Track* TimelineSettings::findTrack(std::string_view target) {
  for (Track& t : tracks)
    if (t.target == target) return &t;
  return nullptr;
}

const Track* TimelineSettings::findTrack(std::string_view target) const {
  for (const Track& t : tracks)
    if (t.target == target) return &t;
  return nullptr;
}

Track& TimelineSettings::trackFor(std::string_view target, TrackKind kind) {
  if (Track* t = findTrack(target)) return *t;
  Track t;
  t.target = std::string(target);
  t.kind = kind;
  tracks.push_back(std::move(t));
  return tracks.back();
}

const TimelineSettings& timelineOf(const Scene& scene) {
  static const TimelineSettings defaults;
  const TimelineSettings* t = scene.settings.tryGet<TimelineSettings>();
  return t ? *t : defaults;
}

TimelineSettings& timelineOf(Scene& scene) { return scene.settings.get<TimelineSettings>(); }

}  // namespace flexure
