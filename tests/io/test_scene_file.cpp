#include <catch2/catch.hpp>
#include <cstring>

#include "flexure/io/scene_file.h"
#include "test_types.h"

using namespace flexure;
using namespace flexure::iotest;

namespace {

// A scene with one of everything the format holds.
std::unique_ptr<Scene> makeScene() {
  registerTestTypes();
  auto scene = std::make_unique<Scene>();
  scene->description = "io test \"scene\"\nwith a line break";
  scene->camera.eye = {1.5, -2.25, 0.1};
  scene->camera.projection = Camera::Projection::Orthographic;
  Node& shift = scene->add(std::make_unique<Shift>());
  scene->rename(shift, "mover");
  auto plane = std::make_unique<FieldPlane>();
  plane->label = "floor";
  plane->closed = true;
  plane->count = 7;
  plane->scale = 1e-300;
  plane->axis = {0.1, -0.0, 5e-324};
  plane->anchor = {2, 0.25, 1.0 / 3.0};
  plane->weights = {0.1, 0.2, 0.30000000000000004};
  plane->indices = {1, -2, 3};
  plane->tags = {"a", "b c", "\xC3\xA9"};
  Node& p = scene->add(std::move(plane), &shift);
  scene->rename(p, "floor");
  auto second = std::make_unique<FieldPlane>();
  second->label = "wall";
  Node& w = scene->add(std::move(second));
  scene->rename(w, "wall");
  ParameterTable& t = scene->parameters();
  t.setValue(shift.paramIndex("x"), 0.1);
  t.setValue(shift.paramIndex("y"), -0.0);
  t.setValue(shift.paramIndex("z"), 2.2250738585072009e-308);
  t.setFrozen(shift.paramIndex("x"), true);
  t.setFrozen(shift.paramIndex("z"), false);  // frozen by default: written explicitly
  t.info(p.paramIndex("height")).lower = -1.0;
  t.info(p.paramIndex("height")).upper = 3.5;
  t.setValue(p.paramIndex("height"), 1.0 / 3.0);
  t.info(p.paramIndex("size")).lower = -std::numeric_limits<double>::infinity();  // default is 0: written as null
  auto tie = std::make_unique<TieConstraint>();
  tie->name = "tie";
  tie->a = "floor";
  tie->b = "wall";
  tie->weight = 0.1;
  tie->enabled = false;
  tie->active = {0.5, std::numeric_limits<double>::infinity()};
  tie->at = {1, 0.5, 0.75};
  tie->target = {1, 2, 3};
  tie->keys = {{0.0, 1.0}, {1.5, -2.0}};
  scene->constraints.push_back(std::move(tie));
  scene->settings.get<TestSettings>().step = 1.0 / 240.0;
  scene->resolveReferences();
  return scene;
}

std::uint64_t bits(double d) {
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  return b;
}

}  // namespace

TEST_CASE("scene files round-trip byte-identical with Ψ bit-exact", "[scene-file]") {
  const auto scene = makeScene();
  const std::string first = sceneToString(*scene);
  LoadResult loaded = readSceneString(first, "first.json");
  CHECK(loaded.warnings.empty());
  const std::string second = sceneToString(*loaded.scene);
  CHECK(second == first);

  const Scene& s = *loaded.scene;
  REQUIRE(s.parameters().size() == scene->parameters().size());
  for (int i = 0; i < s.parameters().size(); ++i) {
    INFO(s.parameters().info(i).qualifiedName());
    CHECK(bits(s.parameters().value(i)) == bits(scene->parameters().value(i)));
    CHECK(s.parameters().isFrozen(i) == scene->parameters().isFrozen(i));
    CHECK(s.parameters().info(i).lower == scene->parameters().info(i).lower);
    CHECK(s.parameters().info(i).upper == scene->parameters().info(i).upper);
    CHECK(s.parameters().info(i).qualifiedName() == scene->parameters().info(i).qualifiedName());
  }
  const auto& plane = dynamic_cast<const FieldPlane&>(*s.find("floor"));
  CHECK(plane.parent()->name() == "mover");
  CHECK(plane.label == "floor");
  CHECK(plane.closed);
  CHECK(plane.count == 7);
  CHECK(bits(plane.scale) == bits(1e-300));
  CHECK(bits(plane.axis.y) == bits(-0.0));
  CHECK(bits(plane.axis.z) == bits(5e-324));
  CHECK(plane.anchor.patch == 2);
  CHECK(plane.anchor.v == 1.0 / 3.0);
  CHECK(plane.weights[2] == 0.30000000000000004);
  CHECK(plane.indices == std::vector<int>{1, -2, 3});
  CHECK(plane.tags[2] == "\xC3\xA9");
  CHECK(s.description == scene->description);
  CHECK(s.camera.eye.y == -2.25);
  CHECK(s.camera.projection == Camera::Projection::Orthographic);
  REQUIRE(s.constraints.size() == 1);
  const auto& tie = dynamic_cast<const TieConstraint&>(*s.constraints[0]);
  CHECK(tie.resolved);
  CHECK_FALSE(tie.enabled);
  CHECK(tie.weight == 0.1);
  CHECK(tie.active.begin == 0.5);
  CHECK(std::isinf(tie.active.end));
  CHECK(tie.at.patch == 1);
  CHECK(tie.keys.size() == 2);
  CHECK(tie.keys[1].value == -2.0);
  REQUIRE(s.settings.tryGet<TestSettings>());
  CHECK(s.settings.tryGet<TestSettings>()->step == 1.0 / 240.0);

  // And once more through the file system, atomically.
  const std::string path = "io_roundtrip_test.json";
  saveScene(s, path);
  const auto third = loadScene(path);
  CHECK(sceneToString(*third) == first);
  std::remove(path.c_str());
}

