// Scene fragments (issue 27): copy, paste and duplicate of parts with their sub-trees, Ψ,
// constraints, the nodes they read and their keyframe tracks; Blender-style names; refusals
// that name where the text is wrong and change nothing.
#include <catch2/catch.hpp>

#include <set>

#include "example_scene_support.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/solve_summary.h"
#include "flexure/io/fragment_file.h"

using namespace flexure;
using namespace flexure::iotest;

namespace {

FragmentImportOptions under(Node* parent, int position = -1) {
  FragmentImportOptions options;
  options.parent = parent;
  options.position = position;
  return options;
}

const std::vector<std::string> kPipefittingParts = {"fixed-a-translate", "fixed-b-translate", "pipe-translate"};

double solvedEnergy(Scene& scene) {
  const std::vector<SolveReport> reports = solveScene(scene, SolveOptions{});
  REQUIRE(reports.size() == 1);
  CHECK(reports.front().converged);
  return reports.front().energy;
}

std::set<std::string> nodeNames(const Scene& scene) {
  std::set<std::string> out;
  for (const Node* n : scene.nodes()) out.insert(n->name());
  return out;
}

std::vector<std::string> referencesOf(const Scene& scene, const std::vector<std::string>& constraints) {
  std::vector<std::string> out;
  for (const std::string& name : constraints) {
    const Constraint* c = constraintNamed(scene, name);
    REQUIRE(c);
    for (const std::string& r : c->referencedNodes()) out.push_back(r);
  }
  return out;
}

}  // namespace

TEST_CASE("a fragment of pipefitting's parts pastes into another scene and solves to the same energy", "[fragment]") {
  auto original = loadExample("pipefitting.json");
  const std::string text = exportFragment(*original, kPipefittingParts);
  CHECK(text.find("\"format\": \"flexure-fragment\"") != std::string::npos);
  CHECK(text.find("\"camera\"") == std::string::npos);

  // Into an empty scene: the same parts, Ψ bit for bit, the same constraints.
  Scene empty;
  const ImportedFragment into = importFragment(empty, text);
  CHECK(into.roots == kPipefittingParts);
  CHECK(into.constraints == std::vector<std::string>{"join-a", "join-b"});
  CHECK(into.renames.nodes.empty());
  CHECK(exportFragment(empty, kPipefittingParts) == text);
  CHECK(empty.parameters().values() == original->parameters().values());
  for (int i = 0; i < original->parameters().size(); ++i) CHECK(empty.parameters().isFrozen(i) == original->parameters().isFrozen(i));

  // Into a scene that already holds those names (the moved pipefitting): every node and
  // constraint of the paste is renamed, and the constraints join the copies.
  auto other = loadExample("pipefitting-moved.json");
  const std::set<std::string> before = nodeNames(*other);
  const std::size_t constraintsBefore = other->constraints.size();
  const ImportedFragment pasted = importFragment(*other, text);
  CHECK(pasted.roots == std::vector<std::string>{"fixed-a-translate.001", "fixed-b-translate.001", "pipe-translate.001"});
  CHECK(pasted.constraints == std::vector<std::string>{"join-a.001", "join-b.001"});
  CHECK(pasted.renames.nodes.at("pipe") == "pipe.001");
  for (const std::string& ref : referencesOf(*other, pasted.constraints)) CHECK(before.count(ref) == 0);
  CHECK(other->constraints.size() == constraintsBefore + 2);

  CHECK(solvedEnergy(*other) < 1e-8);

  // Solving: pasted into a scene with nothing else to solve, the model solves as it did in its
  // own scene, to the same energy and the same pipe.
  auto alone = loadExample("pipefitting.json");
  const double expected = solvedEnergy(*alone);
  auto host = loadExample("pipe.json");
  importFragment(*host, text);
  CHECK(solvedEnergy(*host) == Approx(expected).margin(1e-12));
  for (const char* slot : {"pipe-translate.x", "pipe-translate.y", "pipe-rotate.qx", "pipe-bend.amount", "pipe.length"})
    CHECK(value(*host, slot) == Approx(value(*alone, slot)).margin(1e-9));
}

