// export-gltf FILE -o OUT.glb [--frames A-B] [--fps F] [--resolution N]: the scene, or a baked
// frame range, as glTF 2.0 (flexure/interchange/gltf_export.h).
#include <unistd.h>

#include <iostream>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/frame_sequence.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/interchange/gltf_export.h"
#include "scene_loading.h"
#include "solve_options.h"
#include "verb.h"

#if FLEXURE_HAS_RENDER
#include "flexure/render/color.h"
#endif

namespace flexure::cli {

namespace {

int runExportGltf(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to export)");
  const auto out = args.value("--output");
  if (!out) throw UsageError("missing -o OUT.glb (or OUT.gltf)");
  if (!out->ends_with(".glb") && !out->ends_with(".gltf")) throw UsageError("-o must end in .glb or .gltf");
  GltfExportOptions options;
  options.tessellation.resolution = args.intValue("--resolution", options.tessellation.resolution);
  if (options.tessellation.resolution < 1 || options.tessellation.resolution > 4096)
    throw UsageError("--resolution must be between 1 and 4096");
#if FLEXURE_HAS_RENDER
  // The viewport's part colours (render/scene_renderer.cpp: paletteColor of the path's index).
  options.partColor = [](std::size_t i) {
    const ColorRgb c = paletteColor(static_cast<int>(i));
    return std::array<float, 3>{c.r, c.g, c.b};
  };
#endif
  std::optional<FrameRange> frames;
  if (const auto text = args.value("--frames")) {
    frames = parseFrameRange(*text);
    if (!frames) throw UsageError("--frames expects A-B with A <= B, got \"" + *text + "\"");
  }
  std::optional<double> fps;
  if (args.has("--fps")) {
    if (!frames) throw UsageError("--fps needs --frames");
    fps = args.doubleValue("--fps", 24.0);
    if (!(*fps > 0.0)) throw UsageError("--fps must be positive");
  }
  const SolveOptions solve = solveOptionsFrom(args);
  const auto scene = openScene(args.positional()[0]);
  GltfExportResult r;
  if (!frames) {
    r = exportGltf(*scene, *out, options);
  } else {
    if (fps) scene->settings.get<TimelineSettings>().fps = *fps;
    BakeSession session(*scene);
    session.setSolveOptions(solve);
    const bool tty = ::isatty(2) != 0;
    r = exportGltfAnimation(session, *frames, *out, options, [&](const GltfExportProgress& p) {
      std::cerr << (tty ? "\r" : "") << "export-gltf: frame " << p.frame << " (" << p.done << "/" << p.total << ")"
                << (tty ? "" : "\n") << std::flush;
    });
    if (tty) std::cerr << "\n";
  }
  std::cout << "wrote " << *out << ": " << r.bytes << " bytes, " << r.nodes << " nodes, " << r.meshes << " meshes, "
            << r.frames << " frames, " << r.transformChannels << " transform channels, " << r.morphTargets
            << " morph targets\n";
  return kExitOk;
}

}  // namespace

const Verb& exportGltfVerb() {
  static const Verb verb{
      "export-gltf",
      "write the scene or a baked frame range as glTF 2.0 (.glb or .gltf + .bin)",
      "usage: flexure-cli export-gltf FILE -o OUT.glb [--frames A-B] [--fps F] [--resolution N]\n"
      "                               [--method default|paper] [--max-iterations N] [--tolerance T]\n\n"
      "The glTF nodes mirror the scene graph: translate, rotate, scale and solid operators become\n"
      "node translation/rotation/scale named after the scene's nodes; each primitive is a mesh in\n"
      "its nearest rigid ancestor's space, with bend, twist, taper and metaball deformations above\n"
      "it applied to the vertices; materials carry the viewport's part colours.\n"
      "With --frames the range is baked as `animate` bakes it and written as one animation at the\n"
      "timeline's fps: changing transforms as TRS channels, changing vertices as one morph target\n"
      "per frame with weights 1 at that frame, so every frame shows exactly the baked frame.\n"
      "Written atomically (.gltf writes OUT.bin beside it first).\n\n"
      "options:\n"
      "  -o, --output OUT     the file to write, .glb or .gltf (required)\n"
      "  --frames A-B         export frames A..B as an animation (default: the scene as stored)\n"
      "  --fps F              frames per second (default: the scene's timeline, 24 without one)\n"
      "  --resolution N       samples per unit of (u, v) on each patch (default 32)\n"
      "  --method, --max-iterations, --tolerance   as for solve\n",
      solveOptionSpecs({{"--output", "-o", true}, {"--frames", "", true}, {"--fps", "", true}, {"--resolution", "", true}}),
      runExportGltf};
  return verb;
}

}  // namespace flexure::cli
