// Every class of malformed scene file gives its own precise error: file, line, column, JSON
// path and message (docs/scene-format.md, "Error messages").
#include <catch2/catch.hpp>

#include "flexure/io/scene_file.h"
#include "test_types.h"

using namespace flexure;

namespace {

// The error must point at the first occurrence of `at` on line `line` of `text`.
struct ErrorCase {
  const char* what;
  std::string text;
  int line;
  const char* at;
  const char* path;
  const char* message;
};

// 1-based column of `token` on 1-based line `line` (the texts are ASCII).
int columnOf(const std::string& text, int line, const std::string& token) {
  std::size_t start = 0;
  for (int l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start);
  const std::size_t hit = text.substr(start, end - start).find(token);
  REQUIRE(hit != std::string::npos);
  return static_cast<int>(hit) + 1;
}

std::string scene(const std::string& nodes, const std::string& rest = "") {
  return "{\"format\": \"flexure-scene\", \"version\": 1,\n\"nodes\": [" + nodes + "]" + rest + "}";
}

const char* kPlane = R"({"name": "p", "type": "io-test-plane", "label": "x"})";

}  // namespace

TEST_CASE("scene files: each malformed-file class gives its precise error and position", "[scene-file][errors]") {
  iotest::registerTestTypes();
  const std::string plane = kPlane;
  const ErrorCase cases[] = {
      {"syntax error", "{\"format\": \"flexure-scene\",\n  \"version\": 1 \"nodes\": []}", 2, "\"nodes\"", "", "expected ',' or '}'"},
      {"not an object", "[1, 2]", 1, "[", "", "expected an object, found an array"},
      {"missing format", "{\"version\": 1, \"nodes\": []}", 1, "{", "", "missing \"format\": not a Flexure scene file"},
      {"wrong format", "{\"format\": \"obj\", \"version\": 1, \"nodes\": []}", 1, "\"obj\"", "format", "unknown format \"obj\""},
      {"missing version", "{\"format\": \"flexure-scene\", \"nodes\": []}", 1, "{", "", "missing required field \"version\""},
      {"newer version", "{\"format\": \"flexure-scene\", \"version\": 2, \"nodes\": []}", 1, "2,", "version",
       "scene format version 2, written by a newer Flexure; this build reads versions up to 1"},
      {"fractional version", "{\"format\": \"flexure-scene\", \"version\": 1.5, \"nodes\": []}", 1, "1.5", "version",
       "expected an integer"},
      {"missing nodes", "{\"format\": \"flexure-scene\", \"version\": 1}", 1, "{", "", "missing required field \"nodes\""},
      {"nodes not an array", "{\"format\": \"flexure-scene\", \"version\": 1,\n\"nodes\": {}}", 2, "{}", "nodes",
       "expected an array, found an object"},
      {"unknown node type", scene(R"({"name": "a", "type": "sphear"})"), 2, "\"sphear\"", "nodes[0].type",
       "unknown node type \"sphear\" (known types:"},
      {"missing node type", scene(R"({"name": "a"})"), 2, "{\"name\"", "nodes[0]", "missing required field \"type\""},
      {"wrong field type", scene(R"({"type": "io-test-plane", "label": 3})"), 2, "3}", "nodes[0].label",
       "expected a string, found a number"},
      {"missing required field", scene(R"({"type": "io-test-plane"})"), 2, "{\"type\"", "nodes[0]",
       "missing required field \"label\""},
      {"bad vector", scene(R"({"type": "io-test-plane", "label": "x", "axis": [1, 2]})"), 2, "[1, 2]", "nodes[0].axis",
       "expected an array of 3 numbers"},
      {"bad vector element", scene(R"({"type": "io-test-plane", "label": "x", "axis": [1, "2", 3]})"), 2, "\"2\"",
       "nodes[0].axis[1]", "expected a number, found a string"},
      {"non-integer int field", scene(R"({"type": "io-test-plane", "label": "x", "count": 2.5})"), 2, "2.5",
       "nodes[0].count", "expected an integer"},
      {"surface point without u", scene(R"({"type": "io-test-plane", "label": "x", "anchor": {"v": 1}})"), 2, "{\"v\"",
       "nodes[0].anchor", "missing required field \"u\""},
      {"field validation (FieldError)", scene(R"({"type": "io-test-plane", "label": "x", "count": -1})"), 2, "{\"type\"",
       "nodes[0]", "count must not be negative"},
      {"bad parameter name", scene(R"({"type": "io-test-plane", "label": "x", "params": {"radius": 1}})"), 2, "\"radius\"",
       "nodes[0].params.radius", "unknown parameter \"radius\" for node type \"io-test-plane\" (parameters: size, height)"},
      {"parameter not a number", scene(R"({"type": "io-test-plane", "label": "x", "params": {"size": "big"}})"), 2, "\"big\"",
       "nodes[0].params.size", "expected a number or an object"},
      {"parameter frozen not a bool", scene(R"({"type": "io-test-plane", "label": "x", "params": {"size": {"frozen": 1}}})"), 2, "1}}", "nodes[0].params.size.frozen", "expected true or false, found a number"},
      {"min above max", scene(R"({"type": "io-test-plane", "label": "x", "params": {"size": {"min": 3, "max": 1}}})"), 2, "{\"min\"", "nodes[0].params.size", "min (3) is greater than max (1)"},
      {"duplicate node names", scene(plane + ",\n" + plane), 3, "\"p\"", "nodes[1].name",
       "duplicate node name \"p\" (first used at line 2, column 20)"},
      {"reserved node name", scene(R"({"name": "root", "type": "group"})"), 2, "\"root\"", "nodes[0].name", "reserved"},
      {"empty node name", scene(R"({"name": "", "type": "group"})"), 2, "\"\"", "nodes[0].name", "must not be empty"},
      {"children under a primitive", scene(R"({"type": "io-test-plane", "label": "x", "children": [{"type": "group"}]})"), 2, "[{\"type\": \"group\"}]", "nodes[0].children", "a primitive (\"io-test-plane\") cannot have children"},
      {"nested error path", scene(R"({"type": "group", "children": [{"type": "group"}, {"type": "io-test-plane"}]})"), 2, "{\"type\": \"io-test-plane\"}", "nodes[0].children[1]", "missing required field \"label\""},
      {"unknown constraint kind", scene(plane, ",\n\"constraints\": [{\"kind\": \"glue\"}]"), 3, "\"glue\"", "constraints[0].kind",
       "unknown constraint kind \"glue\" (known kinds:"},
      {"constraint without kind", scene(plane, ",\n\"constraints\": [{\"name\": \"c\"}]"), 3, "{\"name\"", "constraints[0]",
       "missing required field \"kind\""},
      {"dangling reference",
       scene(plane, ",\n\"constraints\": [{\"kind\": \"io-test-tie\", \"name\": \"t\", \"a\": \"p\", \"b\": \"q\"}]"), 3, "\"q\"",
       "constraints[0]", "constraint \"t\" refers to node \"q\", which does not exist"},
      {"reference check (FieldError)",
       scene(plane, ",\n\"constraints\": [{\"kind\": \"io-test-tie\", \"a\": \"p\", \"b\": \"p\"}]"), 3, "{\"kind\"", "constraints[0]",
       "cannot tie \"p\" to itself"},
      {"bad active interval",
       scene(plane, ",\n\"constraints\": [{\"kind\": \"io-test-tie\", \"a\": \"p\", \"b\": \"p\", \"active\": [2, 1]}]"), 3, "[2, 1]",
       "constraints[0].active", "ends before it begins"},
      {"bad record list",
       scene(plane, ",\n\"constraints\": [{\"kind\": \"io-test-tie\", \"a\": \"p\", \"b\": \"p\", \"keys\": [{\"value\": 1}]}]"), 3, "{\"value\"", "constraints[0].keys[0]", "missing required field \"time\""},
      {"bad settings field", scene("", ",\n\"settings\": {\"io-test\": {\"step\": true}}"), 3, "true", "settings.io-test.step",
       "expected a number, found a boolean"},
      {"bad camera", scene("", ",\n\"camera\": {\"projection\": \"fisheye\"}"), 3, "\"fisheye\"", "camera.projection",
       "expected \"perspective\" or \"orthographic\""},
  };
  for (const ErrorCase& c : cases) {
    INFO(c.what << "\n" << c.text);
    try {
      readSceneString(c.text, "bad.json");
      FAIL("no error");
    } catch (const LoadError& e) {
      CHECK(e.where().file == "bad.json");
      CHECK(e.where().line == c.line);
      const int column = columnOf(c.text, c.line, c.at);
      CHECK(e.where().column == column);
      CHECK(e.jsonPath() == c.path);
      CHECK_THAT(e.message(), Catch::StartsWith(c.message) || Catch::Contains(c.message));
      // The full text is what the CLI prints: FILE:LINE:COL: path: message.
      CHECK_THAT(std::string(e.what()), Catch::StartsWith("bad.json:" + std::to_string(c.line) + ":" + std::to_string(column) + ": "));
    }
  }
}

TEST_CASE("scene files: a missing file is an error naming it", "[scene-file][errors]") {
  try {
    loadScene("/nonexistent/dir/scene.json");
    FAIL("no error");
  } catch (const LoadError& e) {
    CHECK(e.where().file == "/nonexistent/dir/scene.json");
    CHECK_THAT(e.message(), Catch::Contains("cannot open file"));
  }
}
