#include <catch2/catch.hpp>

#include "flexure/anim/register.h"
#include "flexure/anim/timeline_settings.h"
#include "json_field_visitor.h"

using namespace flexure;

namespace {
TimelineSettings sampleTimeline() {
  TimelineSettings tl;
  tl.fps = 30.0;
  tl.startFrame = 5;
  tl.endFrame = 65;
  tl.loop = false;
  Track& x = tl.trackFor("shaft.angle");
  Keyframe a, b, c;
  a.time = 0.1;  // not representable exactly: must survive the round trip bit for bit
  a.value = 1.0 / 3.0;
  a.interpolation = Interpolation::Bezier;
  a.out = BezierHandle{0.2, -0.5};
  b.time = 1.0;
  b.value = 2.0;
  b.interpolation = Interpolation::CatmullRom;
  b.in = BezierHandle{-0.3, 0.1};
  c.time = 2.0;
  c.value = -4.0;
  c.interpolation = Interpolation::Step;
  x.setKey(c);
  x.setKey(a);
  x.setKey(b);
  Track& q = tl.trackFor("rot.qw", TrackKind::Quaternion);
  Keyframe q0, q1;
  q1.time = 2.0;
  q1.rotation = Quatd::fromAxisAngle(Vec3d{1, 2, 3}, 0.7);
  q.setKey(q0);
  q.setKey(q1);
  Track& w = tl.trackFor("constraint:grip.weight");
  w.setKey(c);
  tl.trackFor("solid.qw", TrackKind::Quaternion).channels = {"solid.a", "solid.b", "solid.c", "solid.d"};
  return tl;
}

nlohmann::json write(TimelineSettings& tl) {
  nlohmann::json j;
  test::JsonFieldWriter w(j);
  tl.visitFields(w);
  return j;
}

TimelineSettings read(const nlohmann::json& j) {
  TimelineSettings tl;
  test::JsonFieldReader r(j);
  tl.visitFields(r);
  return tl;
}
}  // namespace

TEST_CASE("the timeline block saves and loads keys bit for bit", "[timeline][settings]") {
  TimelineSettings original = sampleTimeline();
  const nlohmann::json j = write(original);
  // Text round trip as a scene file would do (nlohmann writes doubles that read back exactly).
  const TimelineSettings loaded = read(nlohmann::json::parse(j.dump()));
  CHECK(loaded.fps == 30.0);
  CHECK(loaded.startFrame == 5);
  CHECK(loaded.endFrame == 65);
  CHECK_FALSE(loaded.loop);
  REQUIRE(loaded.tracks.size() == original.tracks.size());
  for (std::size_t i = 0; i < loaded.tracks.size(); ++i) {
    CHECK(loaded.tracks[i].target == original.tracks[i].target);
    CHECK(loaded.tracks[i].kind == original.tracks[i].kind);
    CHECK(loaded.tracks[i].channels == original.tracks[i].channels);
    CHECK(loaded.tracks[i].keys == original.tracks[i].keys);
  }
  // Scalar keys write "value", quaternion keys "quat"; automatic handles are not written.
  const auto& keys = j["tracks"][0]["keys"];
  CHECK(keys[0]["interp"] == "bezier");
  CHECK(keys[0].contains("out"));
  CHECK_FALSE(keys[0].contains("in"));
  CHECK(keys[2]["interp"] == "step");
  CHECK(j["tracks"][1]["keys"][1]["quat"].size() == 4);
  CHECK_FALSE(j["tracks"][1]["keys"][1].contains("value"));
  CHECK_FALSE(j["tracks"][0].contains("channels"));
}

TEST_CASE("the timeline block rejects bad values with a message", "[timeline][settings]") {
  TimelineSettings tl = sampleTimeline();
  nlohmann::json j = write(tl);
  auto fails = [](const nlohmann::json& doc, const std::string& message) {
    CHECK_THROWS_WITH(read(doc), Catch::Contains(message));
  };
  nlohmann::json bad = j;
  bad["fps"] = 0.0;
  fails(bad, "fps");
  bad = j;
  bad["end_frame"] = 1;
  fails(bad, "end_frame");
  bad = j;
  bad["tracks"][0]["keys"][0]["interp"] = "cubic";
  fails(bad, "unknown interpolation 'cubic'");
  bad = j;
  bad["tracks"][1]["keys"][0]["quat"] = {1.0, 0.0};
  fails(bad, "quat");
  bad = j;
  bad["tracks"][0]["keys"][1]["time"] = bad["tracks"][0]["keys"][0]["time"];
  fails(bad, "two keys at time");
  bad = j;
  bad["tracks"][0]["keys"][0].erase("value");
  fails(bad, "value");
  bad = j;
  bad["tracks"][0]["kind"] = "vector";
  fails(bad, "track kind");
}

TEST_CASE("frames map to times and back, and the block is registered", "[timeline][settings]") {
  TimelineSettings tl;
  tl.fps = 24.0;
  CHECK(tl.timeOfFrame(12) == 0.5);
  for (int k = -5; k < 500; ++k) CHECK(tl.frameAtOrBefore(tl.timeOfFrame(k)) == k);
  CHECK(tl.frameAtOrBefore(0.51) == 12);
  registerAnimModule();
  auto block = SettingsRegistry::instance().create("timeline");
  REQUIRE(block);
  CHECK(block->kind() == "timeline");
  CHECK(dynamic_cast<TimelineSettings*>(block.get()));
}
