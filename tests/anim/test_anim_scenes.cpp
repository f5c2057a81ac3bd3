// The example animation scenes load through the scene-file reader, keep their keys through a
// save/load round trip, and bake deterministically with the registered solvers.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"

using namespace flexure;

namespace {
std::string scenePath(const std::string& name) { return std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name; }

std::vector<std::string> animationScenes() {
  std::vector<std::string> out;
  for (const auto& e : std::filesystem::directory_iterator(std::string(FLEXURE_SOURCE_DIR) + "/scenes")) {
    const std::string name = e.path().filename().string();
    if (name.rfind("anim-", 0) == 0 && e.path().extension() == ".json") out.push_back(name);
  }
  std::sort(out.begin(), out.end());
  return out;
}

double param(const Scene& s, const std::string& q) { return s.parameters().value(s.parameters().find(q)); }
}  // namespace

TEST_CASE("animation scenes load without warnings and keep their keys when saved", "[scenes]") {
  registerAllModules();
  const auto names = animationScenes();
  REQUIRE_FALSE(names.empty());
  for (const std::string& name : names) {
    INFO(name);
    LoadResult loaded = readSceneFile(scenePath(name));
    for (const LoadWarning& w : loaded.warnings) FAIL_CHECK(w.toString());
    const TimelineSettings* tl = loaded.scene->settings.tryGet<TimelineSettings>();
    REQUIRE(tl);
    // Dynamics scenes (anim-monocycle) may animate with no keys at all.
    if (name.find("monocycle") == std::string::npos) CHECK_FALSE(tl->tracks.empty());
    CHECK_NOTHROW(TrackBinding::resolve(*loaded.scene, *tl));
    auto again = loadSceneFromString(sceneToString(*loaded.scene), name);
    const TimelineSettings* tl2 = again->settings.tryGet<TimelineSettings>();
    REQUIRE(tl2);
    REQUIRE(tl2->tracks.size() == tl->tracks.size());
    for (std::size_t i = 0; i < tl->tracks.size(); ++i) CHECK(tl2->tracks[i].keys == tl->tracks[i].keys);
    CHECK(tl2->fps == tl->fps);
    CHECK(tl2->endFrame == tl->endFrame);
  }
}

TEST_CASE("animation scenes bake identically twice", "[scenes][determinism]") {
  registerAllModules();
  for (const std::string& name : animationScenes()) {
    INFO(name);
    auto a = loadScene(scenePath(name)), b = loadScene(scenePath(name));
    BakeSession sa(*a), sb(*b);
    const int last = std::min(timelineOf(*a).endFrame, timelineOf(*a).startFrame + 24);
    sa.bake({timelineOf(*a).startFrame, last});
    sb.bake({timelineOf(*b).startFrame, last});
    for (int f = timelineOf(*a).startFrame; f <= last; ++f) {
      INFO("frame " << f);
      REQUIRE(sa.cache().find(f));
      CHECK(sa.cache().find(f)->state.sameState(sb.cache().find(f)->state));
    }
  }
}

TEST_CASE("the keyed metaball morph moves the north pole with its key", "[scenes]") {
  registerAllModules();
  auto scene = loadScene(scenePath("anim-metaball-morph.json"));
  BakeSession session(*scene);
  session.goToFrame(24);  // t = 1: the displacement key of 0.9
  CHECK(param(*scene, "morph.0.dz") == Approx(0.9));
  CHECK(param(*scene, "morph.1.sy") == Approx(1.6));
  CHECK(param(*scene, "morph.1.angle") == Approx(0.5235987755982988));
  session.goToFrame(48);
  CHECK(param(*scene, "morph.0.dz") == 0.0);
}

TEST_CASE("the keyed pipe follows its keys", "[scenes]") {
  registerAllModules();
  auto scene = loadScene(scenePath("anim-keyed-pipe.json"));
  BakeSession session(*scene);
  session.goToFrame(24);  // t = 1: the middle keys
  CHECK(param(*scene, "pipe.x") == Approx(0.0).margin(1e-12));  // symmetric ease in/out
  CHECK(param(*scene, "pipe.z") == Approx(0.6));
  CHECK(param(*scene, "pipe-rotate.qw") == Approx(std::sqrt(0.5)));
  CHECK(param(*scene, "pipe-rotate.qy") == Approx(-std::sqrt(0.5)));
  session.goToFrame(12);
  const double n = std::hypot(std::hypot(param(*scene, "pipe-rotate.qw"), param(*scene, "pipe-rotate.qx")),
                              std::hypot(param(*scene, "pipe-rotate.qy"), param(*scene, "pipe-rotate.qz")));
  CHECK(n == Approx(1.0).margin(1e-12));
  CHECK(param(*scene, "pipe.z") == Approx(1.2));
  session.goToFrame(48);
  CHECK(param(*scene, "pipe.x") == 1.5);
  CHECK(std::abs(param(*scene, "pipe-rotate.qz")) == Approx(1.0));
}

TEST_CASE("the pipe follows its keyed fixed pipe with both joints met", "[scenes][energy]") {
  registerAllModules();
  auto scene = loadScene(scenePath("anim-pipe-follow.json"));
  BakeSession session(*scene);
  session.goToFrame(0);
  const double startX = param(*scene, "pipe-translate.x"), startZ = param(*scene, "pipe-translate.z");
  session.bake({0, 36});
  for (int f = 0; f <= 36; f += 4) {
    INFO("frame " << f);
    const auto frame = session.cache().find(f);
    REQUIRE(frame);
    CHECK(frame->stats.converged);
    CHECK(frame->stats.energy < 1e-8);
  }
  session.goToFrame(36);  // t = 1.5: fixed-b moved by (+0.6, +0.4, ...)
  CHECK(std::abs(param(*scene, "pipe-translate.x") - startX) + std::abs(param(*scene, "pipe-translate.z") - startZ) > 0.05);
}

TEST_CASE("the snake's slide constraint holds until its interval ends", "[scenes][rigid]") {
  registerAllModules();
  auto scene = loadScene(scenePath("anim-snake.json"));
  const Constraint* slide = nullptr;
  for (const auto& c : scene->constraints)
    if (c->name == "slide") slide = c.get();
  REQUIRE(slide);
  CHECK(slide->active.end == 2.5);
  CHECK(std::isinf(slide->active.begin));
  BakeSession session(*scene);
  session.goToFrame(20);
  const double tailY = param(*scene, "tail.y");
  CHECK(tailY > 2.0);  // still hanging from the rod
}
