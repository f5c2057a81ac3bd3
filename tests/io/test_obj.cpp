#include <catch2/catch.hpp>

#include "flexure/io/obj.h"

using namespace flexure;

namespace {

LoadError objError(const std::string& text) {
  try {
    parseObj(text, "m.obj");
  } catch (const LoadError& e) {
    return e;
  }
  FAIL("expected an OBJ error for: " << text);
  throw std::logic_error("unreachable");
}

}  // namespace

TEST_CASE("OBJ import: polygons are fan-triangulated, comments and groups ignored", "[obj]") {
  const TriangleMesh m = parseObj(
      "# a unit square and a pentagon\n"
      "mtllib x.mtl\n"
      "o square\ng g1\ns 1\nusemtl red\n"
      "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0   # trailing comment\r\n"
      "f 1 2 3 4\n"
      "v 0 0 1\nv 1 0 1\nv 1.5 0.5 1\nv 1 1 1\nv 0 1 1 1.0\n"
      "f 5 6 7 8 9\n"
      "l 1 2\n");
  CHECK(m.vertexCount() == 9);
  REQUIRE(m.triangleCount() == 2 + 3);
  CHECK(m.triangles[0] == std::array<int, 3>{0, 1, 2});
  CHECK(m.triangles[1] == std::array<int, 3>{0, 2, 3});
  CHECK(m.triangles[4] == std::array<int, 3>{4, 7, 8});
  // No vn in the file: area-weighted normals, here +z for the flat counter-clockwise square.
  REQUIRE(m.normals.size() == 9);
  CHECK(m.normals[0].z == Approx(1.0));
  CHECK(m.uvs.empty());
}

TEST_CASE("OBJ import: every corner form and negative indices", "[obj]") {
  const std::string header =
      "v 0 0 0\nv 2 0 0\nv 0 2 0\n"
      "vt 0 0\nvt 1 0\nvt 0 1 0\n"
      "vn 0 0 2\nvn 0 0 1\nvn 0 0 1\n";
  const TriangleMesh plain = parseObj(header + "f 1 2 3\n");
  const TriangleMesh withUv = parseObj(header + "f 1/1 2/2 3/3\n");
  const TriangleMesh withNormal = parseObj(header + "f 1//1 2//2 3//3\n");
  const TriangleMesh full = parseObj(header + "f 1/1/1 2/2/2 3/3/3\n");
  const TriangleMesh relative = parseObj(header + "f -3/-3/-3 -2/-2/-2 -1/-1/-1\n");
  for (const TriangleMesh* m : {&plain, &withUv, &withNormal, &full, &relative}) {
    REQUIRE(m->triangleCount() == 1);
    REQUIRE(m->vertexCount() == 3);
    CHECK(m->positions[1].x == 2.0);
    CHECK(m->positions[2].y == 2.0);
    CHECK(m->normals[0].z == Approx(1.0));  // normalized
  }
  CHECK(withUv.uvs.size() == 3);
  CHECK(full.uvs[1][0] == 1.0);
  CHECK(relative.uvs[2][1] == 1.0);
  CHECK(plain.uvs.empty());
  // A position used with two different normals becomes two vertices: 6 distinct corners here.
  const TriangleMesh split = parseObj(header + "v 2 2 0\nf 1//1 2//1 3//1\nf 2//2 4//2 3//2\n");
  CHECK(split.vertexCount() == 6);
  CHECK(split.triangleCount() == 2);
  // Relative indices count from the end of the list read so far.
  const TriangleMesh growing = parseObj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf -3 -2 -1\nv 1 1 0\nf -3 -1 -2\n");
  REQUIRE(growing.triangleCount() == 2);
  CHECK(growing.positions[static_cast<std::size_t>(growing.triangles[1][1])].x == 1.0);
  CHECK(growing.positions[static_cast<std::size_t>(growing.triangles[1][1])].y == 1.0);
}

