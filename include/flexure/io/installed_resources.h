#pragma once
// Where a running Flexure program finds the files `cmake --install` put beside it (docs/install.md):
// the example scenes and the documentation. Every path is found from the program's own location
// (/proc/self/exe) and the layout's relative paths (bin → share/flexure/scenes), never from a
// path of the build or source tree compiled in, so an installed tree works under any prefix and
// after being moved. In the build tree, build/share/... are links to the source folders (made by
// cmake/FlexureLayout.cmake), so build/bin/flexure finds them the same way.
#include <filesystem>
#include <optional>
#include <string>

namespace flexure {

// The running program's executable (the target of /proc/self/exe); nullopt if it cannot be read.
std::optional<std::filesystem::path> runningExecutablePath();

// The example scenes folder of the installation that holds `executable` (PREFIX/bin/flexure →
// PREFIX/share/flexure/scenes), or nullopt when that folder does not exist.
std::optional<std::filesystem::path> scenesDirectoryBeside(const std::filesystem::path& executable);

// The documentation folder (PREFIX/share/doc/flexure, holding the docs/ pages and their images),
// or nullopt when it does not exist.
std::optional<std::filesystem::path> documentationDirectoryBeside(const std::filesystem::path& executable);

// The same two for the running program: what File → Open and Help → Examples show.
std::optional<std::filesystem::path> installedScenesDirectory();
std::optional<std::filesystem::path> installedDocumentationDirectory();

// The example scene file `name` beside the running program (installedScenesDirectory), else in
// `fallback` (a benchmark compiled into a test program outside bin/ passes the source tree's
// scenes folder).
std::filesystem::path exampleScenePath(const std::string& name, const std::filesystem::path& fallback);

}  // namespace flexure