TEST_CASE("duplicate renames the copies and their constraints, none pointing to the originals", "[fragment][duplicate]") {
  auto scene = loadExample("pipefitting.json");
  const auto pictureBefore = worldVertices(*scene);
  const std::set<std::string> originals = nodeNames(*scene);

  SECTION("the whole model: constraints among the copies follow them") {
    const InsertedFragment copy = duplicateNodes(*scene, kPipefittingParts);
    CHECK(copy.roots == std::vector<std::string>{"fixed-a-translate.001", "fixed-b-translate.001", "pipe-translate.001"});
    REQUIRE(copy.constraints == std::vector<std::string>{"join-a.001", "join-b.001"});
    for (const std::string& ref : referencesOf(*scene, copy.constraints)) CHECK(originals.count(ref) == 0);
    const Constraint& join = *constraintNamed(*scene, "join-a.001");
    CHECK(join.referencedNodes() == std::vector<std::string>{"pipe.001", "fixed-a.001"});
    // Each copy right after its original, under the same parent, placed where it is.
    const auto& top = scene->root().children();
    REQUIRE(top.size() == 6);
    CHECK(top[1]->name() == "fixed-a-translate.001");
    CHECK(top[5]->name() == "pipe-translate.001");
    const auto after = worldVertices(*scene);
    for (const std::string leaf : {"fixed-a", "fixed-b", "pipe"}) {
      REQUIRE(after.count(leaf + ".001"));
      const std::map<std::string, std::vector<Vec3d>> a{{leaf, pictureBefore.at(leaf)}}, b{{leaf, after.at(leaf + ".001")}};
      CHECK(largestMove(a, b) == 0.0);
    }
    // Frozen flags and bounds came along.
    CHECK(scene->parameters().isFrozen(scene->parameters().find("fixed-a.001.length")));
    CHECK(solvedEnergy(*scene) < 1e-8);
  }

  SECTION("one part: constraints to uncopied parts are dropped by default, kept on request") {
    const InsertedFragment dropped = duplicateNodes(*scene, {"pipe-translate"});
    CHECK(dropped.constraints.empty());
    CHECK(scene->constraints.size() == 2);
    const InsertedFragment kept = duplicateNodes(*scene, {"pipe-translate"}, FragmentOptions{CrossingConstraints::Keep});
    CHECK(kept.roots == std::vector<std::string>{"pipe-translate.002"});
    REQUIRE(kept.constraints == std::vector<std::string>{"join-a.001", "join-b.001"});
    // The copy's side names the copy; the other side still names the uncopied fixed pipe.
    CHECK(constraintNamed(*scene, "join-a.001")->referencedNodes() == std::vector<std::string>{"pipe.002", "fixed-a"});
    CHECK(constraintNamed(*scene, "join-b.001")->referencedNodes() == std::vector<std::string>{"pipe.002", "fixed-b"});
    // The originals' constraints are untouched.
    CHECK(constraintNamed(*scene, "join-a")->referencedNodes() == std::vector<std::string>{"pipe", "fixed-a"});
  }

  SECTION("a node inside a duplicated sub-tree is not copied twice") {
    const InsertedFragment copy = duplicateNodes(*scene, {"pipe-translate", "pipe-bend", "pipe"});
    CHECK(copy.roots == std::vector<std::string>{"pipe-translate.001"});
    CHECK_FALSE(scene->find("pipe.002"));
  }
}

