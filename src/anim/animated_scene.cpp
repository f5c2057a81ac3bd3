#include "flexure/anim/animated_scene.h"

#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene.h"
#include "flexure/core/solver_registry.h"

namespace flexure {

std::string SceneAnimation::reason() const {
  std::string text;
  if (keyedTracks > 0) text = std::to_string(keyedTracks) + (keyedTracks == 1 ? " keyframe track" : " keyframe tracks");
  for (std::size_t i = 0; i < dynamicFamilies.size(); ++i) {
    text += text.empty() ? "" : (i + 1 == dynamicFamilies.size() ? " and " : ", ");
    text += dynamicFamilies[i];
  }
  if (!dynamicFamilies.empty()) text += " dynamics";
  return text;
}

SceneAnimation sceneAnimation(const Scene& scene) {
  SceneAnimation a;
  const TimelineSettings& timeline = timelineOf(scene);
  for (const Track& track : timeline.tracks)
    if (!track.keys.empty()) ++a.keyedTracks;
  for (const auto& solver : SolverRegistry::instance().solvers())
    if (solver->appliesTo(scene) && solver->hasDynamics(scene)) a.dynamicFamilies.emplace_back(solver->family());
  a.range = {timeline.startFrame, timeline.endFrame};
  a.fps = timeline.fps;
  return a;
}

}  // namespace flexure
