#pragma once
namespace flexure {
// Registers the animation module's settings block "timeline" (timeline_settings.h).
void registerAnimModule();
}  // namespace flexure
