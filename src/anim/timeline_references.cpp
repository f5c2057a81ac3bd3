// What a keyframe track refers to, so that the timeline follows structural edits made in core
// (SettingsBlock's reference functions, scene_settings.h): a track of a deleted node goes with
// it, a track of a renamed node or constraint is renamed, and a copied part takes its tracks.
#include <algorithm>
#include <optional>

#include "flexure/anim/timeline_settings.h"
#include "flexure/anim/track_binding.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

// The node or constraint a target names, resolved against the scene (names may contain dots,
// so "a.001.x" is split where the scene says, not at the first or last dot).
struct TargetOwner {
  bool isConstraint = false;
  std::string name;  // node or constraint name
  std::string rest;  // slot, or constraint field
};

std::optional<TargetOwner> ownerOf(const Scene& scene, const std::string& target) {
  if (const auto c = findConstraintTarget(scene, target))
    return TargetOwner{true, scene.constraints[static_cast<std::size_t>(c->first)]->name, c->second};
  const int index = scene.parameters().find(target);
  if (index < 0 || !scene.parameters().info(index).owner) return std::nullopt;
  const ParameterInfo& info = scene.parameters().info(index);
  return TargetOwner{false, info.owner->name(), info.slot};
}

bool belongsTo(const Scene& scene, const Track& track, const SceneNames& names) {
  const auto owner = ownerOf(scene, track.target);
  if (!owner) return false;
  return owner->isConstraint ? names.constraints.count(owner->name) > 0 : names.nodes.count(owner->name) > 0;
}

void renameTarget(const Scene& scene, std::string& target, const SceneRenames& renames) {
  const auto owner = ownerOf(scene, target);
  if (!owner) return;
  const auto& map = owner->isConstraint ? renames.constraints : renames.nodes;
  const auto it = map.find(owner->name);
  if (it == map.end()) return;
  target = (owner->isConstraint ? "constraint:" : "") + it->second + "." + owner->rest;
}

}  // namespace

bool TimelineSettings::forgetReferences(const Scene& scene, const SceneNames& gone) {
  const std::size_t before = tracks.size();
  tracks.erase(std::remove_if(tracks.begin(), tracks.end(), [&](const Track& t) { return belongsTo(scene, t, gone); }),
               tracks.end());
  return tracks.size() != before;
}

void TimelineSettings::renameReferences(const Scene& scene, const SceneRenames& renames) {
  for (Track& track : tracks) {
    renameTarget(scene, track.target, renames);
    for (std::string& channel : track.channels) renameTarget(scene, channel, renames);
  }
}

std::unique_ptr<SettingsBlock> TimelineSettings::partFor(const Scene& scene, const SceneNames& parts) const {
  auto part = std::make_unique<TimelineSettings>();
  for (const Track& track : tracks)
    if (belongsTo(scene, track, parts)) part->tracks.push_back(track);
  if (part->tracks.empty()) return nullptr;
  return part;
}

bool TimelineSettings::mergePart(const SettingsBlock& part) {
  const auto* timeline = dynamic_cast<const TimelineSettings*>(&part);
  if (!timeline || timeline->tracks.empty()) return false;
  for (const Track& track : timeline->tracks) {
    if (Track* existing = findTrack(track.target))
      *existing = track;
    else
      tracks.push_back(track);
  }
  return true;
}

}  // namespace flexure
