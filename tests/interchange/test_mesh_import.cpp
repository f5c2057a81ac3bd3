// Mesh import through assimp (issue 15): STL, PLY and glTF files become one mesh node per mesh
// under a group and keep every triangle; malformed files are refused with a message naming the
// file, and the scene is left as it was.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <set>

#include <unistd.h>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/postprocess.h>
#include <assimp/scene.h>

#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/interchange/gltf_export.h"
#include "flexure/interchange/import_limits.h"
#include "flexure/interchange/mesh_import.h"
#include "flexure/interchange/stl_export.h"
#include "flexure/io/obj.h"
#include "flexure/io/open_scene.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"

namespace fs = std::filesystem;

namespace flexure {

namespace {

fs::path importTempFile(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("flexure-test-import-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir / name;
}

void writeBytes(const fs::path& file, const std::string& bytes) {
  std::ofstream out(file, std::ios::binary);
  out << bytes;
}

// A closed sphere and a closed block, each its own mesh.
std::vector<TriangleMesh> twoParts() {
  Scene scene;
  auto s = std::make_unique<SpherePrimitive>();
  s->setName("ball");
  scene.add(std::move(s));
  auto b = std::make_unique<BlockPrimitive>();
  b->setName("brick");
  scene.add(std::move(b));
  return tessellateScene(scene, {6});
}

// Triangles as sorted corner triples of float32 positions: what survives any file format.
std::multiset<std::array<float, 9>> triangleSet(const std::vector<TriangleMesh>& meshes) {
  std::multiset<std::array<float, 9>> out;
  for (const TriangleMesh& m : meshes)
    for (const auto& t : m.triangles) {
      std::array<std::array<float, 3>, 3> c;
      for (int k = 0; k < 3; ++k) {
        const Vec3d& p = m.positions[static_cast<std::size_t>(t[static_cast<std::size_t>(k)])];
        c[static_cast<std::size_t>(k)] = {float(p.x), float(p.y), float(p.z)};
      }
      // Rotate so the smallest corner is first (keeps the winding).
      const auto first = std::min_element(c.begin(), c.end()) - c.begin();
      std::array<float, 9> key{};
      for (int k = 0; k < 3; ++k)
        for (int j = 0; j < 3; ++j) key[static_cast<std::size_t>(3 * k + j)] = c[static_cast<std::size_t>((first + k) % 3)][static_cast<std::size_t>(j)];
      out.insert(key);
    }
  return out;
}

std::unique_ptr<Scene> open(const fs::path& file, std::vector<LoadWarning>* warnings = nullptr) {
  registerAllModules();
  LoadResult r = openSceneFile(file.string());
  if (warnings) *warnings = r.warnings;
  return std::move(r.scene);
}

// Opens `file`, requires one mesh of `triangles` triangles, and returns the warnings.
std::vector<LoadWarning> oneMeshWarnings(const fs::path& file, int triangles) {
  std::vector<LoadWarning> warnings;
  const auto scene = open(file, &warnings);
  const std::vector<TriangleMesh> meshes = tessellateScene(*scene);
  REQUIRE(meshes.size() == 1);
  CHECK(meshes[0].triangleCount() == triangles);
  return warnings;
}

// scene → OBJ text → parsed back: the meshes `export-obj` would write.
std::vector<TriangleMesh> throughObj(const Scene& scene) {
  const std::vector<TriangleMesh> meshes = tessellateScene(scene);
  TriangleMesh all = parseObj(meshesToObj(meshes));
  return {all};
}

std::string asciiStl(const std::vector<TriangleMesh>& meshes) {
  std::string s = "solid parts\n";
  char line[256];
  for (const TriangleMesh& m : meshes)
    for (const auto& t : m.triangles) {
      s += " facet normal 0 0 0\n  outer loop\n";
      for (int k : t) {
        const Vec3d& p = m.positions[static_cast<std::size_t>(k)];
        std::snprintf(line, sizeof line, "   vertex %.9g %.9g %.9g\n", float(p.x), float(p.y), float(p.z));
        s += line;
      }
      s += "  endloop\n endfacet\n";
    }
  return s + "endsolid parts\n";
}

std::string asciiPly(const TriangleMesh& m, const std::string& vertexCount = "", const std::string& faceCount = "") {
  std::string s = "ply\nformat ascii 1.0\nelement vertex " + (vertexCount.empty() ? std::to_string(m.positions.size()) : vertexCount) +
                  "\nproperty float x\nproperty float y\nproperty float z\nelement face " +
                  (faceCount.empty() ? std::to_string(m.triangles.size()) : faceCount) +
                  "\nproperty list uchar int vertex_indices\nend_header\n";
  char line[256];
  for (const Vec3d& p : m.positions) {
    std::snprintf(line, sizeof line, "%.9g %.9g %.9g\n", float(p.x), float(p.y), float(p.z));
    s += line;
  }
  for (const auto& t : m.triangles) s += "3 " + std::to_string(t[0]) + " " + std::to_string(t[1]) + " " + std::to_string(t[2]) + "\n";
  return s;
}

void requireRefused(const fs::path& file, const std::string& what) {
  INFO(what << ": " << file);
  try {
    open(file);
    FAIL("accepted");
  } catch (const LoadError& e) {
    const std::string message = e.what();
    INFO(message);
    CHECK(message.find(file.string()) != std::string::npos);
    CHECK(message.size() > file.string().size() + 4);  // says what is wrong
  }
}

}  // namespace

TEST_CASE("STL, PLY and glTF round trips to OBJ keep every triangle", "[import][roundtrip]") {
  const std::vector<TriangleMesh> parts = twoParts();
  const auto expected = triangleSet(parts);
  SECTION("binary STL") {
    const fs::path f = importTempFile("parts.stl");
    writeBinaryStlFile(parts, f.string());
    const auto scene = open(f);
    CHECK(triangleSet(throughObj(*scene)) == expected);
  }
  SECTION("ASCII STL") {
    const fs::path f = importTempFile("parts-ascii.stl");
    writeBytes(f, asciiStl(parts));
    CHECK(triangleSet(throughObj(*open(f))) == expected);
  }
  SECTION("PLY") {
    const fs::path f = importTempFile("ball.ply");
    writeBytes(f, asciiPly(parts[0]));
    CHECK(triangleSet(throughObj(*open(f))) == triangleSet({parts[0]}));
  }
  SECTION("glTF: one mesh node per mesh, under a group named after the file") {
    Scene scene;
    for (const TriangleMesh& m : parts) {
      auto node = std::make_unique<MeshPrimitive>();
      node->setName(m.name);
      node->setMesh(m);
      scene.add(std::move(node));
    }
    const fs::path f = importTempFile("parts.glb");
    exportGltf(scene, f.string());
    const auto imported = open(f);
    CHECK(triangleSet(throughObj(*imported)) == expected);
    const auto& groups = imported->root().children();
    REQUIRE(groups.size() == 1);
    CHECK(groups[0]->name() == "parts");
    CHECK(groups[0]->type() == "group");
    REQUIRE(groups[0]->children().size() == 2);
    CHECK(groups[0]->children()[0]->type() == "mesh");
  }
}

namespace {

// A closed tetrahedron as a Collada geometry library: the geometry "g" named "tetra".
const char* const kColladaTetrahedron = R"(<library_geometries><geometry id="g" name="tetra"><mesh>
<source id="p"><float_array id="pa" count="12">0 0 0 1 0 0 0 1 0 0 0 1</float_array>
<technique_common><accessor source="#pa" count="4" stride="3"><param name="X" type="float"/><param name="Y" type="float"/><param name="Z" type="float"/></accessor></technique_common></source>
<vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
<triangles count="4"><input semantic="VERTEX" source="#v" offset="0"/><p>0 2 1 0 1 3 0 3 2 1 2 3</p></triangles>
</mesh></geometry></library_geometries>
)";

}  // namespace

TEST_CASE("Collada goes through the same import", "[import][collada]") {
  const fs::path f = importTempFile("tetra.dae");
  writeBytes(f, std::string(R"(<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
)") + kColladaTetrahedron + R"(<library_visual_scenes><visual_scene id="s"><node id="n" name="tetra"><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>)");
  CHECK(oneMeshWarnings(f, 4).empty());  // closed and consistently oriented
  // Truncated XML is refused with the file named.
  const fs::path cut = importTempFile("cut.dae");
  writeBytes(cut, "<?xml version=\"1.0\"?>\n<COLLADA xmlns=\"http://www.collada.org/2005/11/COLLADASchema\" version=\"1.4.1\">\n<library_geometries><geometry id=\"g\"><mesh><source id=\"p\"><float_array id=\"pa\" count=\"12\">0 0 0 1");
  requireRefused(cut, "truncated Collada");
}

// Issue 28 item 1: files that assimp reads and Flexure refused.
namespace {

// A Collada tetrahedron beside a camera and a light; `geometryUrl` is what its node instances.
std::string colladaWithCameraAndLight(const std::string& geometryUrl) {
  return R"(<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
<library_cameras><camera id="cam" name="cam"><optics><technique_common><perspective><yfov>45</yfov><aspect_ratio>1.5</aspect_ratio><znear>0.1</znear><zfar>100</zfar></perspective></technique_common></optics></camera></library_cameras>
<library_lights><light id="sun" name="sun"><technique_common><directional><color>1 1 1</color></directional></technique_common></light></library_lights>
)" + std::string(kColladaTetrahedron) + R"(<library_visual_scenes><visual_scene id="s">
<node id="c" name="camera"><translate>0 0 5</translate><instance_camera url="#cam"/></node>
<node id="l" name="light"><instance_light url="#sun"/></node>
<node id="n" name="tetra"><instance_geometry url=")" + geometryUrl + R"("/></node>
</visual_scene></library_visual_scenes>
<scene><instance_visual_scene url="#s"/></scene>
</COLLADA>)";
}

// A glTF file with one mesh per given primitive mode (0 points, 1 lines, 4 triangles), each over
// the same four vertices of a tetrahedron.
std::string gltfWithModes(const std::vector<int>& modes) {
  // 4 float32 VEC3 positions (48 bytes), then 12 uint16 indices (24 bytes): the tetrahedron's
  // triangles, which as lines or points are just as valid.
  const float positions[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
  const std::uint16_t indices[12] = {0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3};
  std::string bytes(reinterpret_cast<const char*>(positions), sizeof positions);
  bytes.append(reinterpret_cast<const char*>(indices), sizeof indices);
  static const char* const kBase64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string base64;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(static_cast<unsigned char>(bytes[i])) << 16) |
                            (i + 1 < bytes.size() ? std::uint32_t(static_cast<unsigned char>(bytes[i + 1])) << 8 : 0) |
                            (i + 2 < bytes.size() ? std::uint32_t(static_cast<unsigned char>(bytes[i + 2])) : 0);
    base64 += kBase64[(n >> 18) & 63];
    base64 += kBase64[(n >> 12) & 63];
    base64 += i + 1 < bytes.size() ? kBase64[(n >> 6) & 63] : '=';
    base64 += i + 2 < bytes.size() ? kBase64[n & 63] : '=';
  }
  std::string nodes, meshes, sceneNodes;
  for (std::size_t k = 0; k < modes.size(); ++k) {
    const std::string name = modes[k] == 0 ? "cloud" : modes[k] == 1 ? "wire" : "solid";
    nodes += std::string(k ? "," : "") + R"({"mesh":)" + std::to_string(k) + R"(,"name":")" + name + R"("})";
    meshes += std::string(k ? "," : "") + R"({"name":")" + name +
              R"(","primitives":[{"attributes":{"POSITION":0},"indices":1,"mode":)" + std::to_string(modes[k]) + "}]}";
    sceneNodes += std::string(k ? "," : "") + std::to_string(k);
  }
  return R"({"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[)" + sceneNodes + R"(]}],"nodes":[)" + nodes +
         R"(],"meshes":[)" + meshes + R"(],"buffers":[{"byteLength":72,"uri":"data:application/octet-stream;base64,)" + base64 +
         R"("}],"bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":48},{"buffer":0,"byteOffset":48,"byteLength":24}],)"
         R"("accessors":[{"bufferView":0,"componentType":5126,"count":4,"type":"VEC3","min":[0,0,0],"max":[1,1,1]},)"
         R"({"bufferView":1,"componentType":5123,"count":12,"type":"SCALAR"}]})";
}

