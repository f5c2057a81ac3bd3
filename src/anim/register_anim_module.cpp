#include "flexure/anim/register.h"

#include <string>

#include "flexure/anim/anim_benchmark.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/benchmark_registry.h"

namespace flexure {

void registerAnimModule() {
  SettingsRegistry::instance().add(std::string(TimelineSettings::kKind), [] { return std::make_unique<TimelineSettings>(); });
  BenchmarkRegistry::instance().add({"anim", runAnimBenchmarks});
}

}  // namespace flexure
