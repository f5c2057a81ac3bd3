#include <map>

#include "flexure/core/importer_registry.h"
#include "flexure/interchange/mesh_import.h"
#include "flexure/interchange/register.h"
#include "gltf_benchmark.h"

namespace flexure {

void registerInterchangeModule() {
  static const std::map<std::string, std::string> descriptions{
      {".stl", "STL mesh (ASCII or binary)"}, {".ply", "PLY mesh"},         {".gltf", "glTF 2.0 scene"},
      {".glb", "glTF 2.0 binary scene"},      {".fbx", "Autodesk FBX scene"}, {".dae", "Collada scene"},
      {".3ds", "3D Studio mesh"}};
  for (const std::string& ext : assimpMeshExtensions()) {
    SceneImporter importer;
    importer.extension = ext;
    importer.description = descriptions.at(ext);
    importer.import = [](const std::string& path, Scene& into) { importMeshFile(path, into); };
    importer.importWithWarnings = [](const std::string& path, Scene& into) { return importMeshFile(path, into); };
    importer.readMesh = readMeshFileWithAssimp;
    ImporterRegistry::instance().add(std::move(importer));
  }
  registerGltfBenchmark();
}

}  // namespace flexure