std::string refusal(const fs::path& file) {
  try {
    open(file);
  } catch (const LoadError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("a Collada file with a camera and a light beside its mesh imports the mesh and names what was left out",
          "[import][collada][issue28]") {
  const fs::path f = importTempFile("camera-light-mesh.dae");
  writeBytes(f, colladaWithCameraAndLight("#g"));
  const std::vector<LoadWarning> warnings = oneMeshWarnings(f, 4);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0].message, Catch::Contains("left out 1 camera and 1 light"));
}

// assimp flags a Collada scene "incomplete" when its reader stored no mesh — here the node names
// the geometry by its name, which assimp does not resolve — and then makes up a "skeleton" mesh
// of the node tree (which `assimp info` counts as a mesh). That is no geometry of the file:
// refused, saying what the file holds and why no mesh came out, never the made-up mesh.
TEST_CASE("a Collada file whose only mesh assimp cannot place is refused with what it holds", "[import][collada][issue28]") {
  const fs::path f = importTempFile("camera-light-unplaced.dae");
  writeBytes(f, colladaWithCameraAndLight("#tetra"));
  const std::string message = refusal(f);
  INFO(message);
  CHECK_THAT(message, Catch::StartsWith(f.string() + ": no triangle mesh in the file"));
  CHECK_THAT(message, Catch::Contains("it holds 1 camera and 1 light"));
  CHECK_THAT(message, Catch::Contains("Unable to find geometry for ID \"tetra\""));
}

