#pragma once
// How every verb opens its input: importers by extension (OBJ, description files) or the scene
// reader, with load warnings printed to stderr as "FILE:LINE:COL: warning: ...".
#include <memory>
#include <string>

#include "flexure/core/scene.h"

namespace flexure::cli {

// Throws LoadError; main() prints it as "FILE:LINE:COL: message".
std::unique_ptr<Scene> openScene(const std::string& path);

}  // namespace flexure::cli
