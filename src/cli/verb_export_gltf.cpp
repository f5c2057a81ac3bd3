// export-gltf FILE -o OUT.glb [--frames A-B | --still] [--fps F] [--resolution N]: the scene, or a
// baked frame range, as glTF 2.0 (flexure/interchange/gltf_export.h). An animated scene writes its
// timeline's range unless --still or --frames says otherwise (issue 28).
#include <unistd.h>

#include <iostream>

#include "flexure/anim/animated_scene.h"
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
  const bool still = args.has("--still");
  std::optional<FrameRange> frames;
  if (const auto text = args.value("--frames")) {
    if (still) throw UsageError("--still and --frames exclude each other");
    frames = parseFrameRange(*text);
    if (!frames) throw UsageError("--frames expects A-B with A <= B, got \"" + *text + "\"");
  }
  std::optional<double> fps;
  if (args.has("--fps")) {
    if (still) throw UsageError("--fps needs an animation; --still writes the stored state alone");
    fps = args.doubleValue("--fps", 24.0);
    if (!(*fps > 0.0)) throw UsageError("--fps must be positive");
  }
  const SolveOptions solve = solveOptionsFrom(args);
  const auto scene = openScene(args.positional()[0]);
  // An animated scene (keyframe tracks, or dynamics) exports its timeline range unless told
  // otherwise, as the window's File → Export → glTF offers it (anim/animated_scene.h).
  if (!frames && !still) {
    const SceneAnimation animation = sceneAnimation(*scene);
    if (animation.animated()) {
      frames = animation.range;
      std::cerr << "export-gltf: the scene is animated (" << animation.reason() << "): writing its timeline's frames "
                << frames->first << "-" << frames->last << " at " << (fps ? *fps : animation.fps)
                << " fps (--still writes the stored state alone, --frames another range)\n";
    } else if (fps) {
      throw UsageError("--fps needs --frames: the scene has no keyframe tracks and no dynamics");
    }
  }
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
      "usage: flexure-cli export-gltf FILE -o OUT.glb [--frames A-B | --still] [--fps F] [--resolution N]\n"
      "                               [--method default|paper] [--max-iterations N] [--tolerance T]\n\n"
      "The glTF nodes mirror the scene graph: translate, rotate, scale and solid operators become\n"
      "node translation/rotation/scale named after the scene's nodes; each primitive is a mesh in\n"
      "its nearest rigid ancestor's space, with bend, twist, taper and metaball deformations above\n"
      "it applied to the vertices; materials carry the viewport's part colours.\n"
      "An animated scene (keyframe tracks on its timeline, or dynamics such as falling solids) is\n"
      "written as an animation of its timeline's frames by default, and says so on stderr; another\n"
      "scene is written as stored. A range is baked as `animate` bakes it and written as one\n"
      "animation at the timeline's fps: changing transforms as TRS channels, changing vertices as\n"
      "one morph target per frame with weights 1 at that frame, so every frame shows exactly the\n"
      "baked frame. Written atomically (.gltf writes OUT.bin beside it first).\n\n"
      "options:\n"
      "  -o, --output OUT     the file to write, .glb or .gltf (required)\n"
      "  --frames A-B         export frames A..B as an animation (default: the timeline's range when\n"
      "                       the scene is animated, else the scene as stored)\n"
      "  --still              write the stored state alone, no animation, even for an animated scene\n"
      "  --fps F              frames per second (default: the scene's timeline, 24 without one)\n"
      "  --resolution N       samples per unit of (u, v) on each patch (default 32)\n"
      "  --method, --max-iterations, --tolerance   as for solve\n",
      solveOptionSpecs({{"--output", "-o", true},
                        {"--frames", "", true},
                        {"--still", "", false},
                        {"--fps", "", true},
                        {"--resolution", "", true}}),
      runExportGltf};
  return verb;
}

}  // namespace flexure::cli
