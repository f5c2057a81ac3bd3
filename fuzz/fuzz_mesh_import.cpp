// libFuzzer target: mesh files read through assimp (STL, PLY, glTF/GLB, FBX, Collada, 3DS,
// whichever format assimp recognizes in the bytes; the first byte picks the hint). The only acceptable outcomes are a set of
// finite, in-range meshes or a LoadError; any crash, leak, hang or other exception is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "flexure/core/load_error.h"
#include "flexure/interchange/mesh_import.h"

// assimp 5.2.5 leaks part of what its PLY reader allocated when it gives up on a malformed
// number (a DeadlyImportError thrown mid-element); that is assimp's (Debian's uninstrumented
// library), not ours, and a leak is no crash. LeakSanitizer ignores allocations made in it;
// every leak in our code is still reported.
extern "C" const char* __lsan_default_suppressions() { return "leak:libassimp.so\n"; }

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // The first byte picks the extension hint (assimp also sniffs the content).
  static const char* const kHints[] = {"stl", "ply", "glb", "gltf", "dae", "fbx", "3ds", ""};
  if (size == 0) return 0;
  const int format = data[0] % 8;
  const std::string hint = kHints[format];
  const std::string bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    // STL, PLY and glTF in this process, so libFuzzer sees their coverage and any crash. The
    // others go through the child-process reader the application uses: assimp 5.2.5's Collada
    // reader dereferences null on some inputs (an assimp bug we cannot fix here), which the
    // isolation turns into a LoadError; libFuzzer then checks that path instead.
    const flexure::ImportedMeshes r = format < 4 ? flexure::readMeshesFromMemoryHere(bytes, hint, "<fuzz>")
                                                 : flexure::readMeshesFromMemory(bytes, hint, "<fuzz>");
    for (const flexure::TriangleMesh& m : r.meshes)
      for (const auto& t : m.triangles)
        for (int k : t)
          if (k < 0 || k >= m.vertexCount()) std::abort();
  } catch (const flexure::LoadError&) {
  }
  return 0;
}
