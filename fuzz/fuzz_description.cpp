// libFuzzer target: the Gascuel constraint description language (.dcl). Any input must either
// parse and build a scene, or throw LoadError.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "flexure/core/load_error.h"
#include "flexure/core/scene.h"
#include "flexure/io/register.h"
#include "flexure/rigid/register.h"
#include "flexure/rigid/description.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool registered = [] {
    flexure::registerIoModule();
    flexure::registerRigidModule();
    return true;
  }();
  (void)registered;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const flexure::Description description = flexure::parseDescription(text, "fuzz.dcl");
    flexure::Scene scene;
    flexure::buildDescribedScene(description, "fuzz.dcl", scene);
  } catch (const flexure::LoadError&) {
  }
  return 0;
}
