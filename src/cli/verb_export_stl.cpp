// export-stl FILE -o OUT.stl [--resolution N]: the tessellated scene as one binary STL, for
// printing the solved part.
#include <iostream>

#include "flexure/core/tessellation.h"
#include "flexure/interchange/stl_export.h"
#include "scene_loading.h"
#include "verb.h"

namespace flexure::cli {

namespace {

int runExportStl(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to export)");
  const auto out = args.value("--output");
  if (!out) throw UsageError("missing -o OUT.stl");
  TessellationOptions options;
  options.resolution = args.intValue("--resolution", options.resolution);
  if (options.resolution < 1 || options.resolution > 4096) throw UsageError("--resolution must be between 1 and 4096");
  const auto scene = openScene(args.positional()[0]);
  const std::vector<TriangleMesh> meshes = tessellateScene(*scene, options);
  const std::size_t bytes = writeBinaryStlFile(meshes, *out);
  std::cout << "wrote " << *out << ": " << (bytes - 84) / 50 << " triangles, " << bytes << " bytes\n";
  return kExitOk;
}

}  // namespace

const Verb& exportStlVerb() {
  static const Verb verb{
      "export-stl",
      "tessellate the scene and write it as one binary STL (for printing the solved part)",
      "usage: flexure-cli export-stl FILE -o OUT.stl [--resolution N]\n\n"
      "Tessellates every leaf-to-root path with the stored parameters, as export-obj does, and\n"
      "writes all triangles into one binary STL (float32 vertices, unit facet normals, counter-\n"
      "clockwise seen from outside). Written atomically.\n\n"
      "options:\n"
      "  -o, --output OUT.stl   the file to write (required)\n"
      "  --resolution N         samples per unit of (u, v) on each patch (default 32)\n",
      {{"--output", "-o", true}, {"--resolution", "", true}},
      runExportStl};
  return verb;
}

}  // namespace flexure::cli
