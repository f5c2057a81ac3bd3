// animate FILE --frames A-B: bakes frames headless. Frame k is at time k / fps; frame A is the
// loaded state solved once, and each next frame calls advance(scene, t_prev, t) of every
// applicable family solver, so each frame starts from the previous frame's solution.
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <optional>

#include "flexure/core/solve_summary.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/obj.h"
#include "render_bridge.h"
#include "scene_loading.h"
#include "solve_options.h"
#include "verb.h"

#if FLEXURE_HAS_ANIM
#include "flexure/anim/bake_session.h"
#include "flexure/anim/frame_sequence.h"
#include "flexure/anim/timeline_settings.h"
#endif

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

struct FrameOutputs {
  std::filesystem::path dir;
  bool obj = false;
  bool png = false;
  int width = 800, height = 600;
};

#if !FLEXURE_HAS_ANIM
std::string frameFile(const std::filesystem::path& dir, int frame, const char* extension) {
  char name[64];
  std::snprintf(name, sizeof name, "frame_%04d.%s", frame, extension);
  return (dir / name).string();
}

void writeFrame(const Scene& scene, int frame, const FrameOutputs& out) {
  if (out.obj) writeObjFile(tessellateScene(scene), frameFile(out.dir, frame, "obj"));
  if (out.png) {
    std::string error;
    if (!renderPng(scene, out.width, out.height, frameFile(out.dir, frame, "png"), error))
      throw std::runtime_error("frame " + std::to_string(frame) + ": " + error);
  }
}
#endif

void reportProgress(int frame, int done, int total, bool tty) {
  std::cerr << (tty ? "\r" : "") << "animate: frame " << frame << " (" << done << "/" << total << ")" << (tty ? "" : "\n")
            << std::flush;
}

struct AnimateJob {
  FrameRange frames;
  std::optional<double> fps;  // --fps; otherwise the scene's timeline (24 without one)
  SolveOptions options;
  FrameOutputs outputs;
  bool stats = false;
  bool tty = false;
};

#if FLEXURE_HAS_ANIM
// With the anim module: frames go through its BakeSession, which writes the keyed values of
// every track at t_k, holds keyed parameters frozen and inactive constraints disabled, and runs
// the family solvers (solve() at the timeline's start frame, advance() after). Frames before
// A are solved too, since each frame starts from the previous one.
int animate(Scene& scene, const AnimateJob& job) {
  if (job.fps) scene.settings.get<TimelineSettings>().fps = *job.fps;
  BakeSession session(scene);
  session.setSolveOptions(job.options);
  std::vector<SequenceWriter> writers;
  const FrameOutputs outputs = job.outputs;
  if (outputs.obj) writers.push_back({"obj", [](Scene& s, int, const std::filesystem::path& f) { writeObjFile(tessellateScene(s), f.string()); }});
  if (outputs.png)
    writers.push_back({"png", [outputs](Scene& s, int frame, const std::filesystem::path& f) {
                         std::string error;
                         if (!renderPng(s, outputs.width, outputs.height, f.string(), error))
                           throw std::runtime_error("frame " + std::to_string(frame) + ": " + error);
                       }});
  int unconverged = 0;
  const auto progress = [&](const SequenceProgress& p) {
    if (p.stats) {
      if (!p.stats->converged) ++unconverged;
      if (job.stats) std::cout << frameStatsLine(p.frame, p.stats->time, p.stats->seconds, p.stats->reports).dump() << std::endl;
    }
    reportProgress(p.frame, p.done, p.total, job.tty);
  };
  const SequenceResult result = exportFrameSequence(session, {job.frames.first, job.frames.last},
                                                    writers.empty() ? std::filesystem::path() : outputs.dir, writers, progress);
  if (job.tty) std::cerr << "\n";
  if (unconverged > 0) std::cerr << "animate: " << unconverged << " frames did not converge\n";
  if (result.cancelled) throw std::runtime_error("the bake stopped before the last frame");
  return kExitOk;
}
#else
// Without the anim module: frame A is the loaded state solved once; each next frame calls
// advance(t_prev, t) of every applicable family solver.
int animate(Scene& scene, const AnimateJob& job) {
  const double fps = job.fps.value_or(24.0);
  if (job.outputs.obj || job.outputs.png) std::filesystem::create_directories(job.outputs.dir);
  const std::vector<const FamilySolver*> solvers = applicableSolvers(scene);
  int unconverged = 0;
  const int total = job.frames.last - job.frames.first + 1;
  for (int k = job.frames.first; k <= job.frames.last; ++k) {
    const auto start = std::chrono::steady_clock::now();
    const double t = k / fps;
    std::vector<SolveReport> reports;
    for (const FamilySolver* s : solvers)
      reports.push_back(k == job.frames.first ? s->solve(scene, job.options) : s->advance(scene, (k - 1) / fps, t, job.options));
    writeFrame(scene, k, job.outputs);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!allConverged(reports)) ++unconverged;
    if (job.stats) std::cout << frameStatsLine(k, t, seconds, reports).dump() << std::endl;
    reportProgress(k, k - job.frames.first + 1, total, job.tty);
  }
  if (job.tty) std::cerr << "\n";
  if (unconverged > 0) std::cerr << "animate: " << unconverged << " of " << total << " frames did not converge\n";
  return kExitOk;
}
#endif

int runAnimate(const Arguments& args) {
  args.requirePositional(1, "FILE (the scene to animate)");
  const auto framesText = args.value("--frames");
  if (!framesText) throw UsageError("missing --frames A-B");
  AnimateJob job;
  job.frames = parseFrames(*framesText);
  if (args.has("--fps")) {
    job.fps = args.doubleValue("--fps", 24.0);
    if (*job.fps <= 0.0) throw UsageError("--fps must be positive");
  }
  job.options = solveOptionsFrom(args);
  job.outputs.dir = args.value("--out").value_or(".");
  job.outputs.obj = args.has("--obj");
  job.outputs.png = args.has("--png");
  if (const auto size = args.value("--size")) parseSize(*size, job.outputs.width, job.outputs.height);
  if (job.outputs.png && !renderAvailable()) {
    std::string error;
    renderPng(Scene(), 1, 1, "", error);
    throw std::runtime_error("--png: " + error);
  }
  job.stats = args.has("--stats");
  job.tty = ::isatty(2) != 0;
  const auto scene = openScene(args.positional()[0]);
  return animate(*scene, job);
}

}  // namespace

const Verb& animateVerb() {
  static const Verb verb{
      "animate",
      "bake frames A..B headless; per-frame JSON stats, OBJ and PNG sequences",
      "usage: flexure-cli animate FILE --frames A-B [--fps F] [--out DIR] [--png] [--obj] [--stats]\n"
      "                           [--size WxH] [--method default|paper] [--max-iterations N]\n"
      "                           [--tolerance T]\n\n"
      "Frame k is at time k/F. Keyed parameters and constraint targets take their keyed values\n"
      "(the anim module's bake session); the start frame is solved once (assembly) and every\n"
      "next frame calls advance(t_prev, t) of each applicable family solver (dynamics integrate,\n"
      "static solvers re-solve from the previous frame), so results do not depend on wall-clock\n"
      "time. Frames between the timeline's start and A are solved too (history matters).\n"
      "A progress line goes to stderr.\n\n"
      "options:\n"
      "  --frames A-B      first and last frame (required; a single frame \"A\" is allowed)\n"
      "  --fps F           frames per second (default: the scene's timeline, 24 without one)\n"
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
