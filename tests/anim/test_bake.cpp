#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <sstream>
#include <thread>


#include "keyframe_test_support.h"
#include "anim_test_scene.h"
#include "flexure/anim/bake_session.h"
#include "flexure/anim/invalidation.h"
#include "flexure/anim/timeline_settings.h"

namespace Catch {
template <>
struct StringMaker<flexure::FrameRange> {
  static std::string convert(const flexure::FrameRange& r) { return std::to_string(r.first) + ".." + std::to_string(r.last); }
};
}  // namespace Catch

using namespace flexure;
using flexure::test::key;

namespace {

// The anchor is keyed 0 → 1 → -0.5 → 0.5 at t = 0, 0.5, 1, 1.5 (24 fps, frames 0..48); the
// spring drags the mass after it with inertia, so each frame depends on the previous one.
std::unique_ptr<Scene> makeAnimatedScene() {
  auto scene = test::makeSpringScene();
  TimelineSettings& tl = timelineOf(*scene);
  tl.fps = 24.0;
  tl.startFrame = 0;
  tl.endFrame = 48;
  Track& x = tl.trackFor("anchor.x");
  x.setKey(key(0.0, 0.0));
  x.setKey(key(0.5, 1.0, Interpolation::Bezier));
  x.setKey(key(1.0, -0.5, Interpolation::CatmullRom));
  x.setKey(key(1.5, 0.5));
  x.keys[0].interpolation = Interpolation::Linear;
  x.keys[2].interpolation = Interpolation::Linear;
  return scene;
}

struct Rig {
  SolverRegistry registry;
  test::TestSpringSolver* solver = nullptr;
  std::unique_ptr<Scene> scene;
  std::unique_ptr<BakeSession> session;
  explicit Rig(std::unique_ptr<Scene> s = makeAnimatedScene(), std::size_t budget = BakeCache::kDefaultBudget, int checkpoint = 10) {
    auto owned = std::make_unique<test::TestSpringSolver>();
    solver = owned.get();
    registry.add(std::move(owned));
    scene = std::move(s);
    session = std::make_unique<BakeSession>(*scene, registry, budget, checkpoint);
  }
  double massX() const { return scene->parameters().value(scene->find("mass")->paramIndex("x")); }
  double anchorX() const { return scene->parameters().value(scene->find("anchor")->paramIndex("x")); }
};

std::string describe(const std::vector<double>& v) {
  std::ostringstream out;
  out.precision(17);
  for (double x : v) out << x << ' ';
  return out.str();
}

// Every cached frame of `a`, as the session shows it, equals the same frame of a fresh full bake
// of its current initial state, bit for bit: no stale frame survived an edit.
void requireCacheMatchesFreshBake(Rig& a, int last) {
  auto copy = a.scene->clone();
  a.session->initialState().restore(*copy);
  Rig fresh(std::move(copy));
  fresh.session->bake({0, last});
  for (int f : a.session->cache().frames()) {
    INFO("frame " << f);
    REQUIRE(a.session->showCachedFrame(f));
    REQUIRE(fresh.session->showCachedFrame(f));
    const SceneSnapshot mine = SceneSnapshot::capture(*a.scene), theirs = SceneSnapshot::capture(*fresh.scene);
    INFO("Ψ " << describe(mine.psi()) << " vs " << describe(theirs.psi()));
    CHECK(mine.sameState(theirs));
  }
}

}  // namespace

TEST_CASE("a frame applies the keys, holds keyed parameters and runs the solvers", "[frame-solver]") {
  Rig rig;
  const TimelineSettings& tl = timelineOf(*rig.scene);
  const FrameSolver solver(rig.registry);
  CHECK(solver.applicableSolvers(*rig.scene).size() == 1);
  const TrackBinding binding = TrackBinding::resolve(*rig.scene, tl);
  const int anchorX = rig.scene->find("anchor")->paramIndex("x");

  FrameStats first = solver.solveFrame(*rig.scene, binding, tl, 0, true);
  CHECK(rig.solver->solveCalls == 1);
  CHECK(rig.massX() == 0.0);  // assembled at rest on the anchor
  FrameStats s = solver.solveFrame(*rig.scene, binding, tl, 6, false);
  CHECK(rig.solver->advanceCalls == 1);
  CHECK(rig.anchorX() == Approx(timelineOf(*rig.scene).tracks[0].valueAt(0.25)));
  CHECK_FALSE(rig.scene->parameters().isFrozen(anchorX));  // the user's flag is back
  CHECK(rig.massX() > 0.0);                                // pulled towards the anchor
  CHECK(s.iterations == 8);
  CHECK(s.energy > 0.0);
  CHECK(s.maxViolation == Approx(std::abs(rig.massX() - rig.anchorX())));
  CHECK(s.converged);
  CHECK(s.time == 0.25);
  const nlohmann::json j = s.toJson(true);
  for (const char* k : {"frame", "iterations", "energy", "max_violation", "converged", "seconds"}) CHECK(j.contains(k));
  CHECK(j["frame"] == 6);
  CHECK(j["solvers"][0]["family"] == "test");
}

