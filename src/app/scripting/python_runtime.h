#pragma once
// The Python interpreter embedded in the window (docs/python.md "The console"): one per process,
// started on first use and never finalized (numpy and other extension modules cannot be
// initialized twice in one process, and windows come and go in one process in the GUI tests).
// Between scripts the GUI thread does not hold the GIL, so threads a script started keep running.
//
// It registers the bindings in-process as `_flexure_embedded` (python/src/bindings.h), so
// `import flexure` uses the window's own types and registries, and puts the directory that holds
// the `flexure` package first on sys.path: build/python beside build/bin, or the prefix's
// lib/python3/dist-packages or lib/python3.X/dist-packages beside PREFIX/bin (cmake --install).
#include <filesystem>
#include <vector>

namespace flexure::app {

class PythonRuntime {
 public:
  // Starts the interpreter on first call (GUI thread). Throws std::runtime_error on failure.
  static PythonRuntime& instance();

  // Directories to look for the `flexure` package in before the ones found from the program's
  // location; call before the first instance() (the GUI tests name the build tree's).
  static void addPackageDirectory(const std::filesystem::path& directory);
  // The package directories beside `executable`: build/python for build/bin/flexure, the
  // prefix's Python directories for PREFIX/bin/flexure.
  static std::vector<std::filesystem::path> packageDirectoriesBeside(const std::filesystem::path& executable);
  // The directory `import flexure` found (empty if the package was not found: then scripts can
  // still use `scene`, whose type comes from the embedded module).
  const std::filesystem::path& packageDirectory() const { return packageDirectory_; }

  PythonRuntime(const PythonRuntime&) = delete;
  PythonRuntime& operator=(const PythonRuntime&) = delete;

 private:
  PythonRuntime();
  std::filesystem::path packageDirectory_;
};

}  // namespace flexure::app