TEST_CASE("kept constraints name the uncopied part and a scene without it leaves them out", "[fragment][duplicate]") {
  auto scene = loadExample("pipefitting.json");
  const std::string kept = exportFragment(*scene, {"pipe-translate"}, FragmentOptions{CrossingConstraints::Keep});
  CHECK(kept.find("\"pipe_b\": \"fixed-a\"") != std::string::npos);
  CHECK(exportFragment(*scene, {"pipe-translate"}).find("\"constraints\": []") != std::string::npos);
  // Pasted back into pipefitting: both joints come, on the fixed pipes there.
  const ImportedFragment back = importFragment(*scene, kept);
  CHECK(back.constraints.size() == 2);
  CHECK(back.leftOut.empty());
  // Pasted into a scene without fixed-a and fixed-b: the pipe comes, its joints are left out.
  auto other = loadExample("pipe.json");
  const ImportedFragment elsewhere = importFragment(*other, kept);
  CHECK(elsewhere.roots == std::vector<std::string>{"pipe-translate"});
  CHECK(elsewhere.constraints.empty());
  CHECK(elsewhere.leftOut == std::vector<std::string>{"join-a", "join-b"});
  CHECK(other->constraints.empty());
}

TEST_CASE("a whole scene file pastes as a fragment: its parts, not its view", "[fragment]") {
  auto host = loadExample("pipe.json");
  const Camera camera = host->camera;
  const std::string description = host->description;
  const ImportedFragment pasted = importFragment(*host, sceneToString(*loadExample("pipefitting.json")));
  CHECK(pasted.roots.size() == 3);
  CHECK(pasted.constraints == std::vector<std::string>{"join-a", "join-b"});
  CHECK(host->description == description);
  CHECK(host->camera.eye.x == camera.eye.x);
}

TEST_CASE("repeated pastes and duplicates take the next free .NNN name", "[fragment][names]") {
  auto scene = loadExample("pipefitting.json");
  const std::string text = exportFragment(*scene, {"fixed-a-translate"});
  for (const char* suffix : {".001", ".002", ".003"}) {
    const ImportedFragment pasted = importFragment(*scene, text);
    CHECK(pasted.roots == std::vector<std::string>{std::string("fixed-a-translate") + suffix});
    CHECK(scene->find(std::string("fixed-a") + suffix));
    CHECK(scene->find(std::string("fixed-a-rotate") + suffix));
  }
  // A copy of a copy does not stack suffixes.
  duplicateNodes(*scene, {"fixed-a-translate.002"});
  CHECK(scene->find("fixed-a-translate.004"));
  CHECK(scene->find("fixed-a.004"));
  CHECK_FALSE(scene->find("fixed-a-translate.002.001"));
  // Pasted under a part's operator, the copy goes there.
  Node* rotate = scene->find("pipe-rotate");
  const ImportedFragment nested = importFragment(*scene, text, under(rotate, 0));
  CHECK(scene->find(nested.roots.front())->parent() == rotate);
  CHECK(rotate->children().front()->name() == "fixed-a-translate.005");
  // Not under a primitive.
  CHECK_THROWS_AS(importFragment(*scene, text, under(scene->find("pipe"))), std::invalid_argument);
}

TEST_CASE("text that is not a valid fragment is refused where it is wrong, and the scene is unchanged", "[fragment][errors]") {
  auto scene = loadExample("pipefitting.json");
  const std::string saved = sceneToString(*scene);
  // A constraint kept with its copy that names, in this scene, a node of the wrong type.
  const std::string wrongType = R"({"format": "flexure-fragment", "version": 1,
  "nodes": [{"name": "extra", "type": "tube"}],
  "constraints": [{"kind": "attach-pipes", "name": "j", "pipe_a": "extra", "end_a": 1, "pipe_b": "fixed-a-rotate", "end_b": -1}]})";
  struct Case {
    std::string text;
    int line, column;
    std::string path, message;
  };
  const std::vector<Case> cases = {
      {"{\"format\": \"flexure-fragment\", \"version\": 1, \"nodes\": [}", 1, 56, "", "expected a value"},
      {"{\"format\": \"obj\", \"version\": 1, \"nodes\": []}", 1, 12, "format", "unknown format \"obj\""},
      {"{\"format\": \"flexure-fragment\", \"version\": 1,\n \"nodes\": [{\"type\": \"sphear\"}]}", 2, 21, "nodes[0].type",
       "unknown node type \"sphear\""},
      {"{\"format\": \"flexure-fragment\", \"version\": 1,\n \"nodes\": [{\"type\": \"tube\", \"params\": {\"lenght\": 1}}]}", 2, 40,
       "nodes[0].params.lenght", "unknown parameter \"lenght\""},
      {"{\"format\": \"flexure-fragment\", \"version\": 2, \"nodes\": []}", 1, 43, "version", "newer Flexure"},
      {wrongType, 3, 19, "constraints[0]", "fixed-a-rotate"},
  };
  FragmentImportOptions clipboard;
  clipboard.sourceName = "<clipboard>";
  for (const Case& c : cases) {
    INFO(c.text);
    try {
      importFragment(*scene, c.text, clipboard);
      FAIL("accepted");
    } catch (const LoadError& e) {
      CHECK(e.where().file == "<clipboard>");
      CHECK(e.where().line == c.line);
      CHECK(e.where().column == c.column);
      CHECK(e.jsonPath() == c.path);
      CHECK_THAT(e.message(), Catch::Contains(c.message));
    }
    CHECK(sceneToString(*scene) == saved);
  }
}