TEST_CASE("scrubbing onto cached frames restores them without solving", "[bake][cache]") {
  Rig rig;
  BakeOutcome o = rig.session->goToFrame(10);
  CHECK(o.solvedFrames == 11);
  CHECK(o.shownFrame == 10);
  CHECK_FALSE(o.fromCache);
  CHECK(rig.session->cache().cachedRanges() == std::vector<FrameRange>{{0, 10}});
  const double at5 = rig.session->cache().find(5)->state.psi()[static_cast<std::size_t>(rig.scene->find("mass")->paramIndex("x"))];

  const int advances = rig.solver->advanceCalls;
  o = rig.session->goToFrame(5);
  CHECK(o.fromCache);
  CHECK(o.solvedFrames == 0);
  CHECK(rig.massX() == at5);
  CHECK(rig.solver->advanceCalls == advances);
  // Past the cache: solve forward from the last cached frame only.
  o = rig.session->goToFrame(12);
  CHECK(o.solvedFrames == 2);
  CHECK(rig.solver->advanceCalls == advances + 2);
  // Playback never solves: uncached frames are simply not shown.
  CHECK(rig.session->showCachedFrame(3));
  CHECK(rig.session->shownFrame() == 3);
  CHECK_FALSE(rig.session->showCachedFrame(30));
  CHECK(rig.session->shownFrame() == 3);
  CHECK(rig.solver->advanceCalls == advances + 2);
  // Frames before the start are the start frame.
  CHECK(rig.session->goToFrame(-4).shownFrame == 0);
}

TEST_CASE("a bake is bitwise identical when run twice, and scrubbing does not change it", "[bake][determinism]") {
  Rig a, b;
  a.session->bake({0, 48});
  // b reaches every frame through a scrubbing history with evictions and restores.
  b.session->cache().setByteBudget(8 * a.session->cache().find(0)->state.bytes());
  for (int f : {7, 3, 20, 11, 48, 0, 33, 47, 25})
    b.session->goToFrame(f);
  CHECK(b.session->cache().evictions() > 0);
  b.session->cache().setByteBudget(BakeCache::kDefaultBudget);
  b.session->bake({0, 48});
  for (int f = 0; f <= 48; ++f) {
    INFO("frame " << f);
    CHECK(a.session->cache().find(f)->state.sameState(b.session->cache().find(f)->state));
  }
  // And the motion is real: the mass moved and lags behind the anchor.
  a.session->goToFrame(12);
  CHECK(a.massX() > 0.2);
  CHECK(a.massX() < a.anchorX());
}

TEST_CASE("a key edit invalidates the frames after the previous key only", "[bake][invalidation]") {
  Rig rig;
  rig.session->bake({0, 48});
  const auto before = rig.session->cache().find(20);
  // Key at t = 1.0 (frame 24); the key before it is at t = 0.5 (frame 12). The 1.0 key's segment
  // starts Catmull-Rom but the track mixes modes, so slopes reach one more key back (t = 0).
  rig.session->setKey("anchor.x", key(1.0, -0.8, Interpolation::CatmullRom));
  CHECK(rig.session->cache().cachedRanges().empty());
  rig.session->bake({0, 48});
  CHECK_FALSE(rig.session->cache().find(20)->state.sameState(before->state));
  requireCacheMatchesFreshBake(rig, 48);

  // A track without neighbour slopes: linear keys only; a key edit keeps the frames before the
  // previous key's frame (t = 0.5, frame 12, is invalidated too, conservatively).
  Rig lin;
  timelineOf(*lin.scene).tracks[0].keys[1].interpolation = Interpolation::Linear;
  timelineOf(*lin.scene).tracks[0].keys[2].interpolation = Interpolation::Linear;
  lin.session = std::make_unique<BakeSession>(*lin.scene, lin.registry);
  lin.session->bake({0, 48});
  const auto keep = lin.session->cache().find(11);
  lin.session->setKey("anchor.x", key(1.0, -0.8));
  CHECK(lin.session->cache().cachedRanges() == std::vector<FrameRange>{{0, 11}});
  CHECK(lin.session->cache().find(11) == keep);  // untouched, not re-solved
  lin.session->bake({0, 48});
  requireCacheMatchesFreshBake(lin, 48);

  // Moving and deleting keys.
  CHECK(lin.session->moveKey("anchor.x", 1.5, 1.75));
  CHECK(lin.session->cache().cachedRanges() == std::vector<FrameRange>{{0, 23}});
  CHECK_FALSE(lin.session->removeKey("anchor.x", 1.5));
  lin.session->bake({0, 48});
  CHECK(lin.session->removeKey("anchor.x", 0.5));
  CHECK(lin.session->cache().cachedRanges().empty());
  lin.session->bake({0, 48});
  requireCacheMatchesFreshBake(lin, 48);
}

