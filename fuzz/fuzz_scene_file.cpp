// libFuzzer target: the scene-file loader. Any input must either load or throw LoadError;
// anything else (a crash, a sanitizer report, another exception type) is a bug.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "flexure/io/scene_file.h"
#include "flexure/io/register.h"
#include "flexure/rigid/register.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool registered = [] {
    flexure::registerIoModule();
    flexure::registerRigidModule();
    return true;
  }();
  (void)registered;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    flexure::LoadResult result = flexure::readSceneString(text, "fuzz.json", "/nonexistent-fuzz-dir");
    // A scene that loaded must also save and load again.
    const std::string saved = flexure::sceneToString(*result.scene);
    flexure::readSceneString(saved, "fuzz-resaved.json", "/nonexistent-fuzz-dir");
  } catch (const flexure::LoadError&) {
  }
  return 0;
}
