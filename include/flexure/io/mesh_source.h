#pragma once
// Reading the file a `mesh` node names as its "source" (docs/scene-format.md, mesh): the file in
// its own units and axes — OBJ, or any format with a registered mesh reader
// (ImporterRegistry::forPath) — then mapped by the node's "source_scale", "source_up" and
// "scene_up" with the function File ▸ Import uses (applyMeshImportOptions). The scene reader
// loads sources with it, and the property editor reloads a mesh with it when one of those four
// fields is edited, so both read a source the same way.
#include <filesystem>
#include <string>
#include <string_view>

#include "flexure/core/mesh_import_options.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure {

class MeshPrimitive;

// `source` as written in the node, resolved against `baseDirectory` (the scene file's folder)
// when relative and a base is given.
std::filesystem::path meshSourcePath(const std::string& source, const std::string& baseDirectory);

// The file as stored (file units and axes). Throws LoadError naming the file.
TriangleMesh readMeshSourceFile(const std::filesystem::path& file);

// `read` mapped by `options`; throws LoadError naming `file` when a vertex is not finite after
// the unit scale.
TriangleMesh placeMeshSource(TriangleMesh read, const MeshImportOptions& options, const std::filesystem::path& file);

// "source", "source_scale", "source_up", "scene_up": the fields whose edit changes the geometry.
bool isMeshSourceField(std::string_view field);

// Reads the mesh's source with its options and gives the mesh that geometry (nothing for a
// mesh without a source). Throws LoadError; the mesh is unchanged then.
void reloadMeshSource(MeshPrimitive& mesh, const std::string& baseDirectory);

}  // namespace flexure
