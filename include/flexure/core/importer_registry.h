#pragma once
// Input formats other than the native scene file, by file extension: Wavefront OBJ (io), the
// Gascuel constraint description language (rigid). An importer fills an empty Scene or throws
// LoadError naming the line and column; the caller only adopts the scene on success, so an
// import is all-or-nothing.
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/load_error.h"

namespace flexure {

class Scene;

struct SceneImporter {
  std::string extension;    // lower case, with the dot: ".obj", ".fxd"
  std::string description;  // "Wavefront OBJ mesh"
  std::function<void(const std::string& path, Scene& into)> import;
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
