// Tessellation: closed primitives give closed, outward-oriented meshes whose enclosed volume
// converges to the analytic one, also under operators (normals through J^{-T}, winding restored
// under mirroring), and the scene tessellation names one mesh per path.
#include <algorithm>
#include <cmath>
#include <map>
#include <numbers>
#include <tuple>

#include "flexure/core/primitives/mesh.h"
#include "flexure/core/tessellation.h"
#include "geometry_test_support.h"

using namespace geometry_test;

namespace {

constexpr double kPi = std::numbers::pi;

double signedVolume(const flexure::TriangleMesh& m) {
  double v = 0.0;
  for (const auto& t : m.triangles)
    v += flexure::dot(m.positions[static_cast<std::size_t>(t[0])],
                      flexure::cross(m.positions[static_cast<std::size_t>(t[1])], m.positions[static_cast<std::size_t>(t[2])]));
  return v / 6.0;
}

// Vertex ids after merging positions closer than `tol` (a hash grid with its neighbour cells).
std::vector<int> weld(const flexure::TriangleMesh& m, double tol) {
  using Key = std::tuple<long long, long long, long long>;
  std::map<Key, std::vector<int>> cells;
  std::vector<int> id(m.positions.size());
  const double cell = 10.0 * tol;
  for (std::size_t i = 0; i < m.positions.size(); ++i) {
    const Vec3d& p = m.positions[i];
    const long long cx = std::llround(p.x / cell), cy = std::llround(p.y / cell), cz = std::llround(p.z / cell);
    int found = -1;
    for (long long dx = -1; dx <= 1 && found < 0; ++dx)
      for (long long dy = -1; dy <= 1 && found < 0; ++dy)
        for (long long dz = -1; dz <= 1 && found < 0; ++dz) {
          auto it = cells.find({cx + dx, cy + dy, cz + dz});
          if (it == cells.end()) continue;
          for (int j : it->second)
            if (flexure::norm(m.positions[static_cast<std::size_t>(j)] - p) <= tol) { found = id[static_cast<std::size_t>(j)]; break; }
        }
    id[i] = found >= 0 ? found : static_cast<int>(i);
    cells[{cx, cy, cz}].push_back(static_cast<int>(i));
  }
  return id;
}

// After welding, every directed edge of a non-degenerate triangle is matched by exactly one
// opposite edge: the surface is closed and consistently oriented. Returns the number of edges
// that violate it.
int openOrInconsistentEdges(const flexure::TriangleMesh& m) {
  const std::vector<int> id = weld(m, 1e-7);
  std::map<std::pair<int, int>, int> directed;
  for (const auto& t : m.triangles) {
    const int a = id[static_cast<std::size_t>(t[0])], b = id[static_cast<std::size_t>(t[1])], c = id[static_cast<std::size_t>(t[2])];
    if (a == b || b == c || c == a) continue;  // collapsed at a pole or a cap centre
    ++directed[{a, b}];
    ++directed[{b, c}];
    ++directed[{c, a}];
  }
  int bad = 0;
  for (const auto& [edge, count] : directed) {
    auto opposite = directed.find({edge.second, edge.first});
    if (count != 1 || opposite == directed.end() || opposite->second != 1) ++bad;
  }
  return bad;
}

// Fraction of non-degenerate triangles whose winding normal disagrees with their vertex normals.
double inwardFraction(const flexure::TriangleMesh& m) {
  int bad = 0, total = 0;
  for (const auto& t : m.triangles) {
    const Vec3d& a = m.positions[static_cast<std::size_t>(t[0])];
    const Vec3d g = flexure::cross(m.positions[static_cast<std::size_t>(t[1])] - a, m.positions[static_cast<std::size_t>(t[2])] - a);
    if (flexure::norm(g) < 1e-14) continue;
    const Vec3d n = m.normals[static_cast<std::size_t>(t[0])] + m.normals[static_cast<std::size_t>(t[1])] +
                    m.normals[static_cast<std::size_t>(t[2])];
    ++total;
    if (flexure::dot(g, n) <= 0.0) ++bad;
  }
  return total ? double(bad) / total : 1.0;
}

struct VolumeCase {
  std::vector<NodeSpec> chain;
  double volume;    // analytic
  double tolerance; // relative, at resolution 48
};

std::vector<VolumeCase> volumeCases() {
  const double r = 0.45, L = 1.7, ri = 0.3;
  return {
      {{{"sphere", {{"radius", 0.8}}}}, 4.0 / 3.0 * kPi * 0.512, 0.01},
      {{{"block", {{"sx", 1.2}, {"sy", 0.7}, {"sz", 1.9}}}}, 1.2 * 0.7 * 1.9, 1e-12},
      {{{"cylinder", {{"length", L}, {"radius", r}}}}, kPi * r * r * L, 0.01},
      {{{"tube", {{"length", L}, {"radius", r}, {"thickness", r - ri}}}}, kPi * (r * r - ri * ri) * L, 0.01},
      {{{"torus", {{"major", 1.3}, {"minor", 0.35}}}}, 2.0 * kPi * kPi * 1.3 * 0.35 * 0.35, 0.01},
      {{{"superquadric", {{"a1", 1.2}, {"a2", 0.8}, {"a3", 0.6}}}}, 4.0 / 3.0 * kPi * 1.2 * 0.8 * 0.6, 0.01},
      // Rigid motions and the bend keep the volume (the bend stretches by 1 - k z, whose mean
      // over a cross-section symmetric in z is 1); a mirroring scale multiplies it by |det|.
      {{{"translate", {{"x", 0.4}, {"y", 1.0}, {"z", -0.3}}},
        {"rotate", {{"qw", 0.9}, {"qx", -0.2}, {"qy", 0.3}, {"qz", 0.1}}},
        {"bend", {{"start", -0.6}, {"stop", 0.6}, {"amount", 1.2}}},
        {"tube", {{"length", L}, {"radius", r}, {"thickness", r - ri}}}},
       kPi * (r * r - ri * ri) * L, 0.01},
      {{{"scale", {{"sx", -1.5}, {"sy", 0.5}, {"sz", 2.0}}}, {"block", {{"sx", 1.2}, {"sy", 0.7}, {"sz", 1.9}}}},
       1.5 * 0.5 * 2.0 * 1.2 * 0.7 * 1.9, 1e-12},
      {{{"twist", {{"rate", 1.1}}}, {"block", {{"sx", 1.2}, {"sy", 0.7}, {"sz", 0.5}}}}, 1.2 * 0.7 * 0.5, 0.01},
      // π r² ∫ (1 + s x)² dx over [-L/2, L/2] = π r² (L + s² L³ / 12).
      {{{"taper", {{"slope", 0.4}}}, {"cylinder", {{"length", L}, {"radius", r}}}},
       kPi * r * r * (L + 0.16 * L * L * L / 12.0), 0.01},
  };
}

}  // namespace

