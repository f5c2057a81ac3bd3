// Finding the installed scenes and documentation from the program's own location
// (flexure/io/installed_resources.h, docs/install.md).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>

#include "flexure/io/installed_resources.h"

namespace fs = std::filesystem;

namespace {

// A fresh PREFIX folder per test case, removed at the end.
struct TemporaryPrefix {
  fs::path root = fs::temp_directory_path() /
                  ("flexure-prefix-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter()++));
  TemporaryPrefix() { fs::create_directories(root / "bin"); }
  ~TemporaryPrefix() {
    std::error_code ec;
    fs::remove_all(root, ec);
  }
  static int& counter() {
    static int n = 0;
    return n;
  }
};

}  // namespace

TEST_CASE("an installation's scenes and documentation are found from PREFIX/bin", "[io][install]") {
  TemporaryPrefix prefix;
  const fs::path executable = prefix.root / "bin" / "flexure";
  std::ofstream(executable) << "#!/bin/sh\n";

  SECTION("nothing installed beside the program: no folder") {
    CHECK_FALSE(flexure::scenesDirectoryBeside(executable).has_value());
    CHECK_FALSE(flexure::documentationDirectoryBeside(executable).has_value());
  }
  SECTION("PREFIX/share/flexure/scenes and PREFIX/share/doc/flexure") {
    fs::create_directories(prefix.root / "share" / "flexure" / "scenes");
    fs::create_directories(prefix.root / "share" / "doc" / "flexure");
    const auto scenes = flexure::scenesDirectoryBeside(executable);
    const auto docs = flexure::documentationDirectoryBeside(executable);
    REQUIRE(scenes.has_value());
    REQUIRE(docs.has_value());
    CHECK(fs::equivalent(*scenes, prefix.root / "share" / "flexure" / "scenes"));
    CHECK(fs::equivalent(*docs, prefix.root / "share" / "doc" / "flexure"));
    CHECK(scenes->is_absolute());
  }
  SECTION("a file where the folder should be is not a folder") {
    fs::create_directories(prefix.root / "share" / "flexure");
    std::ofstream(prefix.root / "share" / "flexure" / "scenes") << "not a folder";
    CHECK_FALSE(flexure::scenesDirectoryBeside(executable).has_value());
  }
}

TEST_CASE("the build tree mirrors the installed layout: build/bin finds the source scenes", "[io][install]") {
  // cmake/FlexureLayout.cmake links build/share/flexure/scenes and build/share/doc/flexure to the
  // source folders, so build/bin/flexure shows the examples with no source path compiled in.
  const fs::path builtProgram = fs::path(FLEXURE_BINARY_DIR) / "bin" / "flexure";
  const auto scenes = flexure::scenesDirectoryBeside(builtProgram);
  const auto docs = flexure::documentationDirectoryBeside(builtProgram);
  REQUIRE(scenes.has_value());
  REQUIRE(docs.has_value());
  CHECK(fs::equivalent(*scenes, fs::path(FLEXURE_SOURCE_DIR) / "scenes"));
  CHECK(fs::equivalent(*docs, fs::path(FLEXURE_SOURCE_DIR) / "docs"));
}

TEST_CASE("the running program knows its own executable", "[io][install]") {
  const auto self = flexure::runningExecutablePath();
  REQUIRE(self.has_value());
  CHECK(self->filename() == "test_io");
  CHECK(fs::is_regular_file(*self));
}