TEST_CASE("a PLY header with a free-text line, as Blender 2.47 wrote it, reads", "[import][ply][issue28]") {
  const fs::path f = importTempFile("blender247.ply");
  writeBytes(f,
             "ply\nformat ascii 1.0\nCreated by Blender3D 247 - www.blender.org, source file: 'tetra.blend'\n"
             "element vertex 4\nproperty float x\nproperty float y\nproperty float z\n"
             "element face 4\nproperty list uchar uint vertex_indices\nend_header\n"
             "0 0 0\n1 0 0\n0 1 0\n0 0 1\n3 0 2 1\n3 0 1 3\n3 0 3 2\n3 1 2 3\n");
  CHECK(oneMeshWarnings(f, 4).empty());
  // What keeps assimp's parser from running on stays refused: "end_header" on a line with other
  // text, even a free-text one.
  const fs::path hidden = importTempFile("hidden-end.ply");
  writeBytes(hidden, "ply\nformat ascii 1.0\nelement vertex 1\nproperty float x\nnotes: end_header\n1\n");
  CHECK_THAT(refusal(hidden), Catch::Contains("\"end_header\" must stand alone on its line"));
}

TEST_CASE("a glTF file of points or lines only is refused as having no triangles", "[import][gltf][issue28]") {
  for (const int mode : {0, 1}) {
    const fs::path f = importTempFile(mode == 0 ? "points.gltf" : "lines.gltf");
    writeBytes(f, gltfWithModes({mode}));
    const std::string message = refusal(f);
    INFO(message);
    CHECK_THAT(message, Catch::StartsWith(f.string() + ": the file has no triangles (points or lines only: "));
    CHECK_THAT(message, Catch::Contains(mode == 0 ? "\"cloud\" (points)" : "\"wire\" (lines)"));
    CHECK_THAT(message, Catch::Contains("cannot use as a surface"));
  }
  // Beside triangles, lines are left out with a warning and the triangles come in.
  const fs::path mixed = importTempFile("mixed.gltf");
  writeBytes(mixed, gltfWithModes({4, 1}));
  const std::vector<LoadWarning> warnings = oneMeshWarnings(mixed, 4);
  REQUIRE(warnings.size() == 1);
  CHECK_THAT(warnings[0].message, Catch::Contains("left out \"wire\" (lines)"));
}

