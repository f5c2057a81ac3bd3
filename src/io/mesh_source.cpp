#include "flexure/io/mesh_source.h"

#include "flexure/core/importer_registry.h"
#include "flexure/core/load_error.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/io/obj.h"

namespace flexure {

std::filesystem::path meshSourcePath(const std::string& source, const std::string& baseDirectory) {
  std::filesystem::path file(source);
  if (file.is_relative() && !baseDirectory.empty()) file = std::filesystem::path(baseDirectory) / file;
  return file;
}

TriangleMesh readMeshSourceFile(const std::filesystem::path& file) {
  // Formats other than OBJ come from the importer that registered a mesh reader for them.
  const SceneImporter* importer = ImporterRegistry::instance().forPath(file.string());
  return importer && importer->readMesh ? importer->readMesh(file.string()) : readObjFile(file.string());
}

TriangleMesh placeMeshSource(TriangleMesh read, const MeshImportOptions& options, const std::filesystem::path& file) {
  if (const std::size_t bad = applyMeshImportOptions(read, options); bad != kAllFinite)
    throw LoadError({file.string(), 0, 0}, "",
                    "vertex " + std::to_string(bad) + " is not a finite number after the unit scale (source_scale)");
  return read;
}

bool isMeshSourceField(std::string_view field) {
  return field == "source" || field == "source_scale" || field == "source_up" || field == "scene_up";
}

void reloadMeshSource(MeshPrimitive& mesh, const std::string& baseDirectory) {
  if (mesh.source().empty()) return;
  const std::filesystem::path file = meshSourcePath(mesh.source(), baseDirectory);
  mesh.setMesh(placeMeshSource(readMeshSourceFile(file), mesh.sourceOptions(), file));
}

}  // namespace flexure
