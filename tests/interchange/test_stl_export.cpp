// Binary STL export (issue 15): 84 + 50 n bytes, float32 vertices of the tessellation, unit
// facet normals along the counter-clockwise winding.
#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "flexure/core/primitives/sphere.h"
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/interchange/stl_export.h"
#include "flexure/io/atomic_file.h"

namespace flexure {

TEST_CASE("binary STL holds every triangle of the tessellation", "[stl]") {
  Scene scene;
  auto sphere = std::make_unique<SpherePrimitive>();
  sphere->setName("ball");
  scene.add(std::move(sphere));
  const std::vector<TriangleMesh> meshes = tessellateScene(scene, {8});
  const std::string bytes = meshesToBinaryStl(meshes);
  const std::size_t n = meshes[0].triangles.size();
  REQUIRE(bytes.size() == 84 + 50 * n);
  CHECK(bytes.substr(0, 5) != "solid");  // would be read as ASCII STL
  std::uint32_t count = 0;
  std::memcpy(&count, bytes.data() + 80, 4);
  CHECK(count == n);
  for (std::size_t t = 0; t < n; t += n / 7 + 1) {
    float f[12];
    std::memcpy(f, bytes.data() + 84 + 50 * t, sizeof f);
    const auto& tri = meshes[0].triangles[t];
    for (int k = 0; k < 3; ++k) {
      const Vec3d& p = meshes[0].positions[static_cast<std::size_t>(tri[static_cast<std::size_t>(k)])];
      CHECK(f[3 + 3 * k] == static_cast<float>(p.x));
      CHECK(f[4 + 3 * k] == static_cast<float>(p.y));
      CHECK(f[5 + 3 * k] == static_cast<float>(p.z));
    }
    const Vec3d normal(f[0], f[1], f[2]);
    const Vec3d a(f[3], f[4], f[5]), b(f[6], f[7], f[8]), c(f[9], f[10], f[11]);
    if (norm(cross(b - a, c - a)) < 1e-12) {  // a pole's degenerate triangle: zero normal
      CHECK(norm(normal) == 0.0);
      continue;
    }
    CHECK(norm(normal) == Approx(1.0).epsilon(1e-6));
    // Outward on a sphere centred at the origin.
    CHECK(dot(normal, Vec3d(f[3], f[4], f[5])) > 0.0);
  }
}

TEST_CASE("binary STL refuses non-finite vertices", "[stl]") {
  TriangleMesh m;
  m.name = "bad";
  m.positions = {{0, 0, 0}, {1, 0, 0}, {0, std::nan(""), 0}};
  m.triangles = {{0, 1, 2}};
  CHECK_THROWS_AS(meshesToBinaryStl({m}), SaveError);
}

}  // namespace flexure
