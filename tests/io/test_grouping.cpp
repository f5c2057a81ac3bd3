// Group and ungroup (issue 27) keep every part's world placement: siblings are wrapped as they
// are, nodes from under other placements carry those placements' motion, a placed group's
// motion goes back into its children when it is taken apart.
#include <catch2/catch.hpp>

#include "example_scene_support.h"
#include "flexure/core/grouping.h"
#include "flexure/core/unwrap.h"

using namespace flexure;
using namespace flexure::iotest;

namespace {

void setValue(Scene& scene, const std::string& qualified, double v) {
  const int i = scene.parameters().find(qualified);
  REQUIRE(i >= 0);
  scene.parameters().setValue(i, v);
}

}  // namespace

TEST_CASE("grouping siblings wraps them where the first was and ungrouping gives them back", "[grouping]") {
  auto scene = loadExample("pipefitting.json");
  const std::string text = sceneToString(*scene);
  const auto before = worldVertices(*scene);
  const Grouped grouped = groupNodes(*scene, {"pipe-translate", "fixed-a-translate"});
  CHECK(grouped.group == "group");
  CHECK(grouped.top == "group");
  CHECK(grouped.added == std::vector<std::string>{"group"});
  const Node& group = *scene->find("group");
  CHECK(group.parent() == &scene->root());
  CHECK(scene->root().children().front().get() == &group);
  REQUIRE(group.children().size() == 2);
  CHECK(group.children()[0]->name() == "fixed-a-translate");  // in the scene's order
  CHECK(group.children()[1]->name() == "pipe-translate");
  CHECK(largestMove(before, worldVertices(*scene)) == 0.0);
  // A second group is "group.001".
  CHECK(groupNodes(*scene, {"fixed-b-translate"}).group == "group.001");
  ungroupNode(*scene, "group.001");
  const Ungrouped ungrouped = ungroupNode(*scene, "group");
  CHECK(ungrouped.children == std::vector<std::string>{"fixed-a-translate", "pipe-translate"});
  CHECK(ungrouped.removed == std::vector<std::string>{"group"});
  CHECK(ungrouped.added.empty());
  // The pipe now follows the fixed pipe it was grouped with; nothing else changed.
  CHECK(scene->root().children()[1]->name() == "pipe-translate");
  CHECK(largestMove(before, worldVertices(*scene)) == 0.0);
  // Neighbours grouped and ungrouped: the same text.
  groupNodes(*scene, {"fixed-a-translate", "pipe-translate"});
  const std::string regrouped = sceneToString(*scene);
  CHECK(regrouped != text);
  ungroupNode(*scene, "group");
  scene->move(*scene->find("fixed-b-translate"), scene->root(), 1);
  CHECK(sceneToString(*scene) == text);
}

TEST_CASE("grouping nodes from under different placements keeps their world vertices", "[grouping]") {
  auto scene = loadExample("pipefitting.json");
  const auto before = worldVertices(*scene);
  // The fixed pipe's rotate and the bent pipe's rotate live under their own translates: the
  // group goes to the root, each translate's motion onto the node that leaves it.
  const Grouped grouped = groupNodes(*scene, {"fixed-b-rotate", "pipe-rotate"});
  CHECK(scene->find("group")->parent() == &scene->root());
  CHECK(largestMove(before, worldVertices(*scene)) < 1e-9);
  // A rotate leaving a translate gets a new translate above it; it is frozen when the placement
  // it replaces was (the fixed pipe stays fixed), free when that was free.
  CHECK(grouped.added == std::vector<std::string>{"group", "fixed-b-rotate-translate", "pipe-rotate-translate"});
  CHECK(scene->parameters().isFrozen(scene->parameters().find("fixed-b-rotate-translate.z")));
  CHECK_FALSE(scene->parameters().isFrozen(scene->parameters().find("pipe-rotate-translate.z")));
  CHECK(value(*scene, "fixed-b-rotate-translate.z") == 3.0);
  // Ungrouping a plain group moves nothing either.
  ungroupNode(*scene, "group");
  CHECK(largestMove(before, worldVertices(*scene)) < 1e-9);
  // A deformer in between refuses: the pipe would lose its bend.
  const std::string text = sceneToString(*scene);
  CHECK_THAT(groupProblem(*scene, {"pipe", "fixed-a"}), Catch::Contains("pipe-bend"));
  CHECK_THROWS_AS(groupNodes(*scene, {"pipe", "fixed-a"}), std::invalid_argument);
  CHECK(sceneToString(*scene) == text);
  CHECK_FALSE(groupProblem(*scene, {"nothing"}).empty());
}

