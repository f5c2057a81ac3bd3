#include "flexure/io/installed_resources.h"

#include <system_error>

// Paths from the executables' folder to the data folders, relative, computed by
// cmake/FlexureLayout.cmake from GNUInstallDirs (bin → ../share/flexure/scenes by default).
#ifndef FLEXURE_SCENES_FROM_BINDIR
#error "FLEXURE_SCENES_FROM_BINDIR must be defined by the build"
#endif
#ifndef FLEXURE_DOCS_FROM_BINDIR
#error "FLEXURE_DOCS_FROM_BINDIR must be defined by the build"
#endif

namespace flexure {

namespace fs = std::filesystem;

namespace {

std::optional<fs::path> existingDirectory(const fs::path& executable, const char* relativeToBinDir) {
  std::error_code ec;
  const fs::path dir = fs::weakly_canonical(executable.parent_path() / relativeToBinDir, ec);
  if (ec || !fs::is_directory(dir, ec)) return std::nullopt;
  return dir;
}

}  // namespace

std::optional<fs::path> runningExecutablePath() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec || self.empty()) return std::nullopt;
  return self;
}

std::optional<fs::path> scenesDirectoryBeside(const fs::path& executable) {
  return existingDirectory(executable, FLEXURE_SCENES_FROM_BINDIR);
}

std::optional<fs::path> documentationDirectoryBeside(const fs::path& executable) {
  return existingDirectory(executable, FLEXURE_DOCS_FROM_BINDIR);
}

std::optional<fs::path> installedScenesDirectory() {
  const auto self = runningExecutablePath();
  return self ? scenesDirectoryBeside(*self) : std::nullopt;
}

std::optional<fs::path> installedDocumentationDirectory() {
  const auto self = runningExecutablePath();
  return self ? documentationDirectoryBeside(*self) : std::nullopt;
}

fs::path exampleScenePath(const std::string& name, const fs::path& fallback) {
  const auto installed = installedScenesDirectory();
  return (installed ? *installed : fallback) / name;
}

}  // namespace flexure