// Issue 28: numbers with an explicit sign, as C's strtod reads them and other programs write
// them; one sign only.
TEST_CASE("OBJ import: numbers and indices may carry an explicit plus sign", "[obj]") {
  const TriangleMesh m = parseObj("v +1 -0.5 +2.0e+0\nv 0 0 0\nv +0.25 +1E-1 -0\nvt +0.5 +1\nvn +0 +0 +1\nf +1/+1/+1 2/1/1 +3/1/1\n");
  REQUIRE(m.vertexCount() == 3);
  REQUIRE(m.triangleCount() == 1);
  CHECK(m.positions[0].x == 1.0);
  CHECK(m.positions[0].y == -0.5);
  CHECK(m.positions[0].z == 2.0);
  CHECK(m.positions[2].x == 0.25);
  CHECK(m.positions[2].y == 0.1);
  CHECK(m.uvs[0][0] == 0.5);
  CHECK(m.normals[0].z == 1.0);
  CHECK_THAT(objError("v +-1 0 0\n").message(), Catch::Contains("invalid number \"+-1\" for x coordinate"));
  CHECK_THAT(objError("v ++1 0 0\n").message(), Catch::Contains("invalid number \"++1\""));
  CHECK_THAT(objError("v + 0 0\n").message(), Catch::Contains("invalid number \"+\""));
  CHECK_THAT(objError("v 0 0 0\nv 1 0 0\nv 0 1 0\nf +-1 2 3\n").message(), Catch::Contains("invalid vertex index \"+-1\""));
}

TEST_CASE("OBJ import: errors name the line and column of the bad token", "[obj]") {
  struct Case {
    const char* text;
    int line, column;
    const char* message;
  };
  const Case cases[] = {
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n", 4, 7, "vertex index 4 out of range (3 vertices defined so far)"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 -4\n", 4, 7, "vertex index -4 out of range"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 0 1 2\n", 4, 3, "vertex index 0 out of range"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/1 2/1 3/1\n", 4, 5, "texture coordinate index 1 out of range (0 texture coordinates"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nf 1//1 2//2 3//1\n", 5, 11, "normal index 2 out of range"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2\n", 4, 1, "a face needs at least 3 corners, found 2"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 x 3\n", 4, 5, "invalid vertex index \"x\""},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/ 2/ 3/\n", 4, 3, "missing texture coordinate index after '/'"},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1/a 2 3\n", 4, 5, "invalid texture coordinate index \"a\""},
      {"v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1// 2// 3//\n", 4, 3, "missing normal index"},
      {"v 0 zero 0\n", 1, 5, "invalid number \"zero\" for y coordinate"},
      {"v 0 0\n", 1, 6, "expected z coordinate"},
      {"v 1e999 0 0\n", 1, 3, "invalid number"},
      {"vn 0 0 1 7\n", 1, 10, "unexpected extra value after normal"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const LoadError e = objError(c.text);
    CHECK(e.where().file == "m.obj");
    CHECK(e.where().line == c.line);
    CHECK(e.where().column == c.column);
    CHECK_THAT(e.message(), Catch::Contains(c.message));
  }
}

TEST_CASE("OBJ export → import reproduces the meshes exactly", "[obj]") {
  TriangleMesh a;
  a.name = "first part";
  a.positions = {{0, 0, 0}, {0.1, 0, 0}, {0, 1.0 / 3.0, -0.0}, {1e-300, 1, 1}};
  a.normals = {{0, 0, 1}, {0, 0, 1}, {0, 0, 1}, {1, 0, 0}};
  a.uvs = {{0, 0}, {1, 0}, {0, 1}, {0.5, 0.5}};
  a.triangles = {{0, 1, 2}, {1, 3, 2}};
  TriangleMesh b;
  b.name = "second";
  b.positions = {{5, 5, 5}, {6, 5, 5}, {5, 6, 5}};
  b.normals = {{0, 0, -1}, {0, 0, -1}, {0, 0, -1}};
  b.triangles = {{0, 2, 1}};
  const std::string text = meshesToObj({a, b});
  CHECK_THAT(text, Catch::Contains("o first_part\n"));
  CHECK_THAT(text, Catch::Contains("o second\n"));
  CHECK_THAT(text, Catch::Contains("f 1/1/1 2/2/2 3/3/3\n"));
  CHECK_THAT(text, Catch::Contains("f 5//5 7//7 6//6\n"));  // 1-based, offset by the first mesh

  const TriangleMesh back = parseObj(text, "export.obj");
  REQUIRE(back.vertexCount() == 7);
  REQUIRE(back.triangleCount() == 3);
  CHECK(back.positions[1].x == 0.1);
  CHECK(back.positions[2].y == 1.0 / 3.0);
  CHECK(back.positions[3].x == 1e-300);
  CHECK(back.positions[5].x == 6.0);
  CHECK(back.normals[4].z == -1.0);
  CHECK(back.triangles[2] == std::array<int, 3>{4, 6, 5});
  TriangleMesh nan;
  nan.positions = {{std::nan(""), 0, 0}};
  CHECK_THROWS_AS(meshesToObj({nan}), SaveError);
}
