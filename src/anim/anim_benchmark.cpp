#include "flexure/anim/anim_benchmark.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/bench_statistics.h"
#include "flexure/core/interleaved_timing.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene.h"

namespace flexure {

namespace {

// `chains` copies of translate → rotate → scale, each translation keyed by Bezier curves and each
// rotation by a quaternion track: 10 Ψ entries and 2 tracks (4 keys each) per chain.
std::unique_ptr<Scene> makeKeyedScene(int chains) {
  auto scene = std::make_unique<Scene>();
  const NodeRegistry& nodes = NodeRegistry::instance();
  TimelineSettings& tl = timelineOf(*scene);
  tl.fps = 24;
  tl.endFrame = 96;
  for (int i = 0; i < chains; ++i) {
    const std::string n = "chain" + std::to_string(i);
    auto t = nodes.create("translate");
    auto r = nodes.create("rotate");
    auto s = nodes.create("scale");
    if (!t || !r || !s) throw std::runtime_error("bench anim: core operators translate/rotate/scale are not registered");
    t->setName(n + "-t");
    r->setName(n + "-r");
    s->setName(n + "-s");
    Node& tn = scene->add(std::move(t));
    Node& rn = scene->add(std::move(r), &tn);
    scene->add(std::move(s), &rn);
    tl.trackFor(n + "-t.x");
    tl.trackFor(n + "-r.qw", TrackKind::Quaternion);  // may reallocate: take references after
    Track& x = *tl.findTrack(n + "-t.x");
    Track& q = *tl.findTrack(n + "-r.qw");
    for (int k = 0; k < 4; ++k) {
      Keyframe key;
      key.time = k;
      key.value = std::sin(i + k);
      key.interpolation = Interpolation::Bezier;
      key.rotation = Quatd::fromAxisAngle(Vec3d{1, 0.5, 0}, 0.5 * k + 0.01 * i);
      x.setKey(key);
      key.interpolation = Interpolation::Linear;
      q.setKey(key);
    }
  }
  return scene;
}

template <class F>
double secondsPer(int reps, F&& f) {
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < reps; ++i) f(i);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() / reps;
}

// Figures that hold still (issue 29): applying the keys and its baseline (a copy of Ψ), capturing
// and restoring a frame and theirs (a clone of the scene), timed in turn over the same rounds
// (wall seconds, interleaved_timing.h) and taken at their minima, beside the means above. No
// streaming-copy figure: Ψ of 1 000 chains is 80 kB and stays in the cache, so none of this work
// is bound by the memory's bandwidth.
void addInterleavedMinima(nlohmann::json& out, Scene& scene, const TrackBinding& binding, const SceneSnapshot& base,
                          SceneSnapshot& frame, int rounds) {
  int applied = 0, restored = 0;
  volatile double sink = 0;
  Eigen::VectorXd copy(scene.parameters().size());
  const std::vector<std::vector<double>> times = bench::interleavedWallSeconds(
      // Keys applied at two times between keys in turn: the same work each round, never a time that
      // lands on a key (the loop above starts at t = 0, on the keys, its cheapest case).
      rounds, {[&] { binding.apply(scene, applied++ % 2 ? 1.37 : 2.61); },
               [&] {
                 copy = scene.parameters().values();
                 sink = sink + copy[0];
               },
               [&] { frame = SceneSnapshot::capture(scene, &base); },
               [&] { (restored++ % 2 ? frame : base).restore(scene, &base); },
               [&] { sink = sink + scene.clone()->parameters().value(0); }});
  std::vector<double> minima;
  for (const std::vector<double>& t : times) minima.push_back(bench::minimum(t));
  const double us = 1e6;
  out["min_apply_keys_us"] = minima[0] * us;
  out["min_baseline_copy_psi_us"] = minima[1] * us;
  out["min_apply_keys_over_copy_psi"] = minima[0] / std::max(1e-12, minima[1]);
  out["min_snapshot_capture_us"] = minima[2] * us;
  out["min_snapshot_restore_us"] = minima[3] * us;
  out["min_baseline_scene_clone_us"] = minima[4] * us;
  out["min_snapshot_capture_over_clone"] = minima[2] / std::max(1e-12, minima[4]);
  out["min_snapshot_restore_over_clone"] = minima[3] / std::max(1e-12, minima[4]);
  // The same rounds' medians, for how far the minima lie from a typical round.
  out["median_apply_keys_us"] = bench::median(times[0]) * us;
  out["median_snapshot_capture_us"] = bench::median(times[2]) * us;
  out["median_snapshot_restore_us"] = bench::median(times[3]) * us;
  out["median_baseline_scene_clone_us"] = bench::median(times[4]) * us;
  out["min_rounds"] = rounds;
}

}  // namespace

nlohmann::json runAnimBenchmarks(bool quick) {
  const int chains = quick ? 100 : 1000;
  const int reps = quick ? 20 : 100;
  auto scene = makeKeyedScene(chains);
  const TimelineSettings& tl = timelineOf(static_cast<const Scene&>(*scene));
  const TrackBinding binding = TrackBinding::resolve(*scene, tl);
  nlohmann::json out;
  out["parameters"] = scene->parameters().size();
  out["tracks"] = tl.tracks.size();

  volatile double sink = 0;
  const double applyKeys = secondsPer(reps, [&](int i) { binding.apply(*scene, 0.0371 * i); });
  Eigen::VectorXd copy(scene->parameters().size());
  const double copyPsi = secondsPer(reps * 10, [&](int) {
    copy = scene->parameters().values();
    sink = sink + copy[0];
  });
  out["apply_keys_us"] = applyKeys * 1e6;
  out["apply_keys_tracks_per_second"] = tl.tracks.size() / applyKeys;
  out["baseline_copy_psi_us"] = copyPsi * 1e6;

  const SceneSnapshot base = SceneSnapshot::capture(*scene);
  binding.apply(*scene, 1.5);
  SceneSnapshot frame;
  const double capture = secondsPer(reps, [&](int) { frame = SceneSnapshot::capture(*scene, &base); });
  const double restore = secondsPer(reps, [&](int i) { (i % 2 ? frame : base).restore(*scene, &base); });
  const double clone = secondsPer(std::max(2, reps / 10), [&](int) { sink = sink + scene->clone()->parameters().value(0); });
  out["snapshot_capture_us"] = capture * 1e6;
  out["snapshot_restore_us"] = restore * 1e6;
  out["snapshot_bytes_per_frame"] = frame.bytes();
  out["snapshot_bytes_initial_state"] = base.bytes();
  out["psi_bytes"] = scene->parameters().size() * sizeof(double);
  out["baseline_scene_clone_us"] = clone * 1e6;
  addInterleavedMinima(out, *scene, binding, base, frame, quick ? 5 : 20);

  // Baking with no solver: keys + snapshot + cache per frame; then scrubbing over the cache.
  base.restore(*scene);
  SolverRegistry none;
  BakeSession session(*scene, none);
  const auto bakeStart = std::chrono::steady_clock::now();
  session.bake({0, tl.endFrame});
  const double bake = std::chrono::duration<double>(std::chrono::steady_clock::now() - bakeStart).count();
  const double scrub = secondsPer(reps, [&](int i) { session.goToFrame((i * 37) % (tl.endFrame + 1)); });
  out["bake_frames_per_second"] = (tl.endFrame + 1) / bake;
  out["scrub_cached_frame_us"] = scrub * 1e6;
  out["cache_bytes"] = session.cache().bytesUsed();
  out["cache_frames"] = session.cache().frameCount();
  out["sink"] = static_cast<double>(sink) != 0.0;
  return out;
}

}  // namespace flexure
