#include "flexure/io/open_scene.h"

#include "flexure/core/importer_registry.h"

namespace flexure {

LoadResult openSceneFile(const std::string& path) {
  const SceneImporter* importer = ImporterRegistry::instance().forPath(path);
  if (!importer || importer->extension == ".json") return readSceneFile(path);
  LoadResult result;
  auto scene = std::make_unique<Scene>();
  importer->import(path, *scene);
  result.scene = std::move(scene);
  return result;
}

}  // namespace flexure
