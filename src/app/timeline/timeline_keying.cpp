#include "timeline/timeline_keying.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "flexure/anim/track_binding.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"

namespace flexure::app {

namespace {

constexpr double kSameTime = 1e-9;  // Track's own tolerance for "a key at this time"

// The Ψ index a track writes first (the w slot of a quaternion track), or -1.
int firstSlotOf(const Scene& scene, const Track& track) {
  const std::string& name = track.channels.empty() ? track.target : track.channels.front();
  return scene.parameters().find(name);
}

bool animatesNode(const Scene& scene, const Node& node, const Track& track) {
  if (track.target.rfind("constraint:", 0) == 0) return false;
  const int slot = firstSlotOf(scene, track);
  return slot >= 0 && scene.parameters().info(slot).owner == &node;
}

// The Ψ slots a track writes: its scalar slot, or a quaternion's four (empty when unbound).
std::vector<int> slotsOf(const Scene& scene, const Track& track) {
  const ParameterTable& psi = scene.parameters();
  if (track.kind != TrackKind::Quaternion) {
    const int i = psi.find(track.target);
    return i >= 0 ? std::vector<int>{i} : std::vector<int>{};
  }
  if (track.channels.size() == 4) {
    std::vector<int> indices;
    for (const std::string& channel : track.channels)
      if (const int i = psi.find(channel); i >= 0) indices.push_back(i);
    return indices;
  }
  if (auto quat = findQuaternionSlots(scene, track.target)) return {quat->begin(), quat->end()};
  return {};
}

// A key holding the track's current value in the scene at time t.
Keyframe keyOfCurrentValue(const Scene& scene, const Track& track, double t) {
  Keyframe key;
  key.time = t;
  const ParameterTable& psi = scene.parameters();
  if (track.kind == TrackKind::Quaternion) {
    const std::vector<int> q = slotsOf(scene, track);
    if (q.size() == 4) key.rotation = normalized(Quatd{psi.value(q[0]), psi.value(q[1]), psi.value(q[2]), psi.value(q[3])});
  } else {
    key.value = psi.value(psi.find(track.target));
  }
  // A key replacing one at the same time keeps that key's interpolation and handles' absence.
  if (const int i = track.keyIndexAt(t); i >= 0) key.interpolation = track.keys[static_cast<std::size_t>(i)].interpolation;
  return key;
}

void dropEmptyTracks(TimelineSettings& timeline) {
  std::erase_if(timeline.tracks, [](const Track& track) { return track.keys.empty(); });
}

}  // namespace

std::vector<KeyTarget> keyTargetsOf(const Scene& scene, const Node& node) {
  std::vector<KeyTarget> targets;
  std::set<int> covered;  // Ψ slots already part of a quaternion target
  const ParameterTable& psi = scene.parameters();
  for (int i = node.paramOffset(); i < node.paramOffset() + node.paramCount(); ++i) {
    if (covered.count(i)) continue;
    const std::string name = psi.info(i).qualifiedName();
    if (auto quat = findQuaternionSlots(scene, name)) {
      covered.insert(quat->begin(), quat->end());
      targets.push_back({psi.info((*quat)[0]).qualifiedName(), TrackKind::Quaternion});
    } else {
      targets.push_back({name, TrackKind::Scalar});
    }
  }
  return targets;
}

std::vector<const Track*> tracksOfNode(const Scene& scene, const Node& node, const TimelineSettings& timeline) {
  std::vector<const Track*> tracks;
  for (const Track& track : timeline.tracks)
    if (animatesNode(scene, node, track)) tracks.push_back(&track);
  return tracks;
}

std::vector<double> keyTimesOfNode(const Scene& scene, const Node& node, const TimelineSettings& timeline) {
  std::vector<double> times;
  for (const Track* track : tracksOfNode(scene, node, timeline))
    for (const Keyframe& key : track->keys) times.push_back(key.time);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end(), [](double a, double b) { return std::abs(a - b) <= kSameTime; }),
              times.end());
  return times;
}

TimelineSettings withKeysAdded(const Scene& scene, const Node& node, TimelineSettings timeline, double t) {
  std::vector<std::string> animated;
  for (const Track* track : tracksOfNode(scene, node, timeline)) animated.push_back(track->target);
  if (animated.empty()) {
    for (const KeyTarget& target : keyTargetsOf(scene, node)) timeline.trackFor(target.target, target.kind);
    for (const KeyTarget& target : keyTargetsOf(scene, node)) animated.push_back(target.target);
  }
  for (const std::string& target : animated) {
    Track& track = *timeline.findTrack(target);
    track.setKey(keyOfCurrentValue(scene, track, t));
  }
  return timeline;
}

TimelineSettings withKeysRemoved(const Scene& scene, const Node& node, TimelineSettings timeline, double t) {
  for (Track& track : timeline.tracks)
    if (animatesNode(scene, node, track)) track.removeKeyAt(t);
  dropEmptyTracks(timeline);
  return timeline;
}

TimelineSettings withKeysMoved(const Scene& scene, const Node& node, TimelineSettings timeline, double from, double to) {
  if (std::abs(from - to) <= kSameTime) return timeline;
  for (Track& track : timeline.tracks) {
    if (!animatesNode(scene, node, track)) continue;
    const int i = track.keyIndexAt(from);
    if (i < 0) continue;
    Keyframe key = track.keys[static_cast<std::size_t>(i)];
    track.removeKeyAt(from);
    key.time = to;
    track.setKey(key);
  }
  return timeline;
}

std::vector<std::string> tracksWritingSlots(const Scene& scene, const TimelineSettings& timeline,
                                            const std::vector<std::string>& slotNames) {
  // Not "slots": Qt's keyword macro, defined when a unity batch puts a Qt header first.
  std::set<int> wanted;
  for (const std::string& name : slotNames)
    if (const int i = scene.parameters().find(name); i >= 0) wanted.insert(i);
  std::vector<std::string> targets;
  for (const Track& track : timeline.tracks) {
    if (track.target.rfind("constraint:", 0) == 0) continue;
    const std::vector<int> written = slotsOf(scene, track);
    if (std::any_of(written.begin(), written.end(), [&](int i) { return wanted.count(i) > 0; }))
      targets.push_back(track.target);
  }
  return targets;
}

TimelineSettings withTracksKeyed(const Scene& scene, TimelineSettings timeline, const std::vector<std::string>& targets,
                                 double t) {
  for (const std::string& target : targets)
    if (Track* track = timeline.findTrack(target)) track->setKey(keyOfCurrentValue(scene, *track, t));
  return timeline;
}

}  // namespace flexure::app
