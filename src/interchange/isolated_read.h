#pragma once
// Runs a mesh reader in a child process (fork), so that a crash inside the library it calls —
// assimp 5.2.5 dereferences null on some malformed Collada files (found by fuzz_mesh_import) —
// becomes a LoadError naming the file instead of taking the application down. The child
// sends back the meshes, or the LoadError it threw, through a pipe; the parent rebuilds them.
#include <functional>
#include <string>

#include "flexure/interchange/mesh_import.h"

namespace flexure {

// `read` runs in the child. A child that dies (signal, sanitizer report, exit without an
// answer) or runs longer than `seconds` is a LoadError for `file`. Without fork (pipe or fork
// failing), `read` runs in this process.
ImportedMeshes readInChildProcess(const std::string& file, const std::function<ImportedMeshes()>& read, int seconds = 600);

}  // namespace flexure