TEST_CASE("an OBJ file whose numbers carry an explicit sign imports", "[import][obj][issue28]") {
  const fs::path f = importTempFile("signed.obj");
  writeBytes(f, "v +1 -0.5 +2.0e+0\nv +0 +0 +0\nv +1 +1 -0\nf +1 +2 +3\n");
  const std::vector<TriangleMesh> meshes = tessellateScene(*open(f));
  REQUIRE(meshes.size() == 1);
  REQUIRE(meshes[0].triangleCount() == 1);
  const Bounds3 box = meshes[0].bounds();
  CHECK(box.hi.x == 1.0);
  CHECK(box.lo.y == -0.5);
  CHECK(box.hi.z == 2.0);
}

// Every triangle's area, sorted: what a rigid motion of any part leaves unchanged.
static std::vector<double> triangleAreas(const std::vector<TriangleMesh>& meshes) {
  std::vector<double> areas;
  for (const TriangleMesh& m : meshes)
    for (const auto& t : m.triangles) {
      const Vec3d a = m.positions[static_cast<std::size_t>(t[0])], b = m.positions[static_cast<std::size_t>(t[1])],
                  c = m.positions[static_cast<std::size_t>(t[2])];
      areas.push_back(0.5 * norm(cross(b - a, c - a)));
    }
  std::sort(areas.begin(), areas.end());
  return areas;
}

