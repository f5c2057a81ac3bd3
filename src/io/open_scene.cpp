#include "flexure/io/open_scene.h"

#include "flexure/core/importer_registry.h"

namespace flexure {

LoadResult openSceneFile(const std::string& path) {
  const SceneImporter* importer = ImporterRegistry::instance().forPath(path);
  if (!importer || importer->extension == ".json") return readSceneFile(path);
  LoadResult result;
  auto scene = std::make_unique<Scene>();
  if (importer->importWithWarnings) {
    for (std::string& w : importer->importWithWarnings(path, *scene))
      result.warnings.push_back(LoadWarning{FileLocation{path, 0, 0}, "", std::move(w)});
  } else {
    importer->import(path, *scene);
  }
  result.scene = std::move(scene);
  return result;
}

}  // namespace flexure
