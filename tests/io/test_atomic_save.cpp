// Saving never loses the previous file, and a failed load never yields a half-built scene.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "flexure/io/scene_file.h"
#include "test_types.h"

using namespace flexure;
namespace fs = std::filesystem;

namespace {

// A fresh directory for one test.
fs::path scratchDirectory(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("flexure-io-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::unique_ptr<Scene> sceneWithHeight(double h) {
  iotest::registerTestTypes();
  auto s = std::make_unique<Scene>();
  auto plane = std::make_unique<iotest::FieldPlane>();
  plane->label = "p";
  Node& n = s->add(std::move(plane));
  s->parameters().setValue(n.paramIndex("height"), h);
  return s;
}

std::size_t fileCount(const fs::path& dir) {
  return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

}  // namespace

TEST_CASE("atomic save: a write failing midway leaves the old file intact", "[atomic-save]") {
  const fs::path dir = scratchDirectory("atomic");
  const std::string path = (dir / "scene.json").string();
  saveScene(*sceneWithHeight(1.0), path);
  const std::string before = readWholeFile(path);

  // Write half of the new contents, then fail as a full disk would.
  AtomicWriteHooks failing;
  std::size_t attempted = 0;
  failing.write = [&](int fd, std::string_view data) {
    attempted = data.size();
    const ssize_t n = ::write(fd, data.data(), data.size() / 2);
    CHECK(n > 0);
    errno = ENOSPC;
    return false;
  };
  const auto changed = sceneWithHeight(2.0);
  CHECK_THROWS_WITH(saveScene(*changed, path, failing), Catch::Contains("No space left on device"));
  CHECK(attempted > 0);
  CHECK(readWholeFile(path) == before);
  CHECK(fileCount(dir) == 1);  // no temporary file left behind

  // A step that throws is just as harmless.
  AtomicWriteHooks throwing;
  throwing.write = [](int, std::string_view) -> bool { throw std::runtime_error("power cut"); };
  CHECK_THROWS_WITH(saveScene(*changed, path, throwing), "power cut");
  CHECK(readWholeFile(path) == before);
  CHECK(fileCount(dir) == 1);

  // The same save without failure replaces the file.
  saveScene(*changed, path);
  CHECK(readWholeFile(path) != before);
  CHECK(loadScene(path)->parameters().value(1) == 2.0);
  CHECK(fileCount(dir) == 1);
  fs::remove_all(dir);
}

TEST_CASE("atomic save: a non-finite value is refused before the file is touched", "[atomic-save]") {
  const fs::path dir = scratchDirectory("nan");
  const std::string path = (dir / "scene.json").string();
  saveScene(*sceneWithHeight(1.0), path);
  const std::string before = readWholeFile(path);
  CHECK_THROWS_WITH(saveScene(*sceneWithHeight(std::nan("")), path), Catch::Contains("io-test-plane.height is not a finite number"));
  CHECK(readWholeFile(path) == before);
  CHECK(fileCount(dir) == 1);
  fs::remove_all(dir);
}

TEST_CASE("atomic save: an unwritable directory is a SaveError, not a crash", "[atomic-save]") {
  CHECK_THROWS_AS(saveScene(*sceneWithHeight(1.0), "/nonexistent-dir/x/scene.json"), SaveError);
}

TEST_CASE("loading is all-or-nothing: a failed load changes nothing and returns nothing", "[atomic-save]") {
  iotest::registerTestTypes();
  const fs::path dir = scratchDirectory("load");
  const std::string path = (dir / "scene.json").string();
  saveScene(*sceneWithHeight(1.0), path);
  auto document = loadScene(path);
  const std::string before = sceneToString(*document);
  // A file broken at the very end: everything before it was valid and must not leak out.
  std::string text = before;
  text.insert(text.rfind('}'), ", \"constraints\": [{\"kind\": \"io-test-tie\", \"a\": \"p\", \"b\": \"ghost\"}]");
  text.replace(text.find("\"constraints\": []"), std::string("\"constraints\": [],").size(), "");
  std::unique_ptr<Scene> replacement;
  CHECK_THROWS_AS(replacement = loadSceneFromString(text, "broken.json"), LoadError);
  CHECK_FALSE(replacement);
  CHECK(sceneToString(*document) == before);
  fs::remove_all(dir);
}
