// A `mesh` node's "source" read with a unit scale and up axis (issue 15): "source_scale",
// "source_up" and "scene_up" map the file exactly as File → Import (importMeshFile) does with
// the same options, bad values are refused at the value, and a save keeps them.
#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <sys/wait.h>
#include <unistd.h>

#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/interchange/mesh_import.h"
#include "flexure/interchange/stl_export.h"
#include "flexure/io/obj.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"

namespace fs = std::filesystem;

namespace flexure {

namespace {

fs::path tempDir() {
  const fs::path dir = fs::temp_directory_path() / ("flexure-test-mesh-source-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

void writeText(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
}

// A closed block off the origin, so that every axis and the scale show in the coordinates.
TriangleMesh offsetBlock() {
  Scene scene;
  auto b = std::make_unique<BlockPrimitive>();
  b->setName("brick");
  scene.add(std::move(b));
  TriangleMesh m = tessellateScene(scene, {3})[0];
  for (Vec3d& p : m.positions) p = p + Vec3d(1.5, 2.25, -3.0);
  return m;
}

// The STL sample, written once.
fs::path brickStl() {
  const fs::path stl = tempDir() / "brick.stl";
  if (!fs::exists(stl)) writeBinaryStlFile({offsetBlock()}, stl.string());
  return stl;
}

std::string sceneWithMesh(const std::string& meshFields) {
  return "{\"format\": \"flexure-scene\", \"version\": 1,\n"
         "  \"nodes\": [\n"
         "    {\"name\": \"part\", \"type\": \"mesh\", " + meshFields + "}\n"
         "  ]\n}\n";
}

const MeshPrimitive& onlyMesh(const Scene& scene) {
  const auto* mesh = dynamic_cast<const MeshPrimitive*>(scene.root().children().at(0).get());
  REQUIRE(mesh != nullptr);
  return *mesh;
}

LoadResult loadScene(const std::string& name, const std::string& text) {
  registerAllModules();
  const fs::path file = tempDir() / name;
  writeText(file, text);
  return readSceneFile(file.string());
}

// The load error of `text` (FAILs when it loads).
LoadError loadError(const std::string& name, const std::string& text) {
  try {
    loadScene(name, text);
  } catch (const LoadError& e) {
    return e;
  }
  FAIL("loaded: " << text);
  throw std::logic_error("unreachable");
}

// Equal bit for bit (Vec3 has no ==: the solver compares with tolerances).
bool same(const std::vector<Vec3d>& a, const std::vector<Vec3d>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i].x == b[i].x && a[i].y == b[i].y && a[i].z == b[i].z)) return false;
  return true;
}

// stdout and stderr of `flexure-cli ARGS` and its exit status.
std::pair<int, std::string> runCli(const std::string& args) {
  const std::string command = std::string("\"") + FLEXURE_CLI + "\" " + args + " 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buffer{};
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST_CASE("a mesh node's source is read with the unit scale and up axes File → Import uses", "[import][source][options]") {
  const fs::path stl = brickStl();
  struct Case {
    std::string fields;
    MeshImportOptions options;
  };
  const std::vector<Case> cases{
      {R"("source_scale": 0.001, "source_up": "z", "scene_up": "y")", {0.001, Axis::Z, Axis::Y}},
      {R"("source_scale": 25.4, "source_up": "y")", {25.4, Axis::Y, Axis::Z}},
      {R"("source_up": "x", "scene_up": "z")", {1.0, Axis::X, Axis::Z}},
      {R"("source_scale": 0.5, "source_up": "none", "scene_up": "x")", {0.5, Axis::None, Axis::X}},
  };
  for (const Case& c : cases) {
    INFO(c.fields);
    const LoadResult r = loadScene("scaled.json", sceneWithMesh("\"source\": \"brick.stl\", " + c.fields));
    const MeshPrimitive& node = onlyMesh(*r.scene);
    CHECK(node.sourceOptions() == c.options);
    // File → Import's path with the same options: one group with one inline mesh node.
    Scene imported;
    importMeshFile(stl.string(), imported, c.options);
    const auto& group = imported.root().children().at(0);
    const auto* expected = dynamic_cast<const MeshPrimitive*>(group->children().at(0).get());
    REQUIRE(expected != nullptr);
    CHECK(same(node.mesh().positions, expected->mesh().positions));  // bit for bit: one function
    CHECK(same(node.mesh().normals, expected->mesh().normals));
    CHECK(node.mesh().triangles == expected->mesh().triangles);
  }
  SECTION("the identity when no option is given, as before") {
    const LoadResult r = loadScene("plain.json", sceneWithMesh(R"("source": "brick.stl")"));
    CHECK(onlyMesh(*r.scene).sourceOptions() == MeshImportOptions{});
    CHECK(same(onlyMesh(*r.scene).mesh().positions, readMeshFileWithAssimp(stl.string()).positions));
  }
  SECTION("a z-up millimetre file lands where the scale says") {
    const LoadResult r = loadScene("mm.json", sceneWithMesh(R"("source": "brick.stl", "source_scale": 0.001, "source_up": "z")"));
    const Bounds3 got = onlyMesh(*r.scene).mesh().bounds();
    const Bounds3 file = readMeshFileWithAssimp(stl.string()).bounds();
    CHECK(got.lo.x == Approx(file.lo.x * 0.001));
    CHECK(got.hi.z == Approx(file.hi.z * 0.001));
  }
  SECTION("OBJ sources go through the same function") {
    const fs::path obj = tempDir() / "brick.obj";
    writeText(obj, meshesToObj({offsetBlock()}));
    const LoadResult r = loadScene("obj.json", sceneWithMesh(R"("source": "brick.obj", "source_scale": 2, "source_up": "y")"));
    TriangleMesh expected = readObjFile(obj.string());
    CHECK(applyMeshImportOptions(expected, {2.0, Axis::Y, Axis::Z}) == kAllFinite);
    CHECK(same(onlyMesh(*r.scene).mesh().positions, expected.positions));
  }
}

TEST_CASE("bad source options are refused at their value", "[import][source][options][errors]") {
  brickStl();
  struct Case {
    std::string fields;
    std::string path;     // JSON path of the value
    std::string message;  // part of the message
  };
  const std::vector<Case> cases{
      {R"("source": "brick.stl", "source_scale": 0)", "nodes[0].source_scale", "positive finite number"},
      {R"("source": "brick.stl", "source_scale": -0.001)", "nodes[0].source_scale", "found -0.001"},
      // No JSON path: the number is refused by the JSON parser itself, at its position.
      {R"("source": "brick.stl", "source_scale": 1e999)", "", "out of the range of a double"},
      {R"("source": "brick.stl", "source_scale": "mm")", "nodes[0].source_scale", "expected a number"},
      {R"("source": "brick.stl", "source_up": "w")", "nodes[0].source_up", "unknown axis \"w\""},
      {R"("source": "brick.stl", "scene_up": "none")", "nodes[0].scene_up", "expected \"x\", \"y\" or \"z\""},
      {R"("source": "brick.stl", "source_up": 2)", "nodes[0].source_up", "expected a string"},
      {R"("positions": [0, 0, 0, 1, 0, 0, 0, 1, 0], "triangles": [0, 1, 2], "source_scale": 0.001)", "nodes[0].source_scale",
       "this mesh has none"},
      // A scale whose product with the file's coordinates overflows: at the source, naming the file.
      {R"("source": "brick.stl", "source_scale": 1e308)", "nodes[0].source", "not a finite number after the unit scale"},
  };
  for (const Case& c : cases) {
    INFO(c.fields);
    const LoadError e = loadError("bad.json", sceneWithMesh(c.fields));
    INFO(e.what());
    CHECK(e.where().file == (tempDir() / "bad.json").string());
    CHECK(e.where().line == 3);  // the mesh node's line
    CHECK(e.where().column > 1);
    CHECK(e.jsonPath() == c.path);
    CHECK(std::string(e.what()).find(c.message) != std::string::npos);
  }
}

TEST_CASE("a save keeps the source options and round-trips", "[import][source][options][roundtrip]") {
  brickStl();
  const LoadResult r = loadScene("keep.json", sceneWithMesh(R"("source": "brick.stl", "source_scale": 0.001, "source_up": "y", "scene_up": "x")"));
  const std::string saved = sceneToString(*r.scene);
  CHECK(saved.find("\"source_scale\": 0.001") != std::string::npos);
  CHECK(saved.find("\"source_up\": \"y\"") != std::string::npos);
  CHECK(saved.find("\"scene_up\": \"x\"") != std::string::npos);
  const LoadResult again = readSceneString(saved, (tempDir() / "keep.json").string(), tempDir().string());
  CHECK(onlyMesh(*again.scene).sourceOptions() == MeshImportOptions{0.001, Axis::Y, Axis::X});
  CHECK(same(onlyMesh(*again.scene).mesh().positions, onlyMesh(*r.scene).mesh().positions));
  CHECK(sceneToString(*again.scene) == saved);
  // A clone (undo snapshots, the solver's working copy) keeps them too.
  const std::unique_ptr<Scene> copy = r.scene->clone();
  CHECK(onlyMesh(*copy).sourceOptions() == onlyMesh(*r.scene).sourceOptions());
  SECTION("inline meshes do not write them") {
    const LoadResult inlineMesh = loadScene("inline.json", sceneWithMesh(R"("positions": [0, 0, 0, 1, 0, 0, 0, 1, 0], "triangles": [0, 1, 2])"));
    CHECK(sceneToString(*inlineMesh.scene).find("source_scale") == std::string::npos);
  }
}

TEST_CASE("flexure-cli validate reports bad source options with their position", "[import][source][options][cli]") {
  brickStl();
  const fs::path good = tempDir() / "cli-good.json";
  writeText(good, sceneWithMesh(R"("source": "brick.stl", "source_scale": 0.001, "source_up": "y")"));
  const auto [okStatus, okOut] = runCli("validate \"" + good.string() + "\"");
  CHECK(okStatus == 0);
  CHECK(okOut.find("ok") != std::string::npos);
  const fs::path bad = tempDir() / "cli-bad.json";
  writeText(bad, sceneWithMesh(R"("source": "brick.stl", "source_up": "up")"));
  const auto [status, out] = runCli("validate \"" + bad.string() + "\"");
  INFO(out);
  CHECK(status == 1);
  CHECK(out.find(bad.string() + ":3:") != std::string::npos);
  CHECK(out.find("nodes[0].source_up: unknown axis \"up\"") != std::string::npos);
}

}  // namespace flexure