TEST_CASE("parameter, constraint, solver and structural edits invalidate what they change", "[bake][invalidation]") {
  Rig rig;
  rig.session->bake({0, 48});
  // A keyed parameter's own value is overwritten by its keys: nothing changes.
  rig.session->setParameter(rig.scene->find("anchor")->paramIndex("x"), 7.0);
  CHECK(rig.session->cache().frameCount() == 49);
  requireCacheMatchesFreshBake(rig, 48);
  // A parameter that is not keyed is part of the initial state: everything.
  rig.session->setParameter(rig.scene->find("mass")->paramIndex("mass"), 2.0);
  CHECK(rig.session->cache().frameCount() == 0);
  rig.session->bake({0, 48});
  requireCacheMatchesFreshBake(rig, 48);

  // A constraint active from t = 1: frames before its interval stay.
  rig.session->editConstraint(0, [](Constraint& c) { c.active = {1.0, 10.0}; });
  CHECK(rig.session->cache().cachedRanges().empty());  // it was always active
  rig.session->bake({0, 48});
  requireCacheMatchesFreshBake(rig, 48);
  rig.session->editConstraint(0, [](Constraint& c) { static_cast<test::TestSpring&>(c).stiffness = 80.0; });
  // Frames before t = 1 (frame 24) stay.
  CHECK(rig.session->cache().cachedRanges() == std::vector<FrameRange>{{0, 23}});
  rig.session->bake({0, 48});
  requireCacheMatchesFreshBake(rig, 48);

  // Solver settings: everything.
  SolveOptions options;
  options.maxIterations = 5;
  rig.session->setSolveOptions(options);
  CHECK(rig.session->cache().frameCount() == 0);
  rig.session->bake({0, 48});

  // Structure: a node added in front shifts Ψ; everything, and the tracks are re-resolved.
  rig.session->editGlobally([](Scene& s) {
    auto extra = std::make_unique<test::TestAnchor>();
    extra->setName("extra");
    s.add(std::move(extra), nullptr, 0);
  });
  CHECK(rig.session->cache().frameCount() == 0);
  rig.session->goToFrame(12);
  CHECK(rig.anchorX() == Approx(1.0));
  // A track whose target disappears is reported.
  CHECK_THROWS_WITH(rig.session->editGlobally([](Scene& s) { s.remove(*s.find("anchor")); }), Catch::Contains("anchor.x"));
  CHECK(rig.session->cache().frameCount() == 0);
}

TEST_CASE("the cache stays within its byte budget, evicting far frames and keeping checkpoints", "[bake][cache]") {
  Rig probe;
  probe.session->goToFrame(1);
  const std::size_t oneFrame = probe.session->cache().bytesUsed();
  probe.session->goToFrame(2);
  const std::size_t perFrame = probe.session->cache().bytesUsed() - oneFrame;
  REQUIRE(perFrame > 0);
  Rig rig(makeAnimatedScene(), 12 * perFrame + perFrame / 2, 10);
  rig.session->goToFrame(48);
  BakeCache& cache = rig.session->cache();
  CHECK(cache.bytesUsed() <= cache.byteBudget());
  CHECK(cache.frameCount() == 12);
  CHECK(cache.evictions() == 49 - 12);
  // Kept: the playhead's neighbourhood and the checkpoints 0, 10, 20, 30, 40.
  for (int f : {0, 10, 20, 30, 40, 48, 47}) CHECK(cache.contains(f));
  CHECK_FALSE(cache.contains(1));
  // Scrubbing back into evicted frames re-bakes from the nearest checkpoint only.
  const int advances = rig.solver->advanceCalls;
  BakeOutcome o = rig.session->goToFrame(25);
  CHECK(o.solvedFrames == 5);
  CHECK(rig.solver->advanceCalls == advances + 5);
  CHECK(cache.bytesUsed() <= cache.byteBudget());
  // Per-frame snapshots share the static fields with the initial state.
  CHECK(cache.find(25)->state.bytes() < rig.session->initialState().bytes());
}

TEST_CASE("cancelling a bake stops promptly and leaves a consistent cache", "[bake][cancel]") {
  Rig rig;
  std::atomic<bool> cancel{false};
  // Cancel from the progress callback after frame 5 is solved.
  BakeOutcome o = rig.session->goToFrame(40, &cancel, [&](const BakeProgress& p) {
    if (p.frame == 5) cancel = true;
  });
  CHECK(o.cancelled);
  CHECK(o.shownFrame == 5);
  CHECK(rig.session->cache().cachedRanges() == std::vector<FrameRange>{{0, 5}});

  // Cancel from another thread while a slow solver is inside a frame.
  rig.solver->slowIterations = 2'000'000;
  cancel = false;
  std::thread canceller([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    cancel = true;
  });
  o = rig.session->goToFrame(48, &cancel);
  canceller.join();
  CHECK(o.cancelled);
  CHECK(o.solvedFrames < 43);
  // Only complete frames are cached, the scene shows the last one, and it is the right state.
  const auto ranges = rig.session->cache().cachedRanges();
  REQUIRE(ranges.size() == 1);
  CHECK(ranges[0].first == 0);
  REQUIRE(o.shownFrame);
  CHECK(*o.shownFrame == ranges[0].last);
  CHECK(SceneSnapshot::capture(*rig.scene).sameState(rig.session->cache().find(ranges[0].last)->state));
  rig.solver->slowIterations = 0;
  rig.session->bake({0, 48});
  requireCacheMatchesFreshBake(rig, 48);
}
