// Delete several (issue 27): nodes go with their sub-trees, the constraints and keyframe tracks
// that referred to them; putting them back gives the scene's text byte for byte.
#include <catch2/catch.hpp>

#include "example_scene_support.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/node_removal.h"

using namespace flexure;
using namespace flexure::iotest;

namespace {

// Pipefitting with keys on a removed part, on a constraint and on a part that stays.
std::unique_ptr<Scene> animatedPipefitting() {
  auto scene = loadExample("pipefitting.json");
  TimelineSettings& timeline = timelineOf(*scene);
  for (const char* target : {"pipe-bend.amount", "constraint:join-a.weight", "fixed-b-translate.z", "pipe.length"}) {
    Track& t = timeline.trackFor(target);
    t.setKey(keyframeAt(0.0, 1.0));
    t.setKey(keyframeAt(1.0, 2.0));
  }
  return scene;
}

}  // namespace

TEST_CASE("delete several takes constraints and tracks along and restoring gives the same text", "[removal]") {
  auto scene = animatedPipefitting();
  const std::string text = sceneToString(*scene);
  // "pipe" lies inside "pipe-translate": it goes with it, not twice.
  RemovedNodes removed = removeNodes(*scene, {"fixed-a", "pipe-translate", "pipe"});
  CHECK(removed.roots == std::vector<std::string>{"fixed-a", "pipe-translate"});
  CHECK(removed.removed.nodes.size() == 5);
  CHECK(removed.removed.constraints.size() == 2);
  CHECK(scene->constraints.empty());
  CHECK_FALSE(scene->find("pipe-bend"));
  CHECK(scene->find("fixed-a-rotate")->children().empty());
  const TimelineSettings& timeline = timelineOf(*scene);
  REQUIRE(timeline.tracks.size() == 1);
  CHECK(timeline.tracks.front().target == "fixed-b-translate.z");
  // The rest is a scene that saves and loads.
  CHECK(loadSceneFromString(sceneToString(*scene)));

  restoreNodes(*scene, removed);
  CHECK(sceneToString(*scene) == text);
  // And again, as redo and undo do.
  RemovedNodes again = removeNodes(*scene, {"pipe-translate", "fixed-a"});
  restoreNodes(*scene, again);
  CHECK(sceneToString(*scene) == text);
}

TEST_CASE("delete several refuses what would leave a reader without its curve, and the root", "[removal]") {
  auto scene = loadExample("sweep-mes-path.json");
  const std::string text = sceneToString(*scene);
  CHECK_THAT(removeNodesProblem(*scene, {"profile"}), Catch::Contains("\"tube\" reads \"profile\""));
  CHECK_THROWS_AS(removeNodes(*scene, {"path", "profile"}), std::invalid_argument);
  CHECK_FALSE(removeNodesProblem(*scene, {"nothing"}).empty());
  CHECK(sceneToString(*scene) == text);
  // With its reader, the curve may go.
  RemovedNodes removed = removeNodes(*scene, {"tube", "profile", "path"});
  CHECK(scene->root().children().empty());
  CHECK(scene->constraints.empty());
  restoreNodes(*scene, removed);
  CHECK(sceneToString(*scene) == text);
}
