// glTF export (issue 15): the file, re-read by an independent reader (gltf_reader.h) and
// evaluated as a viewer does, shows exactly the tessellation `flexure-cli export-obj` and
// `animate --obj` write (tessellateScene after the bake session reached the frame).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <filesystem>

#include <unistd.h>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/interchange/gltf_export.h"
#include "flexure/interchange/scene_rig.h"
#include "flexure/io/open_scene.h"
#include "flexure/modules.h"
#include "gltf_reader.h"

namespace fs = std::filesystem;
using flexure::test::GltfFile;

namespace flexure {

namespace {

fs::path scenesDir() { return fs::path(FLEXURE_SOURCE_DIR) / "scenes"; }

fs::path tempFile(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("flexure-test-gltf-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

std::unique_ptr<Scene> load(const fs::path& file) {
  registerAllModules();
  return std::move(openSceneFile(file.string()).scene);
}

double sceneSize(const std::vector<TriangleMesh>& meshes) {
  Bounds3 b;
  for (const TriangleMesh& m : meshes)
    for (const Vec3d& p : m.positions) b.extend(p);
  return b.empty() ? 1.0 : norm(b.hi - b.lo);
}

// Every vertex of `expected` (OBJ export order) against the glTF evaluated at `time`; the
// largest deviation relative to the scene's size.
double largestDeviation(const GltfFile& file, double time, const std::vector<TriangleMesh>& expected) {
  const std::vector<GltfFile::WorldMesh> got = file.evaluate(time);
  std::vector<const TriangleMesh*> drawn;
  for (const TriangleMesh& m : expected)
    if (!m.triangles.empty()) drawn.push_back(&m);
  REQUIRE(got.size() == drawn.size());
  const double size = sceneSize(expected);
  double worst = 0.0;
  for (std::size_t k = 0; k < got.size(); ++k) {
    const TriangleMesh& e = *drawn[k];
    INFO("mesh " << e.name);
    CHECK(got[k].nodeName == e.name);
    REQUIRE(got[k].positions.size() == e.positions.size());
    CHECK(got[k].triangles == e.triangles);
    for (std::size_t i = 0; i < e.positions.size(); ++i) {
      const auto& p = got[k].positions[i];
      const Vec3d d = Vec3d(p[0], p[1], p[2]) - e.positions[i];
      worst = std::max(worst, norm(d) / size);
      if (i < e.normals.size()) {
        const auto& n = got[k].normals[i];
        CHECK(dot(Vec3d(n[0], n[1], n[2]), e.normals[i]) > 0.9999);
      }
    }
  }
  return worst;
}

// How far each animated scene is exported here (the full bakes run in the validator test at
// their own length is not needed: three frames spread over a short range show the channels).
int testRangeLength(const std::string& name) { return name == "anim-metaball-morph.json" ? 12 : 10; }

}  // namespace

TEST_CASE("a static export re-read equals export-obj's tessellation", "[gltf][static]") {
  for (const char* name : {"primitives.json", "pipe.json", "metaball-z-letter.json", "lamp.json", "snake.json"}) {
    INFO(name);
    const auto scene = load(scenesDir() / name);
    const fs::path out = tempFile(std::string(name) + ".glb");
    const GltfExportResult r = exportGltf(*scene, out.string());
    CHECK(r.bytes == fs::file_size(out));
    CHECK(r.frames == 1);
    const double d = largestDeviation(GltfFile::read(out.string()), 0.0, tessellateScene(*scene));
    CHECK(d < 1e-6);
  }
}

TEST_CASE("every animated scene's export shows its baked frames", "[gltf][frames]") {
  for (const auto& entry : fs::directory_iterator(scenesDir())) {
    const std::string name = entry.path().filename().string();
    if (!name.starts_with("anim-") || entry.path().extension() != ".json") continue;
    INFO(name);
    auto scene = load(entry.path());
    const TimelineSettings& timeline = scene->settings.get<TimelineSettings>();
    const int first = timeline.startFrame, last = first + testRangeLength(name);
    const double fps = timeline.fps;
    const fs::path out = tempFile(name + ".glb");
    {
      BakeSession session(*scene);
      const GltfExportResult r = exportGltfAnimation(session, {first, last}, out.string());
      CHECK(r.frames == last - first + 1);
      CHECK(r.transformChannels + r.morphTargets > 0);
    }
    const GltfFile file = GltfFile::read(out.string());
    REQUIRE(file.doc.contains("animations"));
    // The frames as `animate --obj` writes them: a fresh bake session, tessellateScene.
    auto fresh = load(entry.path());
    BakeSession reference(*fresh);
    for (int f : {first, (first + last) / 2, last}) {
      INFO("frame " << f);
      REQUIRE(reference.goToFrame(f).shownFrame == f);
      CHECK(largestDeviation(file, f / fps, tessellateScene(reference.scene())) < 1e-6);
    }
  }
}

TEST_CASE("rigid motion is written as node transforms, deformation as morph targets", "[gltf][channels]") {
  SECTION("snake: solids are transform channels, no vertex data per frame") {
    auto scene = load(scenesDir() / "anim-snake.json");
    BakeSession session(*scene);
    const fs::path out = tempFile("snake-channels.glb");
    const GltfExportResult r = exportGltfAnimation(session, {0, 5}, out.string());
    CHECK(r.morphTargets == 0);
    CHECK(r.transformChannels > 0);
    const GltfFile file = GltfFile::read(out.string());
    for (const auto& node : file.doc["nodes"])
      if (node.value("name", "") == "head") CHECK(node.contains("rotation"));
  }
  SECTION("pipe-follow: the bend is baked into the pipe's vertices under its rigid parents") {
    auto scene = load(scenesDir() / "anim-pipe-follow.json");
    const SceneRig rig = buildSceneRig(*scene);
    for (const RigNode& n : rig.nodes) {
      if (n.node->name() == "pipe-bend") CHECK_FALSE(n.transform);
      if (n.node->name() == "pipe-rotate" || n.node->name() == "pipe-translate") CHECK(n.transform);
      if (n.node->name() == "pipe") CHECK(rig.leaves[static_cast<std::size_t>(n.leaf)].bakedOperators == 1);
    }
  }
  SECTION("metaball morph: one sparse-or-dense morph target per changed frame, one weights channel") {
    auto scene = load(scenesDir() / "anim-metaball-morph.json");
    BakeSession session(*scene);
    const fs::path out = tempFile("morph.glb");
    const GltfExportResult r = exportGltfAnimation(session, {0, 4}, out.string());
    CHECK(r.morphTargets >= 1);
    CHECK(r.morphTargets <= 4);
    const GltfFile file = GltfFile::read(out.string());
    int weightChannels = 0;
    for (const auto& ch : file.doc["animations"][0]["channels"]) weightChannels += ch["target"]["path"] == "weights";
    CHECK(weightChannels == 1);
  }
}

TEST_CASE("a .gltf export writes its buffer beside it and reads back the same", "[gltf][separate]") {
  auto scene = load(scenesDir() / "anim-keyed-pipe.json");
  BakeSession session(*scene);
  const fs::path out = tempFile("keyed-pipe.gltf");
  const GltfExportResult r = exportGltfAnimation(session, {0, 6}, out.string());
  REQUIRE(fs::exists(out.parent_path() / "keyed-pipe.bin"));
  CHECK(r.bytes == fs::file_size(out) + fs::file_size(out.parent_path() / "keyed-pipe.bin"));
  const GltfFile file = GltfFile::read(out.string());
  auto fresh = load(scenesDir() / "anim-keyed-pipe.json");
  BakeSession reference(*fresh);
  reference.goToFrame(6);
  CHECK(largestDeviation(file, 6 / fresh->settings.get<TimelineSettings>().fps, tessellateScene(reference.scene())) < 1e-6);
}

TEST_CASE("a cancelled export writes nothing", "[gltf][cancel]") {
  auto scene = load(scenesDir() / "anim-snake.json");
  BakeSession session(*scene);
  const fs::path out = tempFile("cancelled.glb");
  fs::remove(out);
  std::atomic<bool> cancel{false};
  const GltfExportResult r = exportGltfAnimation(session, {0, 20}, out.string(), {},
                                                 [&](const GltfExportProgress& p) { if (p.done == 3) cancel = true; }, &cancel);
  CHECK(r.cancelled);
  CHECK_FALSE(fs::exists(out));
}

TEST_CASE("materials carry the part colours, linearized", "[gltf][material]") {
  auto scene = load(scenesDir() / "primitives.json");
  GltfExportOptions options;
  options.partColor = [](std::size_t i) { return i % 2 ? std::array<float, 3>{1.0f, 0.5f, 0.0f} : std::array<float, 3>{0.2f, 0.2f, 0.2f}; };
  const fs::path out = tempFile("colours.glb");
  exportGltf(*scene, out.string(), options);
  const GltfFile file = GltfFile::read(out.string());
  REQUIRE(file.doc["materials"].size() == 2);
  const auto& c = file.doc["materials"][1]["pbrMetallicRoughness"]["baseColorFactor"];
  CHECK(c[0].get<double>() == Approx(1.0));
  CHECK(c[1].get<double>() == Approx(0.2140).epsilon(1e-3));  // sRGB 0.5 is linear 0.214
  CHECK(c[2].get<double>() == Approx(0.0));
}

}  // namespace flexure
