// Counts and sizes read from a file have limits, checked where the field is bound (FieldVisitor's
// IntRange and MaxItems) before anything is sized by them, and a value a node's own checks
// refuse is reported at that value (FieldError::about): file, line, column, JSON path, message
// (docs/scene-format.md, "Limits").
#include <catch2/catch.hpp>
#include <mutex>
#include <string>

#include "flexure/core/node_registry.h"
#include "flexure/io/obj.h"
#include "flexure/io/open_scene.h"
#include "flexure/io/scene_file.h"
#include "test_types.h"

using namespace flexure;

namespace {

// A node whose fields declare limits: an int in [0, 100], at most 4 weights, at most 2 keys,
// and checks of its own about one field and about one record's field.
class LimitedNode final : public PrimitiveT<LimitedNode> {
 public:
  static constexpr std::string_view kType = "io-test-limited";
  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override { return {}; }
  std::unique_ptr<Node> cloneNode() const override {
    auto copy = std::make_unique<LimitedNode>();
    copy->count = count;
    copy->weights = weights;
    copy->keys = keys;
    copy->scale = scale;
    return copy;
  }
  void visitFields(FieldVisitor& v) override {
    v.field("count", count, IntRange{0, 100});
    v.field("weights", weights, MaxItems{4});
    v.recordList("keys", keys, MaxItems{2}, [](double& value, FieldVisitor& r) {
      r.field("value", value, FieldUse::Required);
      if (r.isReading() && value < 0) throw FieldError::about("value", "value must not be negative");
    });
    v.field("scale", scale);
    if (v.isReading() && !(scale > 0)) throw FieldError::about("scale", "scale must be positive");
  }
  template <class S>
  Vec3<S> positionT(const ParamAccess<S>&, int, const S& u, const S& w) const { return {u, w, S(0.0)}; }
  template <class S>
  S implicitT(const ParamAccess<S>&, const Vec3<S>& x) const { return x.z; }

  int count = 0;
  std::vector<double> weights;
  std::vector<double> keys;
  double scale = 1.0;
};

void registerTypes() {
  iotest::registerTestTypes();
  static std::once_flag once;
  std::call_once(once, [] {
    NodeRegistry::instance().add(std::string(LimitedNode::kType), [] { return std::make_unique<LimitedNode>(); });
  });
}

std::string scene(const std::string& nodes, const std::string& rest = "") {
  return "{\"format\": \"flexure-scene\", \"version\": 1,\n\"nodes\": [" + nodes + "]" + rest + "}";
}

std::string numbers(std::size_t n) {
  std::string s = "[";
  for (std::size_t i = 0; i < n; ++i) s += (i ? ", " : "") + std::to_string(i % 7);
  return s + "]";
}

// 1-based column of the first `token` on 1-based line `line`.
int columnOf(const std::string& text, int line, const std::string& token) {
  std::size_t start = 0;
  for (int l = 1; l < line; ++l) start = text.find('\n', start) + 1;
  const std::size_t end = text.find('\n', start);
  const std::size_t hit = text.substr(start, end - start).find(token);
  REQUIRE(hit != std::string::npos);
  return static_cast<int>(hit) + 1;
}

struct Case {
  const char* what;
  std::string text;
  int line;
  std::string at;  // the error is at the first occurrence of this on `line`
  const char* path;
  const char* message;
};

void checkCases(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    INFO(c.what << "\n" << c.text.substr(0, 400));
    try {
      readSceneString(c.text, "limits.json");
      FAIL("no error");
    } catch (const LoadError& e) {
      const int column = columnOf(c.text, c.line, c.at);
      CHECK(e.where().file == "limits.json");
      CHECK(e.where().line == c.line);
      CHECK(e.where().column == column);
      CHECK(e.jsonPath() == c.path);
      CHECK_THAT(e.message(), Catch::Contains(c.message));
      CHECK_THAT(std::string(e.what()), Catch::StartsWith("limits.json:" + std::to_string(c.line) + ":" +
                                                          std::to_string(column) + ": " + c.path + ": "));
    }
  }
}

}  // namespace

