#pragma once
// Runs a mesh reader in a child process (fork), so that a crash inside the library it calls —
// assimp 5.2.5 dereferences null on some malformed Collada files (found by fuzz_mesh_import) —
// becomes a LoadError naming the file instead of taking the application down, and so that what
// the library takes is bounded (issue 28: on some malformed Collada files it allocates without
// end). The child sends back the meshes, or the LoadError it threw, through a pipe; the parent
// rebuilds them.
#include <functional>
#include <string>

#include "flexure/interchange/import_limits.h"
#include "flexure/interchange/mesh_import.h"

namespace flexure {

// `read` runs in the child. A child that dies (signal, sanitizer report, exit without an
// answer) is a LoadError for `file`. The limits (import_limits.h) end in an ImportStopped for
// `file`: the child's address space may grow by limits.memoryBytes beyond what it inherited
// (setrlimit RLIMIT_AS in the child; an allocation that fails there, even one assimp swallows,
// stops the read), the parent kills it when its resident size grows by more than that (the
// bound that holds under the sanitizers, and for memory that never fails to allocate) or when
// it runs longer than limits.seconds, and the thread's ImportWatch (currentImportWatch) sees its
// time and growth and may cancel it. Without fork (pipe or fork failing), `read` runs in this
// process, unbounded.
ImportedMeshes readInChildProcess(const std::string& file, const std::function<ImportedMeshes()>& read,
                                  const MeshImportLimits& limits);

}  // namespace flexure
