// render FILE -o OUT.png [--size WxH]: an offscreen OpenGL picture of the scene from its camera.
#include <iostream>

#include "render_bridge.h"
#include "scene_loading.h"
#include "verb.h"

namespace flexure::cli {

namespace {

int runRender(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to render)");
  const auto out = args.value("--output");
  if (!out) throw UsageError("missing -o OUT.png");
  int width = 800, height = 600;
  if (const auto size = args.value("--size")) parseSize(*size, width, height);
  if (!renderAvailable()) {
    std::string error;
    renderPng(Scene(), 1, 1, "", error);
    std::cerr << "flexure-cli render: " << error << "\n";
    return kExitFailure;
  }
  const auto scene = openScene(args.positional()[0]);
  std::string error;
  if (!renderPng(*scene, width, height, *out, error)) {
    std::cerr << "flexure-cli render: " << error << "\n";
    return kExitFailure;
  }
  std::cout << "wrote " << *out << " (" << width << "x" << height << ")\n";
  return kExitOk;
}

}  // namespace

const Verb& renderVerb() {
  static const Verb verb{
      "render",
      "render the scene from its camera into a PNG (offscreen OpenGL, no display needed)",
      "usage: flexure-cli render FILE -o OUT.png [--size WxH]\n\n"
      "Tessellates the scene with its stored parameters and renders it from the scene's camera\n"
      "(framed on the model when the camera sees none of it) with an offscreen OpenGL 3.3\n"
      "context: EGL on Mesa's surfaceless platform where available (no X display needed),\n"
      "otherwise the default EGL display (e.g. under xvfb-run).\n\n"
      "options:\n"
      "  -o, --output OUT.png   the picture to write (required)\n"
      "  --size WxH             image size in pixels (default 800x600)\n\n"
      "exit: 0 written, 1 load error or no OpenGL context, 2 bad command line\n",
      {{"--output", "-o", true}, {"--size", "", true}},
      runRender};
  return verb;
}

}  // namespace flexure::cli
