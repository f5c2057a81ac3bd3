#include "import_limit_options.h"

#include <cmath>

#include "flexure/interchange/import_limits.h"

namespace flexure::cli {

std::vector<OptionSpec> importLimitSpecs() { return {{"--import-memory", "", true}, {"--import-seconds", "", true}}; }

const char* importLimitHelp() {
  return "\nmesh files read through assimp (.stl .ply .gltf .glb .fbx .dae .3ds, also as a mesh node's source)\n"
         "run in a child process that is stopped, with an error naming the file, when it crosses a limit:\n"
         "  --import-memory SIZE  memory the reader may take, e.g. 512M, 2G; 0 for no limit\n"
         "                        (default: a quarter of this machine's memory, at most 2G)\n"
         "  --import-seconds S    wall-clock time the reader may take; 0 for no limit (default 60)\n";
}

void applyImportLimits(const Arguments& args) {
  MeshImportLimits limits = defaultMeshImportLimits();
  if (const auto text = args.value("--import-memory")) {
    const auto bytes = parseByteSize(*text);
    if (!bytes) throw UsageError("--import-memory expects a size such as 512M or 2G (0: no limit), got \"" + *text + "\"");
    limits.memoryBytes = *bytes;
  }
  if (args.has("--import-seconds")) {
    limits.seconds = args.doubleValue("--import-seconds", limits.seconds);
    if (!(limits.seconds >= 0.0) || !std::isfinite(limits.seconds)) throw UsageError("--import-seconds must be 0 or positive");
  }
  setMeshImportLimits(limits);
}

}  // namespace flexure::cli
