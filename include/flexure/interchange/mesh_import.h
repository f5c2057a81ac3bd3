#pragma once
// Mesh files read through assimp (issue 15): STL (ASCII and binary), PLY, OBJ, glTF/GLB, FBX,
// Collada and 3DS. Each mesh of the file becomes one `mesh` node (its node transforms applied to
// the vertices), all under one `group` named after the file; normals are recomputed where the
// file has none (STL's per-face normals are dropped so the vertices weld). Reading is
// all-or-nothing: a file assimp refuses, an empty file, an index out of range or a non-finite
// coordinate throws LoadError naming the file and what is wrong, and the scene is untouched.
// A mesh with open or non-manifold edges loads with a warning: its signed distance (inside,
// outside; collisions, metaball volumes) is then undefined.
//
// Flexure keeps its own OBJ reader for .obj (file:line:column errors, exact round trip); these
// readers serve the other extensions (docs/ARCHITECTURE.md).
#include <string>
#include <vector>

#include "flexure/core/mesh_import_options.h"  // MeshImportOptions, Axis, parseAxis
#include "flexure/core/triangle_mesh.h"

namespace flexure {

class Scene;

struct ImportedMeshes {
  std::vector<TriangleMesh> meshes;   // one per mesh of the file, named after it
  std::vector<std::string> warnings;  // open / non-manifold meshes, skipped points and lines
};

// Every triangle mesh of the file, in the file's root space, then mapped by `options`
// (applyMeshImportOptions, the function a mesh node's "source" goes through too). assimp runs in a
// child process (isolated_read.h): assimp 5.2.5 crashes on some malformed files (a null
// dereference in its Collada reader), which must not take the application down, and allocates
// without end on others; a crash is a LoadError naming the file, a read past the import limits
// (import_limits.h: memory, time, or cancelled from a watching thread) an ImportStopped naming
// it. Cameras, lights, animations and meshes of points or lines are left out with a warning; a
// file with no triangle mesh is a LoadError saying what it holds.
ImportedMeshes readMeshesWithAssimp(const std::string& path, const MeshImportOptions& options = {});
// The same from bytes in memory (`hint` is the extension without dot: "stl", "glb"); for fuzzing.
ImportedMeshes readMeshesFromMemory(const std::string& bytes, const std::string& hint, const std::string& sourceName,
                                    const MeshImportOptions& options = {});
// The same in this process (no isolation): what the child runs; the fuzz target calls these for
// STL, PLY and glTF so that libFuzzer sees coverage and every crash there.
ImportedMeshes readMeshesHere(const std::string& path, const MeshImportOptions& options = {});
ImportedMeshes readMeshesFromMemoryHere(const std::string& bytes, const std::string& hint, const std::string& sourceName,
                                        const MeshImportOptions& options = {});

// All meshes of the file as one, in the file's own units and axes (a mesh node's "source": the
// scene reader then applies the node's source options with applyMeshImportOptions).
TriangleMesh readMeshFileWithAssimp(const std::string& path);

// Adds a group named after the file with one mesh node per mesh to `into` (its root), and
// returns the warnings. The meshes are stored in the scene (inline), not linked to the file.
std::vector<std::string> importMeshFile(const std::string& path, Scene& into, const MeshImportOptions& options = {});

// Open or non-manifold edges: the warning text, empty for a closed, consistently oriented mesh.
std::string manifoldWarning(const TriangleMesh& mesh);

// The extensions (lower case, with the dot) read through assimp.
const std::vector<std::string>& assimpMeshExtensions();

}  // namespace flexure
