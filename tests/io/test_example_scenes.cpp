// Every scene in scenes/ loads without errors or warnings and survives a save/load round trip
// byte-identically. The folder is listed at test time, so scenes added by any module are
// covered as soon as they exist.
#include <catch2/catch.hpp>
#include <filesystem>

#include "flexure/core/tessellation.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"

using namespace flexure;
namespace fs = std::filesystem;

TEST_CASE("every scene in scenes/ loads, has geometry and round-trips", "[scenes]") {
  registerAllModules();
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(FLEXURE_SOURCE_DIR) / "scenes"))
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 3);
  for (const fs::path& file : files) {
    INFO(file.string());
    LoadResult r;
    REQUIRE_NOTHROW(r = readSceneFile(file.string()));
    for (const LoadWarning& w : r.warnings) FAIL_CHECK("warning: " << w.toString());
    CHECK(r.scene->nodes().size() > 1);
    const std::string saved = sceneToString(*r.scene);
    const LoadResult again = readSceneString(saved, file.string(), file.parent_path().string());
    CHECK(sceneToString(*again.scene) == saved);
  }
}
