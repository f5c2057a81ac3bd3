// Renaming (issue 27): nodes and constraints take every reference to them along, constraints,
// readers of nodes and keyframe tracks, even when one name extends another ("pipe", "pipe.001").
#include <catch2/catch.hpp>

#include "example_scene_support.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene_renaming.h"

using namespace flexure;
using namespace flexure::iotest;

TEST_CASE("renaming a node and a constraint renames what refers to them, dotted names included", "[rename]") {
  auto scene = loadExample("pipefitting.json");
  for (const char* target : {"pipe.length", "constraint:join-a.weight"}) timelineOf(*scene).trackFor(target).setKey(keyframeAt(0.0, 1.0));
  // A node whose name extends another's: its tracks must not follow the other's rename.
  SceneRenames first;
  first.nodes["fixed-b"] = "pipe.001";
  renameWithReferences(*scene, first);
  timelineOf(*scene).trackFor("pipe.001.radius").setKey(keyframeAt(0.0, 0.5));
  SceneRenames renames;
  renames.nodes["pipe"] = "bent";
  renames.constraints["join-a"] = "first";
  renameWithReferences(*scene, renames);
  CHECK(scene->find("bent"));
  CHECK(constraintNamed(*scene, "first")->referencedNodes() == std::vector<std::string>{"bent", "fixed-a"});
  CHECK(constraintNamed(*scene, "join-b")->referencedNodes() == std::vector<std::string>{"bent", "pipe.001"});
  const TimelineSettings& timeline = timelineOf(*scene);
  CHECK(timeline.findTrack("bent.length"));
  CHECK(timeline.findTrack("constraint:first.weight"));
  CHECK(timeline.findTrack("pipe.001.radius"));
  // A clash changes nothing.
  const std::string text = sceneToString(*scene);
  SceneRenames clash;
  clash.nodes["bent"] = "fixed-a";
  CHECK_THROWS_AS(renameWithReferences(*scene, clash), std::invalid_argument);
  CHECK(sceneToString(*scene) == text);
}
