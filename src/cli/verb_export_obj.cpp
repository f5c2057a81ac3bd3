// export-obj FILE -o OUT.obj [--resolution N]: the tessellated scene as Wavefront OBJ.
#include <iostream>

#include "flexure/core/tessellation.h"
#include "flexure/io/obj.h"
#include "scene_loading.h"
#include "verb.h"

namespace flexure::cli {

namespace {

int runExportObj(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to export)");
  const auto out = args.value("--output");
  if (!out) throw UsageError("missing -o OUT.obj");
  TessellationOptions options;
  options.resolution = args.intValue("--resolution", options.resolution);
  if (options.resolution < 1 || options.resolution > 4096) throw UsageError("--resolution must be between 1 and 4096");
  const auto scene = openScene(args.positional()[0]);
  const std::vector<TriangleMesh> meshes = tessellateScene(*scene, options);
  writeObjFile(meshes, *out);
  std::size_t triangles = 0, vertices = 0;
  for (const TriangleMesh& m : meshes) {
    triangles += m.triangles.size();
    vertices += m.positions.size();
  }
  std::cout << "wrote " << *out << ": " << meshes.size() << " objects, " << vertices << " vertices, " << triangles
            << " triangles\n";
  return kExitOk;
}

}  // namespace

const Verb& exportObjVerb() {
  static const Verb verb{
      "export-obj",
      "tessellate the scene and write it as Wavefront OBJ (one object per primitive path)",
      "usage: flexure-cli export-obj FILE -o OUT.obj [--resolution N]\n\n"
      "Tessellates every leaf-to-root path with the stored parameters (positions through every\n"
      "operator, normals through J^-T) and writes one `o` per path, named after its primitive,\n"
      "with v, vt (when present) and vn lines and 1-based indices. Written atomically.\n\n"
      "options:\n"
      "  -o, --output OUT.obj   the file to write (required)\n"
      "  --resolution N         samples per unit of (u, v) on each patch (default 32)\n",
      {{"--output", "-o", true}, {"--resolution", "", true}},
      runExportObj};
  return verb;
}

}  // namespace flexure::cli
