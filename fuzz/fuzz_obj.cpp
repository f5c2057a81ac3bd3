// libFuzzer target: the Wavefront OBJ importer. Any input must either parse or throw LoadError.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "flexure/core/load_error.h"
#include "flexure/io/obj.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const flexure::TriangleMesh mesh = flexure::parseObj(text, "fuzz.obj");
    for (const auto& t : mesh.triangles)
      for (int k : t)
        if (k < 0 || k >= mesh.vertexCount()) __builtin_trap();  // the importer promised valid indices
  } catch (const flexure::LoadError&) {
  }
  return 0;
}