TEST_CASE("limits: a declared limit is refused at the value, for ints, lists and record lists", "[scene-file][limits]") {
  registerTypes();
  checkCases({
      {"int above its range", scene(R"({"type": "io-test-limited", "count": 101})"), 2, "101", "nodes[0].count",
       "count must be between 0 and 100, found 101"},
      {"int below its range", scene(R"({"type": "io-test-limited", "count": -1})"), 2, "-1", "nodes[0].count",
       "count must be between 0 and 100, found -1"},
      {"list too long", scene(R"({"type": "io-test-limited", "weights": [1, 2, 3, 4, 5]})"), 2, "[1, 2", "nodes[0].weights",
       "weights has 5 entries; at most 4 are accepted"},
      {"record list too long", scene(R"({"type": "io-test-limited", "keys": [{"value": 1}, {"value": 2}, {"value": 3}]})"), 2,
       "[{\"value\": 1}", "nodes[0].keys", "keys has 3 entries; at most 2 are accepted"},
      {"an error about one field", scene(R"({"type": "io-test-limited", "scale": -2})"), 2, "-2", "nodes[0].scale",
       "scale must be positive"},
      {"an error about a record's field", scene(R"({"type": "io-test-limited", "keys": [{"value": 1}, {"value": -3}]})"), 2,
       "-3", "nodes[0].keys[1].value", "value must not be negative"},
  });
  // Within the limits, the file loads.
  const LoadResult ok =
      readSceneString(scene(R"({"name": "n", "type": "io-test-limited", "count": 100, "weights": [1, 2, 3, 4], "keys": [{"value": 0}]})"),
                      "ok.json");
  const auto* n = dynamic_cast<const LimitedNode*>(ok.scene->find("n"));
  REQUIRE(n);
  CHECK(n->count == 100);
  CHECK(n->weights.size() == 4);
}

TEST_CASE("limits: every count and size of the modules' nodes, constraints and settings", "[scene-file][limits]") {
  registerTypes();
  checkCases({
      // The issue's case: this ended in "vector::reserve" after trying to allocate it.
      {"mes-curve count", scene(R"({"type": "mes-curve", "count": 2000000000})"), 2, "2000000000", "nodes[0].count",
       "count must be at most 10000, found 2000000000"},
      {"mes-curve alpha list", scene(R"({"type": "mes-curve", "count": 6, "alpha": )" + numbers(10001) + "}"), 2,
       "[0, 1", "nodes[0].alpha", "at most 10000"},
      {"grid-mesh divisions", scene(R"({"type": "grid-mesh", "divisions_x": 30000})"), 2, "30000", "nodes[0].divisions_x",
       "between 1 and 20000"},
      {"grid-mesh vertex count", scene(R"({"type": "grid-mesh", "divisions_x": 20000, "divisions_y": 20000})"), 2, "20000}",
       "nodes[0].divisions_y", "400040001 vertices; at most 16777216"},
      {"metaball count", scene(R"({"type": "metaball-deform", "metaballs": )" +
                               [] {
                                 std::string s = "[";
                                 for (int i = 0; i < 10001; ++i) s += std::string(i ? "," : "") + "{}";
                                 return s + "]";
                               }() + "}"),
       2, "[{}", "nodes[0].metaballs", "metaballs has 10001 entries; at most 10000"},
      {"metaball bezier degree", scene(R"({"type": "metaball-deform", "metaballs": [{"skeleton": "point", "center": [0, 0, 0], "bezier_degree": 1000}]})"),
       2, "1000", "nodes[0].metaballs[0].bezier_degree", "between 1 and 12"},
      {"polygon skeleton points", scene(R"({"type": "metaball-deform", "metaballs": [{"skeleton": "polygon", "points": )" +
                                        numbers(30003) + "}]}"),
       2, "[0, 1", "nodes[0].metaballs[0].points", "at most 30000"},
      {"a metaball's own check, at its record",
       scene(R"({"type": "metaball-deform", "metaballs": [{"skeleton": "point", "center": [0, 0, 0]}, {"skeleton": "box", "center": [0, 0, 0], "half_extents": [1, -1, 1]}]})"),
       2, "{\"skeleton\": \"box\"", "nodes[0].metaballs[1]", "half_extents must be non-negative"},
      {"collision samples", scene("", ",\n\"constraints\": [{\"kind\": \"collision\", \"node_a\": \"a\", \"node_b\": \"b\", \"samples\": 100000}]"),
       3, "100000", "constraints[0].samples", "between 2 and 1000"},
      {"curve-halfspace control points",
       scene("", ",\n\"constraints\": [{\"kind\": \"curve-halfspace\", \"curve\": \"c\", \"normal\": [1, 1, 0], \"control_points\": " +
                     numbers(10001) + "}]"),
       3, "[0, 1", "constraints[0].control_points", "at most 10000"},
      {"curve-mold vertices",
       scene("", ",\n\"constraints\": [{\"kind\": \"curve-mold\", \"curve\": \"c\", \"vertices\": " + numbers(20002) + "}]"), 3,
       "[0, 1", "constraints[0].vertices", "at most 20000"},
      {"energy iterations", scene("", ",\n\"settings\": {\"energy\": {\"max_iterations\": 2000000000}}"), 3, "2000000000",
       "settings.energy.max_iterations", "between 0 and 100000000"},
      {"energy method, at its value", scene("", ",\n\"settings\": {\"energy\": {\"method\": \"fast\"}}"), 3, "\"fast\"",
       "settings.energy.method", "energy method must be"},
      {"rigid substeps", scene("", ",\n\"settings\": {\"rigid\": {\"substeps\": 2000000000}}"), 3, "2000000000",
       "settings.rigid.substeps", "between 1 and 10000"},
      {"rigid time step", scene("", ",\n\"settings\": {\"rigid\": {\"time_step\": 1e-12}}"), 3, "1e-12",
       "settings.rigid.time_step", "time_step must be at least"},
      {"curves Euler steps", scene("", ",\n\"settings\": {\"curves\": {\"euler_steps_per_frame\": 0}}"), 3, "0}",
       "settings.curves.euler_steps_per_frame", "between 1 and 1000000"},
      {"timeline frames", scene("", ",\n\"settings\": {\"timeline\": {\"end_frame\": 2000000000}}"), 3, "2000000000",
       "settings.timeline.end_frame", "between -1000000 and 1000000"},
      {"timeline key, at its record's field",
       scene("", ",\n\"settings\": {\"timeline\": {\"tracks\": [{\"target\": \"x\", \"keys\": [{\"time\": 0, \"value\": 1, \"interp\": \"cubic\"}]}]}}"),
       3, "\"cubic\"", "settings.timeline.tracks[0].keys[0].interp", "unknown interpolation 'cubic'"},
      {"inline mesh index", scene(R"({"type": "mesh", "positions": [0, 0, 0, 1, 0, 0, 0, 1, 0], "triangles": [0, 1, 3]})"), 2,
       "[0, 1, 3]", "nodes[0].triangles", "triangle index 3 is out of range"},
  });
}

