// animate FILE --frames A-B: bakes frames headless. Frame k is at time k / fps; frame A is the
// loaded state solved once, and each next frame calls advance(scene, t_prev, t) of every
// applicable family solver, so each frame starts from the previous frame's solution.
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "flexure/core/tessellation.h"
#include "flexure/io/obj.h"
#include "render_bridge.h"
#include "scene_loading.h"
#include "solve_options.h"
#include "solve_summary.h"
#include "verb.h"

namespace flexure::cli {

namespace {

struct FrameRange {
  int first = 0;
  int last = 0;
};

// "A-B" with A <= B (non-negative), or a single frame "A".
FrameRange parseFrames(const std::string& text) {
  FrameRange r;
  const auto dash = text.find('-');
  auto parse = [](std::string_view s, int& out) {
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return !s.empty() && ec == std::errc() && ptr == s.data() + s.size() && out >= 0;
  };
  const bool ok = dash == std::string::npos ? parse(text, r.first) && parse(text, r.last)
                                            : parse(std::string_view(text).substr(0, dash), r.first) &&
                                                  parse(std::string_view(text).substr(dash + 1), r.last);
  if (!ok || r.last < r.first) throw UsageError("--frames expects A-B with 0 <= A <= B, got \"" + text + "\"");
  return r;
}

std::string frameFile(const std::filesystem::path& dir, int frame, const char* extension) {
  char name[64];
  std::snprintf(name, sizeof name, "frame_%04d.%s", frame, extension);
  return (dir / name).string();
}

struct FrameOutputs {
  std::filesystem::path dir;
  bool obj = false;
  bool png = false;
  int width = 800, height = 600;
};

void writeFrame(const Scene& scene, int frame, const FrameOutputs& out) {
  if (out.obj) writeObjFile(tessellateScene(scene), frameFile(out.dir, frame, "obj"));
  if (out.png) {
    std::string error;
    if (!renderPng(scene, out.width, out.height, frameFile(out.dir, frame, "png"), error))
      throw std::runtime_error("frame " + std::to_string(frame) + ": " + error);
  }
}

int runAnimate(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to animate)");
  const auto framesText = args.value("--frames");
  if (!framesText) throw UsageError("missing --frames A-B");
  const FrameRange frames = parseFrames(*framesText);
  const double fps = args.doubleValue("--fps", 24.0);
  if (fps <= 0.0) throw UsageError("--fps must be positive");
  const SolveOptions options = solveOptionsFrom(args);
  FrameOutputs outputs;
  outputs.dir = args.value("--out").value_or(".");
  outputs.obj = args.has("--obj");
  outputs.png = args.has("--png");
  if (const auto size = args.value("--size")) parseSize(*size, outputs.width, outputs.height);
  if (outputs.png && !renderAvailable()) {
    std::string error;
    renderPng(Scene(), 1, 1, "", error);
    throw std::runtime_error("--png: " + error);
  }
  const bool stats = args.has("--stats");

  const auto scene = openScene(args.positional()[0]);
  if (outputs.obj || outputs.png) std::filesystem::create_directories(outputs.dir);
  const std::vector<const FamilySolver*> solvers = applicableSolvers(*scene);
  const bool tty = ::isatty(2) != 0;
  int unconverged = 0;
  const int total = frames.last - frames.first + 1;
  for (int k = frames.first; k <= frames.last; ++k) {
    const auto start = std::chrono::steady_clock::now();
    const double t = k / fps;
    std::vector<SolveReport> reports;
    for (const FamilySolver* s : solvers)
      reports.push_back(k == frames.first ? s->solve(*scene, options) : s->advance(*scene, (k - 1) / fps, t, options));
    writeFrame(*scene, k, outputs);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!allConverged(reports)) ++unconverged;
    if (stats) {
      nlohmann::json line = summarizeReports(reports);
      line["frame"] = k;
      line["time"] = t;
      line["seconds"] = seconds;  // the whole frame, outputs included
      std::cout << line.dump() << std::endl;
    }
    std::cerr << (tty ? "\r" : "") << "animate: frame " << k << " (" << (k - frames.first + 1) << "/" << total << ")"
              << (tty ? "" : "\n") << std::flush;
  }
  if (tty) std::cerr << "\n";
  if (unconverged > 0) std::cerr << "animate: " << unconverged << " of " << total << " frames did not converge\n";
  return kExitOk;
}

}  // namespace

const Verb& animateVerb() {
  static const Verb verb{
      "animate",
      "bake frames A..B headless; per-frame JSON stats, OBJ and PNG sequences",
      "usage: flexure-cli animate FILE --frames A-B [--fps F] [--out DIR] [--png] [--obj] [--stats]\n"
      "                           [--size WxH] [--method default|paper] [--max-iterations N]\n"
      "                           [--tolerance T]\n\n"
      "Frame k is at time k/F. Frame A is the loaded state solved once; every next frame calls\n"
      "advance(t_prev, t) of each applicable family solver (dynamics integrate, static solvers\n"
      "re-solve from the previous frame), so results do not depend on wall-clock time.\n"
      "A progress line goes to stderr.\n\n"
      "options:\n"
      "  --frames A-B      first and last frame (required; a single frame \"A\" is allowed)\n"
      "  --fps F           frames per second (default 24)\n"
      "  --out DIR         where frame files go (default: current directory; created)\n"
      "  --obj             write DIR/frame_NNNN.obj (tessellated scene) for every frame\n"
      "  --png             render DIR/frame_NNNN.png from the scene camera for every frame\n"
      "  --size WxH        PNG size (default 800x600)\n"
      "  --stats           print one JSON object per frame on stdout: frame, time, converged,\n"
      "                    energy, max_violation, iterations, evaluations, seconds, residuals,\n"
      "                    ... (the solve report keys; \"families\" when several solvers apply)\n"
      "  --method, --max-iterations, --tolerance   as for solve\n\n"
      "exit: 0 when every frame was computed (non-converged frames are reported on stderr and\n"
      "in --stats), 1 error, 2 bad command line\n",
      solveOptionSpecs({{"--frames", "", true},
                        {"--fps", "", true},
                        {"--out", "", true},
                        {"--obj", "", false},
                        {"--png", "", false},
                        {"--size", "", true},
                        {"--stats", "", false}}),
      runAnimate};
  return verb;
}

}  // namespace flexure::cli
