#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "keyframe_test_support.h"
#include "anim_test_scene.h"
#include "flexure/anim/constraint_activity.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/anim/track_binding.h"

using namespace flexure;
using flexure::test::key;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST_CASE("a key edit changes the curve only after the previous key", "[track][invalidation]") {
  Track before;
  before.target = "anchor.x";
  for (double t : {0.0, 1.0, 2.0, 3.0, 4.0}) before.setKey(key(t, t * t));
  Track after = before;
  CHECK(firstChangedTime(before, after) == kInf);

  after.keys[3].value = 100.0;  // key at t = 3
  CHECK(firstChangedTime(before, after) == 2.0);
  // And the curve really is identical before t = 2 and different after.
  CHECK(before.valueAt(1.9) == after.valueAt(1.9));
  CHECK(before.valueAt(2.5) != after.valueAt(2.5));

  Track inserted = before;
  inserted.setKey(key(2.5, -1.0));
  CHECK(firstChangedTime(before, inserted) == 2.0);
  Track removed = before;
  removed.removeKeyAt(3.0);
  CHECK(firstChangedTime(before, removed) == 2.0);
  Track moved = before;  // key 3 moved to 3.5
  moved.removeKeyAt(3.0);
  moved.setKey(key(3.5, 9.0));
  CHECK(firstChangedTime(before, moved) == 2.0);

  Track first = before;  // the first key also sets the value held before it
  first.keys[0].value = 5.0;
  CHECK(firstChangedTime(before, first) == -kInf);
  Track second = before;
  second.keys[1].value = 5.0;
  CHECK(firstChangedTime(before, second) == 0.0);
}

TEST_CASE("Catmull-Rom key edits reach one key further back", "[track][invalidation]") {
  Track before;
  for (double t : {0.0, 1.0, 2.0, 3.0, 4.0}) before.setKey(key(t, std::sin(t), Interpolation::CatmullRom));
  Track after = before;
  after.keys[3].value = 2.0;
  const double changed = firstChangedTime(before, after);
  CHECK(changed == 1.0);
  CHECK(before.valueAt(0.99) == after.valueAt(0.99));
  // The slope at key 2 depends on key 3: the segment [1, 2] changes.
  CHECK(before.valueAt(1.5) != after.valueAt(1.5));
}

TEST_CASE("tracks resolve to Ψ slots, quaternion groups and constraint fields", "[track][binding]") {
  auto scene = test::makeSpringScene();
  auto q = findQuaternionSlots(*scene, "anchor.qy");
  REQUIRE(q);
  const Node* anchor = scene->find("anchor");
  CHECK((*q)[0] == anchor->paramIndex("qw"));
  CHECK((*q)[3] == anchor->paramIndex("qz"));
  CHECK_FALSE(findQuaternionSlots(*scene, "anchor.x"));
  CHECK_FALSE(findQuaternionSlots(*scene, "mass.x"));

  TimelineSettings& tl = timelineOf(*scene);
  tl.trackFor("anchor.x").setKey(key(0.0, 0.0));
  tl.trackFor("anchor.x").setKey(key(1.0, 2.0));
  Track& rot = tl.trackFor("anchor.qw", TrackKind::Quaternion);
  Keyframe r0, r1;
  r1.time = 1.0;
  r1.rotation = Quatd::fromAxisAngle(Vec3d{0, 1, 0}, 1.0);
  rot.setKey(r0);
  rot.setKey(r1);
  tl.trackFor("constraint:spring.weight").setKey(key(0.0, 1.0));
  tl.trackFor("constraint:spring.weight").setKey(key(1.0, 3.0));
  tl.trackFor("constraint:spring.offset.x").setKey(key(1.0, 0.25));
  tl.trackFor("constraint:spring.enabled").setKey(key(0.0, 1.0, Interpolation::Step));
  tl.trackFor("constraint:spring.enabled").setKey(key(0.75, 0.0, Interpolation::Step));
  tl.trackFor("constraint:spring.substeps").setKey(key(0.0, 3.6));

  const TrackBinding binding = TrackBinding::resolve(*scene, tl);
  CHECK(binding.size() == 6);
  CHECK(binding.keyedParameters().size() == 5);
  CHECK(binding.isKeyed(anchor->paramIndex("x")));
  CHECK_FALSE(binding.isKeyed(scene->find("mass")->paramIndex("x")));

  binding.apply(*scene, 0.5);
  const ParameterTable& psi = scene->parameters();
  auto& spring = static_cast<test::TestSpring&>(*scene->constraints[0]);
  CHECK(psi.value(anchor->paramIndex("x")) == Approx(1.0));
  CHECK(2.0 * std::atan2(psi.value(anchor->paramIndex("qy")), psi.value(anchor->paramIndex("qw"))) == Approx(0.5));
  CHECK(spring.weight == Approx(2.0));
  CHECK(spring.offset.x == Approx(0.25));
  CHECK(spring.enabled);
  CHECK(spring.substeps == 4);
  binding.apply(*scene, 0.8);
  CHECK_FALSE(spring.enabled);
}

TEST_CASE("unresolvable targets are reported by name", "[track][binding]") {
  auto scene = test::makeSpringScene();
  TimelineSettings tl;
  tl.trackFor("ghost.x").setKey(key(0, 0));
  CHECK_THROWS_WITH(TrackBinding::resolve(*scene, tl), Catch::Contains("ghost.x"));
  tl.tracks.clear();
  tl.trackFor("constraint:spring.nothing").setKey(key(0, 0));
  CHECK_THROWS_WITH(TrackBinding::resolve(*scene, tl), Catch::Contains("no numeric field 'nothing'"));
  tl.tracks.clear();
  tl.trackFor("constraint:nobody.weight").setKey(key(0, 0));
  CHECK_THROWS_WITH(TrackBinding::resolve(*scene, tl), Catch::Contains("no such constraint"));
  tl.tracks.clear();
  tl.trackFor("anchor.x", TrackKind::Quaternion).setKey(key(0, 0));
  CHECK_THROWS_WITH(TrackBinding::resolve(*scene, tl), Catch::Contains("quaternion"));
}

TEST_CASE("bindings follow Ψ indices after a structural change", "[track][binding]") {
  auto scene = test::makeSpringScene();
  TimelineSettings& tl = timelineOf(*scene);
  tl.trackFor("mass.mass").setKey(key(0.0, 4.0));
  auto extra = std::make_unique<test::TestAnchor>();
  extra->setName("extra");
  scene->add(std::move(extra), nullptr, 0);  // shifts every index
  const TrackBinding binding = TrackBinding::resolve(*scene, tl);
  binding.apply(*scene, 0.0);
  CHECK(scene->parameters().value(scene->find("mass")->paramIndex("mass")) == 4.0);
}

TEST_CASE("constraint activity follows enabled flag and closed active interval", "[activity]") {
  auto scene = test::makeSpringScene();
  Constraint& c = *scene->constraints[0];
  CHECK(isActiveAt(c, -1e9));
  c.active = {1.0, 2.0};
  CHECK_FALSE(isActiveAt(c, 0.999));
  CHECK(isActiveAt(c, 1.0));
  CHECK(isActiveAt(c, 2.0));
  CHECK_FALSE(isActiveAt(c, 2.001));
  CHECK(activeConstraints(*scene, 1.5) == std::vector<int>{0});
  CHECK(activeConstraints(*scene, 1.5, "energy").empty());
  CHECK(activeConstraints(*scene, 3.0).empty());
  c.enabled = false;
  CHECK_FALSE(isActiveAt(c, 1.5));
  CHECK(activationTimes(*scene) == std::vector<double>{1.0, 2.0});
}
