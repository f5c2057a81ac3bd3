// libFuzzer target: mesh files read through assimp (STL, PLY, glTF/GLB, FBX, Collada, 3DS,
// whichever format assimp recognizes in the bytes; the first byte picks the hint). The only acceptable outcomes are a set of
// finite, in-range meshes or a LoadError; any crash, leak, hang or other exception is a bug.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <string>

#include "flexure/core/load_error.h"
#include "flexure/interchange/import_limits.h"
#include "flexure/interchange/mesh_import.h"

// assimp 5.2.5 leaks part of what its PLY reader allocated when it gives up on a malformed
// number (a DeadlyImportError thrown mid-element); that is assimp's (Debian's uninstrumented
// library), not ours, and a leak is no crash. LeakSanitizer ignores allocations made in it;
// every leak in our code is still reported.
extern "C" const char* __lsan_default_suppressions() { return "leak:libassimp.so\n"; }

// The application's import limits (import_limits.h), with the wall clock kept below
// run-fuzzers.sh's per-input -timeout (10 s): an input on which assimp runs away ends in the same
// ImportStopped the window and flexure-cli report, instead of libFuzzer's timeout or the
// machine's memory. Such inputs are findings of ours all the same — assimp's bugs that the
// isolation contains, kept under tests/interchange/regressions — so each one is saved to
// $FLEXURE_FUZZ_LIMIT_DIR, which run-fuzzers.sh lists at the end.
//   FLEXURE_FUZZ_IMPORT_SECONDS  the wall-clock limit (default 5)
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  flexure::MeshImportLimits limits = flexure::defaultMeshImportLimits();
  const char* seconds = std::getenv("FLEXURE_FUZZ_IMPORT_SECONDS");
  limits.seconds = seconds ? std::atof(seconds) : 5.0;
  flexure::setMeshImportLimits(limits);
  return 0;
}

namespace {

void keepLimitFinding(const std::uint8_t* data, std::size_t size) {
  const char* dir = std::getenv("FLEXURE_FUZZ_LIMIT_DIR");
  if (!dir || !*dir) return;
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::ofstream(std::string(dir) + "/limit-" + std::to_string(std::hash<std::string>()(bytes)), std::ios::binary) << bytes;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The first byte picks the extension hint (assimp also sniffs the content).
  static const char* const kHints[] = {"stl", "ply", "glb", "gltf", "dae", "fbx", "3ds", ""};
  if (size == 0) return 0;
  const std::string hint = kHints[data[0] % 8];
  const std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    // Through the child-process reader the application uses. assimp 5.2.5 crashes on some
    // inputs in process (a null dereference in its Collada reader, a bus error in its PLY
    // reader: assimp's bugs, in Debian's library), which the isolation turns into a LoadError;
    // what this target checks is that nothing of that reaches the caller. The child's coverage
    // does not reach libFuzzer, so the seeds and the dictionary carry most of the search.
    const flexure::ImportedMeshes r = flexure::readMeshesFromMemory(bytes, hint, "<fuzz>");
    for (const flexure::TriangleMesh& m : r.meshes)
      for (const auto& t : m.triangles)
        for (int k : t)
          if (k < 0 || k >= m.vertexCount()) std::abort();
  } catch (const flexure::ImportStopped& e) {
    if (e.reason() != flexure::ImportStopped::Reason::Cancelled) keepLimitFinding(data, size);
  } catch (const flexure::LoadError&) {
  }
  return 0;
}