// FBX and 3DS files written by other programs: a binary FBX 7.4 exported by Blender 3.4 (its
// default cube, tests/interchange/data/cube-blender.fbx), and ASCII FBX and 3DS written by
// assimp's own exporters from our STL. Every triangle arrives, in the right place.
TEST_CASE("FBX and 3DS go through the same import", "[import][fbx][3ds]") {
  SECTION("binary FBX from Blender") {
    const auto scene = open(fs::path(FLEXURE_SOURCE_DIR) / "tests/interchange/data/cube-blender.fbx");
    const std::vector<TriangleMesh> meshes = tessellateScene(*scene);
    REQUIRE(meshes.size() == 1);
    CHECK(meshes[0].triangleCount() == 12);  // six quads, triangulated
    const Bounds3 box = meshes[0].bounds();
    const Vec3d size = box.hi - box.lo;
    CHECK(size.x > 0.0);
    CHECK(std::abs(size.y - size.x) < 1e-6 * size.x);  // a cube, whatever unit Blender wrote
    CHECK(std::abs(size.z - size.x) < 1e-6 * size.x);
  }
  const std::vector<TriangleMesh> parts = twoParts();
  const fs::path stl = importTempFile("for-others.stl");
  writeBinaryStlFile(parts, stl.string());
  int expectedTriangles = 0;
  Bounds3 expectedBox;
  for (const TriangleMesh& m : parts) {
    expectedTriangles += m.triangleCount();
    expectedBox.extend(m.bounds());
  }
  for (const char* format : {"fbxa", "3ds"}) {
    DYNAMIC_SECTION("written by assimp as " << format) {
      Assimp::Importer reader;
      const aiScene* source = reader.ReadFile(stl.string(), aiProcess_Triangulate);
      REQUIRE(source != nullptr);
      const fs::path f = importTempFile(std::string("parts.") + (std::string(format) == "fbxa" ? "fbx" : "3ds"));
      Assimp::Exporter writer;
      REQUIRE(writer.Export(source, format, f.string()) == AI_SUCCESS);
      const auto scene = open(f);
      int triangles = 0;
      Bounds3 box;
      for (const TriangleMesh& m : tessellateScene(*scene)) {
        triangles += m.triangleCount();
        box.extend(m.bounds());
      }
      CHECK(triangles == expectedTriangles);
      // FBX keeps every vertex where it was. assimp's 3DS writer and reader together move the
      // parts (3DS keeps a pivot per mesh), so 3DS is held to every triangle's shape: the sorted
      // triangle areas.
      CHECK_THAT(triangleAreas(tessellateScene(*scene)), Catch::Matchers::Approx(triangleAreas(parts)).margin(1e-6));
      if (std::string(format) == "fbxa") {
        CHECK(norm(box.lo - expectedBox.lo) < 1e-5);
        CHECK(norm(box.hi - expectedBox.hi) < 1e-5);
      }
    }
  }
}

TEST_CASE("closed meshes weld and load silently; open ones warn that inside is undefined", "[import][manifold]") {
  const std::vector<TriangleMesh> parts = twoParts();
  const fs::path closed = importTempFile("closed.stl");
  writeBinaryStlFile({parts[1]}, closed.string());
  std::vector<LoadWarning> warnings;
  open(closed, &warnings);
  CHECK(warnings.empty());
  TriangleMesh open1 = parts[1];
  open1.triangles.pop_back();
  const fs::path opened = importTempFile("open.stl");
  writeBinaryStlFile({open1}, opened.string());
  open(opened, &warnings);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].message.find("undefined") != std::string::npos);
}

TEST_CASE("unit scale and up axis", "[import][options]") {
  TriangleMesh tri;
  tri.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  tri.triangles = {{0, 1, 2}};
  const fs::path f = importTempFile("tri.stl");
  writeBinaryStlFile({tri}, f.string());
  MeshImportOptions o;
  o.scale = 0.001;
  o.fileUp = Axis::Y;
  o.sceneUp = Axis::Z;
  const ImportedMeshes r = readMeshesWithAssimp(f.string(), o);
  REQUIRE(r.meshes.size() == 1);
  // Y up → Z up is (x, y, z) ↦ (x, -z, y); the file's (0, 1, 0) is the scene's (0, 0, 0.001).
  bool found = false;
  for (const Vec3d& p : r.meshes[0].positions)
    if (std::abs(p.z - 0.001) < 1e-12 && std::abs(p.x) < 1e-12 && std::abs(p.y) < 1e-12) found = true;
  CHECK(found);
}

