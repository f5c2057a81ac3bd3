#pragma once
// Whether a scene is an animation, and which frames it spans (issue 28 item 3). A scene is one
// when its timeline keys something (a track with keys) or when a registered solver moves it with
// time and no key (FamilySolver::hasDynamics: the rigid dynamics of a falling snake, a
// monocycle pushed by a force). Exports write such a scene's timeline range by default — as
// Blender's glTF exporter writes a scene's animation — and both `flexure-cli export-gltf` and
// the window's File → Export → glTF ask this one function, so they agree.
#include <string>
#include <vector>

#include "flexure/anim/bake_cache.h"  // FrameRange

namespace flexure {

class Scene;

struct SceneAnimation {
  int keyedTracks = 0;                        // timeline tracks with at least one key
  std::vector<std::string> dynamicFamilies;   // families whose solver has dynamics here
  FrameRange range;                           // the timeline's start..end (its defaults without a block)
  double fps = 24.0;                          // the timeline's frame rate

  bool animated() const { return keyedTracks > 0 || !dynamicFamilies.empty(); }
  // "3 keyframe tracks", "rigid dynamics", "1 keyframe track and rigid dynamics".
  std::string reason() const;
};

SceneAnimation sceneAnimation(const Scene& scene);

}  // namespace flexure