TEST_CASE("a placed group moves its parts as one, and ungrouping folds its placement into them", "[grouping]") {
  auto scene = loadExample("pipefitting.json");
  const auto before = worldVertices(*scene);
  GroupOptions options;
  options.placed = true;
  options.name = "pair";
  options.pivot = Vec3d{-1.5, 0.0, 1.5};
  const Grouped grouped = groupNodes(*scene, {"fixed-a-translate", "fixed-b-translate"}, options);
  CHECK(grouped.group == "pair");
  CHECK(grouped.top == "pair-translate");
  CHECK(scene->find("pair")->parent()->name() == "pair-rotate");
  // The placement starts at the pivot; the parts took the opposite shift; nothing moved.
  CHECK(value(*scene, "pair-translate.x") == -1.5);
  CHECK(value(*scene, "fixed-a-translate.x") == -1.5);
  CHECK(value(*scene, "fixed-b-translate.z") == 1.5);
  CHECK(largestMove(before, worldVertices(*scene)) < 1e-9);

  // Turn and move the group: both fixed pipes follow it.
  setValue(*scene, "pair-translate.y", 0.75);
  setValue(*scene, "pair-rotate.qw", 0.9);
  setValue(*scene, "pair-rotate.qz", 0.3);
  setValue(*scene, "pair-rotate.qx", -0.2);
  const auto turned = worldVertices(*scene);
  CHECK(largestMove(before, turned) > 0.5);
  CHECK(largestMove({{"pipe", before.at("pipe")}}, {{"pipe", turned.at("pipe")}}) == 0.0);

  // Ungrouping by the group's translate (what a click on the placed group selects) takes the
  // group and its placement away; each part's translate and rotate take the motion.
  const Ungrouped ungrouped = ungroupNode(*scene, "pair-translate");
  CHECK(ungrouped.removed == std::vector<std::string>{"pair", "pair-rotate", "pair-translate"});
  CHECK(ungrouped.added.empty());
  CHECK_FALSE(scene->find("pair-rotate"));
  CHECK(scene->find("fixed-a-translate")->parent() == &scene->root());
  CHECK(largestMove(turned, worldVertices(*scene)) < 1e-9);
  CHECK(scene->parameters().isFrozen(scene->parameters().find("fixed-a-rotate.qw")));
}

TEST_CASE("ungroup refuses what is not a group, or a group whose placement something names", "[grouping]") {
  auto scene = loadExample("pipefitting.json");
  CHECK_THAT(ungroupProblem(*scene, "pipe-translate"), Catch::Contains("not a group"));
  CHECK_THAT(ungroupProblem(*scene, "nothing"), Catch::Contains("no node"));
  CHECK_THROWS_AS(ungroupNode(*scene, "pipe"), std::invalid_argument);
}

TEST_CASE("unwrap in core keeps the children's world placement as the window's Unwrap did", "[grouping][unwrap]") {
  auto scene = loadExample("pipefitting.json");
  const auto before = worldVertices(*scene);
  // The pipe's translate goes into nothing (its child is a rotate): refused, nothing changes.
  CHECK_THAT(unwrapProblem(*scene, *scene->find("pipe-translate")), Catch::Contains("would move"));
  // Grouped under a placed group, the group's translate can go into the pipe's translate.
  GroupOptions options;
  options.placed = true;
  groupNodes(*scene, {"pipe-translate"}, options);
  setValue(*scene, "group-translate.x", 0.25);
  const auto shifted = worldVertices(*scene);
  REQUIRE(unwrapProblem(*scene, *scene->find("group-translate")).empty() == false);  // its child is a rotate
  unwrapNode(*scene, *scene->find("group"));
  unwrapNode(*scene, *scene->find("group-rotate"));  // the identity: nothing to keep
  unwrapNode(*scene, *scene->find("group-translate"));  // now over the pipe's translate
  CHECK(value(*scene, "pipe-translate.x") == Approx(-0.6 + 0.25));
  CHECK(largestMove(shifted, worldVertices(*scene)) < 1e-9);
  CHECK(largestMove(before, shifted) > 0.2);
}
