#pragma once
// Flexure scene files (docs/scene-format.md): JSON with "format": "flexure-scene" and a
// "version". Loading is all-or-nothing: a fresh Scene is built and returned only when the whole
// file was understood; otherwise LoadError names file:line:column, the JSON path
// (nodes[2].params.radius) and what is wrong. Unknown keys are not errors but warnings, so a
// file written by a newer build with extra fields still opens, and nothing is silently ignored.
// Saving is atomic (atomic_file.h) and doubles are written so that they read back bit-exact:
// save(load(save(s))) is byte-identical to save(s).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/load_error.h"
#include "flexure/core/scene.h"
#include "flexure/io/atomic_file.h"

namespace flexure {

// The scene-file version this build writes, and the newest it reads.
inline constexpr int kSceneFormatVersion = 1;
inline constexpr std::string_view kSceneFormatName = "flexure-scene";
// Flexure's own scene-file extension, registered with the desktop as the file type
// application/x-flexure-scene (packaging/flexure-mime.xml, docs/install.md). Scenes are also
// `.json`; any name that no importer claims is read as a scene (openSceneFile).
inline constexpr std::string_view kSceneFileExtension = ".flexure";

// Something in the file that was understood but ignored (an unknown key, a settings block of a
// module this build lacks, a parameter outside its bounds).
struct LoadWarning {
  FileLocation where;
  std::string jsonPath;
  std::string message;
  std::string toString() const { return LoadError::format(where, jsonPath, message); }
};

struct LoadResult {
  std::unique_ptr<Scene> scene;
  std::vector<LoadWarning> warnings;
};

// Reads a scene file. Mesh "source" paths are resolved relative to the file's directory.
LoadResult readSceneFile(const std::string& path);
// Reads scene JSON held in memory; `sourceName` is used in messages and `baseDirectory` to
// resolve relative mesh sources (the current directory when empty).
LoadResult readSceneString(std::string_view text, const std::string& sourceName = "<string>",
                           const std::string& baseDirectory = "");

// The same, without the warnings.
std::unique_ptr<Scene> loadScene(const std::string& path);
std::unique_ptr<Scene> loadSceneFromString(std::string_view text, const std::string& sourceName = "<string>");

// The scene as scene-file JSON text. Throws SaveError when a value cannot be written (NaN or
// infinity in Ψ): a broken state never reaches a file.
std::string sceneToString(const Scene& scene);
// Writes the scene file atomically; on failure the previous file is intact and SaveError is
// thrown. `hooks` lets tests fail the write midway.
void saveScene(const Scene& scene, const std::string& path, const AtomicWriteHooks& hooks = {});

}  // namespace flexure