TEST_CASE("limits: an OBJ file larger than the mesh limits is refused at the line that crosses them", "[obj][limits]") {
  const ObjLimits small{4, 2};
  const std::string four = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n";
  CHECK(parseObj(four + "f 1 2 3\nf 2 4 3\n", "ok.obj", small).triangleCount() == 2);
  try {
    parseObj(four + "v 2 2 0\n", "big.obj", small);
    FAIL("no error");
  } catch (const LoadError& e) {
    CHECK(e.where().line == 5);
    CHECK(e.where().column == 1);
    CHECK_THAT(e.message(), Catch::StartsWith("more than 4 vertices"));
  }
  try {
    parseObj(four + "f 1 2 3\n  f 1 2 3 4\n", "big.obj", small);  // the quad's two triangles make three
    FAIL("no error");
  } catch (const LoadError& e) {
    CHECK(e.where().line == 6);
    CHECK(e.where().column == 3);
    CHECK_THAT(e.message(), Catch::StartsWith("more than 2 triangles"));
  }
  try {
    parseObj(four + "vt 0 0\nvt 1 0\nf 1/1 2/1 3/1\nf 1/2 2/2 3/2\n", "big.obj", small);  // 6 distinct corners
    FAIL("no error");
  } catch (const LoadError& e) {
    CHECK(e.where().line == 8);
    CHECK(e.where().column == 7);  // the fifth distinct corner, "2/2"
    CHECK_THAT(e.message(), Catch::Contains("distinct face corners"));
  }
  // The defaults are the mesh primitive's.
  CHECK(ObjLimits{}.maxVertices == MeshPrimitive::kMaxVertices);
  CHECK(ObjLimits{}.maxTriangles == MeshPrimitive::kMaxTriangles);
}

// The files of tests/io/limits are also seeds of the fuzzers' corpora (tools/run-fuzzers.sh
// takes the tests' .json and .dcl files): each is refused with a located error, not a crash.
TEST_CASE("limits: the seed files of tests/io/limits are refused with file, line and column", "[scene-file][limits]") {
  registerTypes();
  const std::string dir = std::string(FLEXURE_SOURCE_DIR) + "/tests/io/limits/";
  const struct {
    const char* name;
    int line;  // of the first refused value
  } files[] = {{"mes-curve-count.json", 2}, {"solid-negative-mass.json", 2}, {"substeps.dcl", 3}};  // .dcl: 1e999
  for (const auto& f : files) {
    INFO(f.name);
    try {
      openSceneFile(dir + f.name);
      FAIL("no error");
    } catch (const LoadError& e) {
      CHECK(e.where().file == dir + f.name);
      CHECK(e.where().line == f.line);
      CHECK(e.where().column > 0);
    }
  }
}
