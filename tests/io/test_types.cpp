#include "test_types.h"

#include <mutex>

#include "flexure/core/node_registry.h"
#include "flexure/modules.h"

namespace flexure::iotest {

void registerTestTypes() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerAllModules();
    NodeRegistry::instance().add(std::string(FieldPlane::kType), [] { return std::make_unique<FieldPlane>(); });
    NodeRegistry::instance().add(std::string(Shift::kType), [] { return std::make_unique<Shift>(); });
    ConstraintRegistry::instance().add("io-test-tie", [] { return std::make_unique<TieConstraint>(); });
    SettingsRegistry::instance().add(std::string(TestSettings::kKind), [] { return std::make_unique<TestSettings>(); });
  });
}

}  // namespace flexure::iotest
