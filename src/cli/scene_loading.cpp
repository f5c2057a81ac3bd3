#include "scene_loading.h"

#include <iostream>

#include "flexure/io/open_scene.h"

namespace flexure::cli {

std::unique_ptr<Scene> openScene(const std::string& path) {
  LoadResult result = openSceneFile(path);
  for (const LoadWarning& w : result.warnings)
    std::cerr << LoadError::format(w.where, w.jsonPath, "warning: " + w.message) << "\n";
  return std::move(result.scene);
}

}  // namespace flexure::cli