TEST_CASE("a mesh node's source may be any imported format", "[import][source]") {
  const fs::path stl = importTempFile("part.stl");
  writeBinaryStlFile({twoParts()[1]}, stl.string());
  const fs::path sceneFile = importTempFile("uses-stl.json");
  writeBytes(sceneFile, R"({"format": "flexure-scene", "version": 1,
    "nodes": [{"name": "part", "type": "mesh", "source": "part.stl"}]})");
  const auto scene = open(sceneFile);
  const std::vector<TriangleMesh> meshes = tessellateScene(*scene);
  REQUIRE(meshes.size() == 1);
  CHECK(meshes[0].triangleCount() == twoParts()[1].triangleCount());
}

TEST_CASE("malformed mesh files are refused with the file named", "[import][errors]") {
  const std::vector<TriangleMesh> parts = twoParts();
  const std::string stl = meshesToBinaryStl(parts);
  SECTION("STL") {
    const fs::path truncated = importTempFile("truncated.stl");
    writeBytes(truncated, stl.substr(0, stl.size() / 2));
    requireRefused(truncated, "truncated binary STL");

    std::string wrong = stl;
    const std::uint32_t more = 100000;
    std::memcpy(wrong.data() + 80, &more, 4);
    const fs::path counts = importTempFile("wrong-count.stl");
    writeBytes(counts, wrong);
    requireRefused(counts, "triangle count beyond the data");

    std::string huge = stl;
    const std::uint32_t most = 0xFFFFFFFFu;
    std::memcpy(huge.data() + 80, &most, 4);
    const fs::path hugeFile = importTempFile("huge-count.stl");
    writeBytes(hugeFile, huge);
    requireRefused(hugeFile, "huge triangle count");

    std::string nan = stl;
    const float bad = std::nanf("");
    std::memcpy(nan.data() + 84 + 12, &bad, 4);  // first vertex's x
    const fs::path nanFile = importTempFile("nan.stl");
    writeBytes(nanFile, nan);
    requireRefused(nanFile, "NaN vertex");

    const fs::path empty = importTempFile("empty.stl");
    writeBytes(empty, "");
    requireRefused(empty, "empty file");
  }
  SECTION("PLY") {
    const std::string ply = asciiPly(parts[0]);
    const fs::path truncated = importTempFile("truncated.ply");
    writeBytes(truncated, ply.substr(0, ply.size() / 2));
    requireRefused(truncated, "truncated PLY");

    const fs::path counts = importTempFile("wrong-count.ply");
    writeBytes(counts, asciiPly(parts[0], "", std::to_string(parts[0].triangles.size() + 50)));
    requireRefused(counts, "more faces announced than given");

    const fs::path huge = importTempFile("huge-count.ply");
    writeBytes(huge, asciiPly(parts[0], "4000000000"));
    requireRefused(huge, "huge vertex count");

    std::string nan = ply;
    const auto header = nan.find("end_header\n") + 11;
    nan.replace(header, nan.find(' ', header) - header, "nan");
    const fs::path nanFile = importTempFile("nan.ply");
    writeBytes(nanFile, nan);
    requireRefused(nanFile, "NaN vertex");

    std::string index = ply;
    const auto lastFace = index.rfind("\n3 ", index.size() - 2);
    index.replace(lastFace + 1, index.size() - lastFace - 1, "3 0 1 99999\n");
    const fs::path indexFile = importTempFile("bad-index.ply");
    writeBytes(indexFile, index);
    requireRefused(indexFile, "index out of range");
  }
  SECTION("glTF") {
    Scene scene;
    auto node = std::make_unique<MeshPrimitive>();
    node->setName("ball");
    node->setMesh(parts[0]);
    scene.add(std::move(node));
    const fs::path good = importTempFile("good.glb");
    exportGltf(scene, good.string());
    std::ifstream in(good, std::ios::binary);
    const std::string glb((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());

    const fs::path truncated = importTempFile("truncated.glb");
    writeBytes(truncated, glb.substr(0, glb.size() / 2));
    requireRefused(truncated, "truncated GLB");

    // The GLB with one edit in its JSON chunk (re-packed: chunk and total lengths).
    std::uint32_t jsonBytes = 0;
    std::memcpy(&jsonBytes, glb.data() + 12, 4);
    auto edited = [&](const std::string& from, const std::string& to) {
      std::string json = glb.substr(20, jsonBytes);
      const auto at = json.find(from);
      REQUIRE(at != std::string::npos);
      json.replace(at, from.size(), to);
      while (json.size() % 4) json += ' ';
      const std::string rest = glb.substr(20 + jsonBytes);
      std::string out = glb.substr(0, 12);
      const std::uint32_t total = static_cast<std::uint32_t>(20 + json.size() + rest.size());
      const std::uint32_t length = static_cast<std::uint32_t>(json.size());
      std::memcpy(out.data() + 8, &total, 4);
      out.append(reinterpret_cast<const char*>(&length), 4);
      out += glb.substr(16, 4);
      return out + json + rest;
    };
    const std::string positionsCount = "\"count\":" + std::to_string(parts[0].positions.size());
    const fs::path counts = importTempFile("wrong-count.glb");
    writeBytes(counts, edited(positionsCount, "\"count\":" + std::to_string(parts[0].positions.size() * 2)));
    requireRefused(counts, "accessor count beyond its buffer view");

    const fs::path huge = importTempFile("huge-count.glb");
    writeBytes(huge, edited(positionsCount, "\"count\":2000000000"));
    requireRefused(huge, "huge accessor count");

    std::string nan = glb;
    const float bad = std::nanf("");
    // The binary chunk starts after the JSON chunk; positions are its first bytes.
    std::uint32_t jsonLength = 0;
    std::memcpy(&jsonLength, glb.data() + 12, 4);
    std::memcpy(nan.data() + 20 + jsonLength + 8, &bad, 4);
    const fs::path nanFile = importTempFile("nan.glb");
    writeBytes(nanFile, nan);
    requireRefused(nanFile, "NaN position");
  }
}

TEST_CASE("a failed import leaves nothing behind", "[import][atomic]") {
  const fs::path bad = importTempFile("bad.ply");
  writeBytes(bad, "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nend_header\n1\n");
  Scene scene;
  CHECK_THROWS_AS(importMeshFile(bad.string(), scene), LoadError);
  CHECK(scene.root().children().empty());
}

// Inputs fuzz_mesh_import found (first byte: the format hint, as in the fuzz target): each is
// refused with a LoadError that names the file, and nothing else (no hang, crash or other
// exception, no bare "std::bad_alloc"). collada-exponential-instances.bin (issue 28) is 4 kB of
// library nodes that each instance the one before twice, 2^40 nodes: assimp allocates until
// something stops it, here the import's memory limit, kept small so that the test is quick.
// collada-runaway-*.bin are the fuzzer's, run under the same limits from assimp-testmodels'
// models: kwxport's cube.dae with other bytes in an effect block, and a model whose triangle
// index list has a few bytes garbled; assimp allocates without end on both.
TEST_CASE("fuzz findings are refused cleanly", "[import][fuzz]") {
  static const char* const kHints[] = {"stl", "ply", "glb", "gltf", "dae", "fbx", "3ds", ""};
  const MeshImportLimits before = meshImportLimits();
  setMeshImportLimits({std::uint64_t{512} << 20, 60.0});
  for (const auto& entry : fs::directory_iterator(fs::path(FLEXURE_SOURCE_DIR) / "tests/interchange/regressions")) {
    INFO(entry.path());
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(!bytes.empty());
    try {
      readMeshesFromMemory(bytes.substr(1), kHints[static_cast<unsigned char>(bytes[0]) % 8], entry.path().string());
      FAIL("accepted");
    } catch (const LoadError& e) {
      INFO(e.what());
      CHECK_THAT(e.what(), Catch::StartsWith(entry.path().string() + ":"));
      CHECK_THAT(e.what(), !Catch::Contains("bad_alloc"));
      if (entry.path().filename().string().starts_with("collada-exponential") ||
          entry.path().filename().string().starts_with("collada-runaway"))
        CHECK_THAT(e.what(), Catch::Contains("the importer needed more than 512 MiB of memory and was stopped"));
    }
  }
  setMeshImportLimits(before);
}

}  // namespace flexure
