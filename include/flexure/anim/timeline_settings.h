#pragma once
// The scene's "timeline" settings block: frame rate, frame range, loop flag and every keyframe
// track, saved with the scene ("settings": {"timeline": {...}}):
//
//   "timeline": {"fps": 24, "start_frame": 0, "end_frame": 48, "loop": true,
//                "tracks": [{"target": "shaft.angle", "kind": "scalar",
//                            "keys": [{"time": 0, "value": 0, "interp": "linear"},
//                                     {"time": 2, "value": 6.283185307179586, "interp": "bezier",
//                                      "in": [-0.5, 0], "out": [0.5, 0]}]},
//                           {"target": "rot.qw", "kind": "quaternion",
//                            "keys": [{"time": 0, "quat": [1, 0, 0, 0]}]}]}
#include <string_view>
#include <vector>

#include "flexure/anim/track.h"
#include "flexure/core/scene_settings.h"

namespace flexure {

class Scene;

class TimelineSettings final : public SettingsBlock {
 public:
  static constexpr std::string_view kKind = "timeline";
  std::string_view kind() const override { return kKind; }
  std::unique_ptr<SettingsBlock> clone() const override { return std::make_unique<TimelineSettings>(*this); }
  // Reading validates: fps > 0, end >= start, known interpolation names, quaternion keys of
  // four numbers, handles of two numbers, distinct key times (keys are sorted).
  void visitFields(FieldVisitor& v) override;
  // Tracks follow the nodes and constraints they target through deletes, renames, copies and
  // pastes (scene_settings.h; timeline_references.cpp). A target that names nothing in the
  // scene is left alone.
  bool forgetReferences(const Scene& scene, const SceneNames& gone) override;
  void renameReferences(const Scene& scene, const SceneRenames& renames) override;
  std::unique_ptr<SettingsBlock> partFor(const Scene& scene, const SceneNames& parts) const override;
  // Adds the part's tracks, replacing a track with the same target; the frame rate, range and
  // loop flag stay this block's (track times are seconds, so keys need no conversion).
  bool mergePart(const SettingsBlock& part) override;

  double fps = 24.0;
  int startFrame = 0;
  int endFrame = 48;
  bool loop = true;
  std::vector<Track> tracks;

  // Frame k is at time k / fps.
  double timeOfFrame(int frame) const { return frame / fps; }
  // The last frame whose time is at or before t (floor of t·fps, robust to rounding).
  int frameAtOrBefore(double t) const;
  int frameCount() const { return endFrame - startFrame + 1; }

  Track* findTrack(std::string_view target);
  const Track* findTrack(std::string_view target) const;
  // The track for `target`, created (empty, of `kind`) if absent.
  Track& trackFor(std::string_view target, TrackKind kind = TrackKind::Scalar);
};

// The scene's timeline block, or defaults when the scene has none.
const TimelineSettings& timelineOf(const Scene& scene);
// The scene's timeline block, created with defaults if absent.
TimelineSettings& timelineOf(Scene& scene);

}  // namespace flexure