TEST_CASE("tessellation: closed outward meshes whose volume converges to the analytic one", "[geometry][tessellation]") {
  const VolumeCase c = GENERATE(from_range(volumeCases()));
  INFO(describe(c.chain));
  const Model m = buildModel(c.chain);
  const flexure::ValueAccess values(m.psi());
  flexure::TessellationOptions options;
  options.resolution = 48;
  const flexure::TriangleMesh mesh = flexure::tessellatePath(m.path, values, options);
  REQUIRE(mesh.vertexCount() == m.leaf().patchCount() * 49 * 49);
  REQUIRE(mesh.normals.size() == mesh.positions.size());
  const double v48 = signedVolume(mesh);
  CHECK(v48 > 0.0);
  CHECK(std::abs(v48 - c.volume) <= c.tolerance * c.volume);
  CHECK(openOrInconsistentEdges(mesh) == 0);
  CHECK(inwardFraction(mesh) == 0.0);
  // Convergence: a coarser grid is further from the analytic volume (unless already exact).
  options.resolution = 12;
  const double v12 = signedVolume(flexure::tessellatePath(m.path, values, options));
  if (c.tolerance > 1e-9) CHECK(std::abs(v48 - c.volume) < std::abs(v12 - c.volume));
}

TEST_CASE("tessellation: vertex normals are the path normals N(u v)", "[geometry][tessellation]") {
  const Model m = buildModel({{"translate", {{"z", 0.5}}},
                              {"bend", {{"start", -0.6}, {"stop", 0.6}, {"amount", 1.2}}},
                              {"taper", {{"slope", 0.3}}},
                              {"tube", {{"length", 2.0}, {"radius", 0.5}, {"thickness", 0.1}}}});
  const flexure::ValueAccess values(m.psi());
  flexure::TessellationOptions options;
  options.resolution = 10;
  const flexure::TriangleMesh mesh = flexure::tessellatePath(m.path, values, options);
  REQUIRE(mesh.uvs.size() == mesh.positions.size());
  const int perPatch = 11 * 11;
  for (int k = 0; k < mesh.vertexCount(); ++k) {
    const auto& uv = mesh.uvs[static_cast<std::size_t>(k)];
    const int patch = k / perPatch;
    Vec3d p, n;
    flexure::pathPositionNormal(m.path, values, patch, uv[0], uv[1], p, n);
    INFO("vertex " << k);
    CHECK(flexure::norm(mesh.positions[static_cast<std::size_t>(k)] - p) <= 1e-12);
    CHECK(flexure::norm(mesh.normals[static_cast<std::size_t>(k)] - n) <= 1e-12);
  }
}

TEST_CASE("tessellation: one mesh per path named after its leaf", "[geometry][tessellation]") {
  flexure::Scene scene;
  auto& registry = flexure::NodeRegistry::instance();
  flexure::Node& group = scene.add(registry.create("translate"));
  scene.add(registry.create("sphere"), &group);
  scene.add(registry.create("block"), &group);
  scene.add(registry.create("torus"));
  const std::vector<flexure::TriangleMesh> meshes = flexure::tessellateScene(scene, {8});
  REQUIRE(meshes.size() == 3);
  std::vector<std::string> names;
  for (const auto& mesh : meshes) {
    names.push_back(mesh.name);
    CHECK(mesh.triangleCount() > 0);
  }
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"block", "sphere", "torus"});
}

TEST_CASE("tessellation: a mesh primitive keeps its triangles through the operators", "[geometry][tessellation]") {
  const Model m = buildModel({{"scale", {{"sx", 2.0}, {"sy", 2.0}, {"sz", 2.0}}}, {"mesh", {}}});
  auto& mesh = const_cast<flexure::MeshPrimitive&>(dynamic_cast<const flexure::MeshPrimitive&>(m.leaf()));
  flexure::TriangleMesh tetra;
  tetra.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  tetra.triangles = {{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}};
  mesh.setMesh(tetra);
  const flexure::TriangleMesh out = flexure::tessellatePath(m.path, flexure::ValueAccess(m.psi()), {64});
  CHECK(out.triangles == tetra.triangles);
  CHECK(signedVolume(out) == Approx(8.0 / 6.0).epsilon(1e-12));
  CHECK(openOrInconsistentEdges(out) == 0);
}
