#pragma once
namespace flexure {
// Registers the animation module's settings block "timeline" (timeline_settings.h) and the
// benchmark suite "anim" (anim_benchmark.h).
void registerAnimModule();
}  // namespace flexure
