#include "flexure/anim/register.h"

#include <string>

#include "flexure/anim/timeline_settings.h"

namespace flexure {

void registerAnimModule() {
  SettingsRegistry::instance().add(std::string(TimelineSettings::kKind), [] { return std::make_unique<TimelineSettings>(); });
}

}  // namespace flexure