TEST_CASE("a copy takes the curves it reads, and the constraints on them", "[fragment][dependencies]") {
  auto scene = loadExample("sweep-mes-path.json");
  // The sweep alone: its profile and path curves come along, as roots of their own.
  REQUIRE(fragmentRoots(*scene, {"tube"}).size() == 3);
  const InsertedFragment copy = duplicateNodes(*scene, {"tube"});
  CHECK(copy.roots == std::vector<std::string>{"path.001", "profile.001", "tube.001"});
  CHECK(copy.constraints.size() == 5);
  for (const std::string& ref : referencesOf(*scene, copy.constraints)) CHECK(ref == "path.001");
  // The copied sweep reads the copied curves.
  std::vector<std::string> reads;
  for (const Node* dep : scene->find("tube.001")->dependencies()) reads.push_back(dep->name());
  std::sort(reads.begin(), reads.end());
  CHECK(reads == std::vector<std::string>{"path.001", "profile.001"});
  const auto picture = worldVertices(*scene);
  const std::map<std::string, std::vector<Vec3d>> a{{"tube", picture.at("tube")}}, b{{"tube", picture.at("tube.001")}};
  CHECK(largestMove(a, b) == 0.0);
  // The same through text, into an empty scene: it loads, and the copies resolve there.
  Scene empty;
  const ImportedFragment pasted = importFragment(empty, exportFragment(*scene, {"tube.001"}));
  CHECK(pasted.roots == std::vector<std::string>{"path.001", "profile.001", "tube.001"});
  CHECK(loadSceneFromString(sceneToString(empty))->find("tube.001"));
}

TEST_CASE("a copy of an animated part takes its keyframe tracks, renamed", "[fragment][timeline]") {
  auto scene = loadExample("anim-keyed-pipe.json");
  const std::size_t tracks = timelineOf(*scene).tracks.size();
  REQUIRE(tracks > 0);
  const std::string text = exportFragment(*scene, {"pipe"});
  CHECK(text.find("\"tracks\"") != std::string::npos);
  duplicateNodes(*scene, {"pipe"});
  const TimelineSettings& timeline = timelineOf(*scene);
  CHECK(timeline.tracks.size() == 2 * tracks);
  const Track* x = timeline.findTrack("pipe.x");
  const Track* copy = timeline.findTrack("pipe.001.x");
  REQUIRE(x);
  REQUIRE(copy);
  CHECK(copy->keys == x->keys);
  // Into a scene without a timeline: the tracks, and the scene's frame range stays its own.
  auto plain = loadExample("pipefitting.json");
  importFragment(*plain, text);
  CHECK(timelineOf(*plain).tracks.size() == tracks);
  CHECK(timelineOf(*plain).findTrack("pipe.001.x"));  // "pipe" is taken there: the tube
}