TEST_CASE("scene files: the written form is readable and diff-friendly", "[scene-file]") {
  const std::string text = sceneToString(*makeScene());
  CHECK(text.rfind("{\n  \"format\": \"flexure-scene\",\n  \"version\": 1,\n", 0) == 0);
  CHECK_THAT(text, Catch::Contains("\"x\": {\"value\": 0.1, \"frozen\": true}"));
  CHECK_THAT(text, Catch::Contains("\"y\": -0,"));
  CHECK_THAT(text, Catch::Contains("\"z\": {\"value\": 2.225073858507201e-308, \"frozen\": false}"));
  CHECK_THAT(text, Catch::Contains("\"size\": {\"value\": 2, \"frozen\": false, \"min\": null}"));
  CHECK_THAT(text, Catch::Contains("\"anchor\": {\"patch\": 2, \"u\": 0.25, \"v\": 0.3333333333333333}"));
  CHECK_THAT(text, Catch::Contains("\"active\": [0.5, null]"));
  CHECK_THAT(text, Catch::Contains("\"tags\": [\"a\", \"b c\", \"\xC3\xA9\"]"));
}

TEST_CASE("scene files: parameters as bare numbers or objects, defaults kept", "[scene-file]") {
  registerTestTypes();
  const auto scene = loadSceneFromString(R"({"format": "flexure-scene", "version": 1, "nodes": [
    {"name": "s", "type": "io-test-shift", "params": {"x": 3, "z": {"frozen": false, "max": 4}},
     "children": [{"type": "io-test-plane", "label": "p"}, {"type": "io-test-plane", "label": "q"}]}]})");
  const ParameterTable& t = scene->parameters();
  CHECK(t.value(t.find("s.x")) == 3.0);
  CHECK(t.value(t.find("s.y")) == 0.0);  // missing: the default
  CHECK(t.isFrozen(t.find("s.y")) == false);
  CHECK(t.isFrozen(t.find("s.z")) == false);
  CHECK(t.info(t.find("s.z")).upper == 4.0);
  CHECK(t.info(t.find("s.z")).lower == -10.0);  // from the node type
  // Unnamed nodes are named after their type, uniquely.
  CHECK(scene->find("io-test-plane"));
  CHECK(scene->find("io-test-plane.1"));
  CHECK(scene->camera.fovYDegrees == Camera{}.fovYDegrees);
}

TEST_CASE("scene files: unknown keys give warnings with positions, not errors", "[scene-file]") {
  registerTestTypes();
  const LoadResult r = readSceneString(R"({"format": "flexure-scene", "version": 1, "colour": "red",
  "camera": {"eye": [1, 2, 3], "zoom": 2},
  "nodes": [{"name": "p", "type": "io-test-plane", "label": "x", "shiny": true,
             "params": {"size": {"value": 1, "unit": "m"}}}],
  "settings": {"no-such-module": {"a": 1}, "io-test": {"step": 0.5, "substeps": 4}}})",
                                       "w.json");
  REQUIRE(r.scene);
  std::vector<std::string> lines;
  for (const LoadWarning& w : r.warnings) lines.push_back(w.toString());
  REQUIRE(lines.size() == 6);
  CHECK(lines[0] == "w.json:2:32: camera.zoom: unknown field \"zoom\" for the camera (ignored)");
  CHECK(lines[1] == "w.json:3:66: nodes[0].shiny: unknown field \"shiny\" for node type \"io-test-plane\" (ignored)");
  CHECK(lines[2] == "w.json:4:46: nodes[0].params.size.unit: unknown field \"unit\" for a parameter (ignored)");
  CHECK_THAT(lines[3], Catch::StartsWith("w.json:5:16: settings.no-such-module: settings for \"no-such-module\""));
  CHECK(lines[4] == "w.json:5:69: settings.io-test.substeps: unknown field \"substeps\" for settings \"io-test\" (ignored)");
  CHECK(lines[5] == "w.json:1:43: colour: unknown field \"colour\" for a scene file (ignored)");
  CHECK(r.scene->settings.tryGet<TestSettings>()->step == 0.5);
}
