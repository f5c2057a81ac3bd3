#include <catch2/catch.hpp>

#include "anim_test_scene.h"
#include "flexure/anim/scene_snapshot.h"

using namespace flexure;

TEST_CASE("a snapshot restores Ψ, constraint weights and dynamic fields bit for bit", "[snapshot]") {
  auto scene = test::makeSpringScene();
  auto& mass = static_cast<test::TestMass&>(*scene->find("mass"));
  auto& spring = static_cast<test::TestSpring&>(*scene->constraints[0]);
  const SceneSnapshot base = SceneSnapshot::capture(*scene);
  scene->parameters().setValue(mass.paramIndex("x"), 0.1 + 0.2);
  mass.velocity = 1.0 / 3.0;
  spring.weight = 0.7;
  spring.enabled = false;
  spring.offset = {1e-300, -0.0, 3.5};
  const SceneSnapshot moved = SceneSnapshot::capture(*scene, &base);
  CHECK_FALSE(moved.sameState(base));

  base.restore(*scene);
  CHECK(mass.velocity == 0.0);
  CHECK(spring.weight == 1.0);
  CHECK(spring.enabled);
  CHECK(spring.offset.z == 0.0);
  CHECK(SceneSnapshot::capture(*scene).sameState(base));

  const int reads = mass.reads;
  moved.restore(*scene);
  CHECK(mass.velocity == 1.0 / 3.0);
  CHECK(scene->parameters().value(mass.paramIndex("x")) == 0.1 + 0.2);
  CHECK(spring.offset.x == 1e-300);
  CHECK_FALSE(spring.enabled);
  CHECK(mass.reads == reads + 1);
  // Restoring the same state again re-reads nothing (no rebuild of unchanged nodes).
  moved.restore(*scene);
  CHECK(mass.reads == reads + 1);
  CHECK(SceneSnapshot::capture(*scene).sameState(moved));
}

TEST_CASE("snapshots share unchanged fields with their base and refuse another structure", "[snapshot]") {
  auto scene = test::makeSpringScene();
  auto& mass = static_cast<test::TestMass&>(*scene->find("mass"));
  mass.label = std::string(1000, 'x');  // static data: must not be paid per frame
  const SceneSnapshot base = SceneSnapshot::capture(*scene);
  mass.velocity = 2.0;
  const SceneSnapshot shared = SceneSnapshot::capture(*scene, &base);
  const SceneSnapshot alone = SceneSnapshot::capture(*scene);
  CHECK(alone.bytes() > 1000);
  CHECK(shared.bytes() + 1000 < alone.bytes());
  CHECK(shared.sameState(alone));

  auto other = test::makeSpringScene();
  other->constraints[0]->name = "renamed";
  CHECK_THROWS(base.restore(*other));
}

TEST_CASE("a frame whose fields changed size restores onto its base", "[snapshot]") {
  auto scene = test::makeSpringScene();
  auto& mass = static_cast<test::TestMass&>(*scene->find("mass"));
  const SceneSnapshot base = SceneSnapshot::capture(*scene);
  mass.label = "a longer label than before, written by a solver";
  mass.velocity = -1.5;
  const SceneSnapshot frame = SceneSnapshot::capture(*scene, &base);
  CHECK(frame.sameLayout(base));  // the layout is the base's: it can be restored onto it
  base.restore(*scene);
  CHECK(mass.label != "a longer label than before, written by a solver");
  frame.restore(*scene, &base);
  CHECK(mass.label == "a longer label than before, written by a solver");
  CHECK(mass.velocity == -1.5);
  // Untouched objects cost nothing: the frame stores Ψ, flags and the one changed node.
  const SceneSnapshot same = SceneSnapshot::capture(*scene, &base);
  base.restore(*scene);
  const SceneSnapshot unchanged = SceneSnapshot::capture(*scene, &base);
  CHECK(unchanged.bytes() < same.bytes());
  CHECK(unchanged.sameState(base));
}
