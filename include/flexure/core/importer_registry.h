#pragma once
// Input formats other than the native scene file, by file extension: Wavefront OBJ (io), the
// Gascuel constraint description language (rigid), mesh formats read through assimp
// (interchange). An importer fills an empty Scene or throws
// LoadError naming the line and column; the caller only adopts the scene on success, so an
// import is all-or-nothing.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/load_error.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure {

class Scene;

struct SceneImporter {
  std::string extension;    // lower case, with the dot: ".obj", ".fxd"
  std::string description;  // "Wavefront OBJ mesh"
  std::function<void(const std::string& path, Scene& into)> import;
  // Optional. Like `import`, returning warnings about what was read (an open mesh, whose
  // inside is undefined); openSceneFile prefers it.
  std::function<std::vector<std::string>(const std::string& path, Scene& into)> importWithWarnings;
  // Optional. The file's geometry as one mesh, for a `mesh` node whose "source" names such a
  // file (scene files); throws LoadError naming the file. Without it, sources are read as OBJ.
  std::function<TriangleMesh(const std::string& path)> readMesh;
};

class ImporterRegistry {
 public:
  static ImporterRegistry& instance();
  void add(SceneImporter importer);
  const SceneImporter* forPath(std::string_view path) const;  // by extension, case-insensitive
  const std::vector<SceneImporter>& importers() const { return importers_; }

 private:
  std::vector<SceneImporter> importers_;
};

}  // namespace flexure
