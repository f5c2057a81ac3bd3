// Every primitive, alone and under every operator, and the paper's composed pipe path
// Trans(Rot(Bend(Tube))): I(P) ≈ 0, N parallel to ∇I and outward, and jet derivatives of P, N
// and I with respect to every parameter and to u, v equal central differences.
#include <functional>
#include <map>

#include "flexure/core/primitives/mesh.h"
#include "geometry_test_support.h"

using namespace geometry_test;

namespace {

// Each primitive type with non-default parameters (so that no symmetry hides a wrong slot).
std::vector<std::vector<NodeSpec>> primitiveTable() {
  return {
      {{"sphere", {{"radius", 0.8}}}},
      {{"block", {{"sx", 1.2}, {"sy", 0.7}, {"sz", 1.9}}}},
      {{"cylinder", {{"length", 1.7}, {"radius", 0.45}}}},
      {{"tube", {{"length", 2.5}, {"radius", 0.6}, {"thickness", 0.15}}}},
      {{"torus", {{"major", 1.3}, {"minor", 0.35}}}},
      {{"superquadric", {{"a1", 1.2}, {"a2", 0.8}, {"a3", 0.6}, {"e1", 0.7}, {"e2", 1.3}}}},
      {{"superquadric", {{"a1", 0.9}, {"a2", 1.1}, {"a3", 1.4}, {"e1", 1.6}, {"e2", 0.4}}}},
      {{"bezier-patch", {{"p11.z", 0.7}, {"p12.z", -0.2}, {"p22.x", 0.25}, {"p03.y", 0.8}, {"p30.z", 0.3}}}},
  };
}

// Operators above a primitive that is long in x, so that the bend region cuts through it.
std::vector<std::vector<NodeSpec>> operatorOverPrimitiveTable() {
  const NodeSpec tube{"tube", {{"length", 2.5}, {"radius", 0.5}, {"thickness", 0.12}}};
  const NodeSpec block{"block", {{"sx", 2.4}, {"sy", 0.6}, {"sz", 0.5}}};
  const NodeSpec quadric{"superquadric", {{"a1", 1.3}, {"a2", 0.5}, {"a3", 0.4}, {"e1", 0.8}, {"e2", 0.9}}};
  return {
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 0.8}}}, block},
      {{"twist", {{"rate", 0.7}}}, block},
      {{"taper", {{"slope", -0.2}}}, quadric},
      {{"bend", {{"start", -0.7}, {"stop", 0.6}, {"amount", -1.0}}}, quadric},
      {{"translate", {{"x", 0.3}, {"y", -0.7}, {"z", 1.1}}}, tube},
      {{"rotate", {{"qw", 0.8}, {"qx", 0.3}, {"qy", -0.4}, {"qz", 0.5}}}, tube},
      {{"scale", {{"sx", 1.5}, {"sy", 0.7}, {"sz", 1.2}}}, tube},
      {{"scale", {{"sx", -1.1}, {"sy", 0.8}, {"sz", 1.3}}}, tube},
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 0.0}}}, tube},
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 1.1}}}, tube},
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", -0.7}}}, tube},
      {{"twist", {{"rate", 0.9}}}, tube},
      {{"taper", {{"slope", 0.25}}}, tube},
      {{"group", {}}, tube},
      // The paper's pipe (Figure 1): Trans(Rot(Bend(Tube))).
      {{"translate", {{"x", 0.4}, {"y", 1.0}, {"z", -0.3}}},
       {"rotate", {{"qw", 0.9}, {"qx", -0.2}, {"qy", 0.3}, {"qz", 0.1}}},
       {"bend", {{"start", -0.6}, {"stop", 0.7}, {"amount", 0.9}}},
       tube},
  };
}

}  // namespace

namespace {

void checkChain(const std::vector<NodeSpec>& chain, int perPatch) {
  INFO(describe(chain));
  const Model m = buildModel(chain);
  std::mt19937 rng(11);
  for (const flexure::SurfacePoint& s : samplePoints(m.leaf(), perPatch, rng)) {
    checkSurface(m, s, 1.0);
    // Off the surface along N, on the outside of the same face (a smooth branch of I).
    const Vec3d X = position(m, m.psi(), s) + normal(m, m.psi(), s) * 0.01;
    checkDerivatives(m, s, X, 1e-6, 2e-6);
  }
}

}  // namespace

TEST_CASE("primitives: surface normals and derivatives", "[geometry][primitives]") {
  const auto chain = GENERATE(from_range(primitiveTable()));
  checkChain(chain, 6);
}

namespace {

// A closed, welded, outward-oriented icosphere-like mesh: an octahedron subdivided twice and
// projected on the sphere of radius r.
flexure::TriangleMesh subdividedOctahedron(double r) {
  flexure::TriangleMesh m;
  m.positions = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  m.triangles = {{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4}, {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5}};
  for (int level = 0; level < 2; ++level) {
    std::map<std::pair<int, int>, int> midpoints;
    auto mid = [&](int a, int b) {
      const auto key = std::minmax(a, b);
      auto it = midpoints.find(key);
      if (it != midpoints.end()) return it->second;
      m.positions.push_back(flexure::normalized(m.positions[static_cast<std::size_t>(a)] + m.positions[static_cast<std::size_t>(b)]));
      return midpoints[key] = m.vertexCount() - 1;
    };
    std::vector<std::array<int, 3>> next;
    for (const auto& t : m.triangles) {
      const int ab = mid(t[0], t[1]), bc = mid(t[1], t[2]), ca = mid(t[2], t[0]);
      next.push_back({t[0], ab, ca});
      next.push_back({ab, t[1], bc});
      next.push_back({ca, bc, t[2]});
      next.push_back({ab, bc, ca});
    }
    m.triangles = next;
  }
  for (Vec3d& p : m.positions) p = p * r;
  return m;
}

}  // namespace

TEST_CASE("mesh primitive: surface normals derivatives and signed distance", "[geometry][primitives]") {
  const std::vector<std::vector<NodeSpec>> chains = {
      {{"mesh", {}}},
      {{"translate", {{"x", 0.2}}}, {"bend", {{"start", -0.3}, {"stop", 0.4}, {"amount", 0.6}}}, {"mesh", {}}},
  };
  for (const auto& chain : chains) {
    INFO(describe(chain));
    Model m = buildModel(chain);
    auto& mesh = const_cast<flexure::MeshPrimitive&>(dynamic_cast<const flexure::MeshPrimitive&>(m.leaf()));
    mesh.setMesh(subdividedOctahedron(0.9));
    REQUIRE(mesh.patchCount() == 128);
    std::mt19937 rng(5);
    for (const flexure::SurfacePoint& s : samplePoints(m.leaf(), 2, rng, 0.15)) {
      if (s.u + s.v > 0.85 && s.u + s.v < 1.15) continue;  // the fold's image is the triangle's edge bc
      checkSurface(m, s, 1.0);
      const Vec3d X = position(m, m.psi(), s) + normal(m, m.psi(), s) * 0.01;
      checkDerivatives(m, s, X, 1e-6, 2e-6);
    }
  }
  // Signed distance against the exact polyhedron: inside points negative, the centre at the
  // distance of the nearest face plane, far points about |x| - r.
  Model m = buildModel({{"mesh", {}}});
  auto& mesh = const_cast<flexure::MeshPrimitive&>(dynamic_cast<const flexure::MeshPrimitive&>(m.leaf()));
  mesh.setMesh(subdividedOctahedron(1.0));
  const flexure::ValueAccess values(m.psi());
  const flexure::TriangleMesh& tm = mesh.mesh();
  double inradius = 1e300;
  for (const auto& t : tm.triangles) {
    const Vec3d& a = tm.positions[static_cast<std::size_t>(t[0])];
    const Vec3d n = flexure::normalized(flexure::cross(tm.positions[static_cast<std::size_t>(t[1])] - a,
                                                       tm.positions[static_cast<std::size_t>(t[2])] - a));
    inradius = std::min(inradius, flexure::dot(a, n));
  }
  CHECK(mesh.implicit(values, Vec3d(0, 0, 0)) == Approx(-inradius).epsilon(1e-12));
  CHECK(mesh.implicit(values, Vec3d(3, 0, 0)) == Approx(2.0).epsilon(1e-12));  // a vertex
  CHECK(mesh.implicit(values, Vec3d(0.2, -0.3, 0.5)) < 0.0);
  CHECK(mesh.implicit(values, Vec3d(0.7, 0.7, 0.7)) > 0.0);
  // The hierarchy agrees with brute force on random points.
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> d(-1.5, 1.5);
  for (int k = 0; k < 200; ++k) {
    const Vec3d x(d(rng), d(rng), d(rng));
    double best = 1e300;
    for (const auto& t : tm.triangles)
      for (int i = 0; i <= 20; ++i)
        for (int j = 0; i + j <= 20; ++j) {
          const Vec3d& a = tm.positions[static_cast<std::size_t>(t[0])];
          const Vec3d p = a + (tm.positions[static_cast<std::size_t>(t[1])] - a) * (i / 20.0) +
                          (tm.positions[static_cast<std::size_t>(t[2])] - a) * (j / 20.0);
          best = std::min(best, flexure::norm(x - p));
        }
    const double sd = mesh.implicit(values, x);
    INFO(x.x << " " << x.y << " " << x.z);
    CHECK(std::abs(sd) <= best + 1e-12);
    CHECK(std::abs(sd) >= best - 0.02);  // the sample grid's spacing
    if (flexure::norm(x) < inradius) CHECK(sd < 0.0);
    if (flexure::norm(x) > 1.0) CHECK(sd > 0.0);
  }
}

TEST_CASE("operators over a primitive: surface normals and derivatives", "[geometry][operators]") {
  const auto chain = GENERATE(from_range(operatorOverPrimitiveTable()));
  checkChain(chain, 5);
}

TEST_CASE("primitives: jets stay finite at poles seams and patch borders", "[geometry][primitives]") {
  const auto chain = GENERATE(from_range(primitiveTable()));
  INFO(describe(chain));
  const Model m = buildModel(chain);
  const std::vector<int> indices = m.path.parameterIndices();
  flexure::SeededAccess<8> seeded(m.path.nodes());
  seeded.seed(m.psi(), indices.data(), static_cast<int>(std::min<std::size_t>(8, indices.size())));
  flexure::SeededAccess<1> constants(m.path.nodes());
  constants.seed(m.psi(), nullptr, 0);
  const double grid[] = {0.0, 0.25, 0.5, 0.75, 1.0};
  for (int patch = 0; patch < m.leaf().patchCount(); ++patch)
    for (double u : grid)
      for (double v : grid) {
        INFO("patch " << patch << " u " << u << " v " << v);
        const Vec3<Dual8> p = flexure::pathPosition<Dual8>(m.path, seeded, patch, Dual8(u), Dual8(v));
        const Vec3<Dual8> n = flexure::pathNormal<Dual8>(m.path, seeded, patch, Dual8(u), Dual8(v));
        CHECK(flexure::isFinite(p));
        CHECK(flexure::isFinite(n));
        CHECK(flexure::isFinite(flexure::pathImplicit<Dual8>(m.path, seeded, p)));
        CHECK(flexure::isFinite(flexure::pathImplicitGradient<Dual8>(m.path, seeded, p)));
        CHECK(flexure::isFinite(flexure::pathPosition<Dual>(m.path, constants, patch, Dual(u, 0), Dual(v))));
      }
  // The origin: on the axis of the round primitives, the centre of the sphere.
  CHECK(flexure::isFinite(flexure::pathImplicit<Dual8>(m.path, seeded, Vec3<Dual8>())));
  CHECK(flexure::isFinite(flexure::pathImplicitGradient<Dual8>(m.path, seeded, Vec3<Dual8>())));
}

namespace {
// A FieldVisitor over a name → value store: writes (isReading false) record the fields, reads
// assign them back, as the scene-file writer and reader do.
class FieldStore final : public flexure::FieldVisitor {
 public:
  bool reading = false;
  std::map<std::string, std::string, std::less<>> strings;
  std::map<std::string, std::vector<double>, std::less<>> doubles;
  std::map<std::string, std::vector<int>, std::less<>> ints;
  void field(std::string_view, bool&, flexure::FieldUse) override {}
  void field(std::string_view, int&, flexure::FieldUse) override {}
  void field(std::string_view, double&, flexure::FieldUse) override {}
  void field(std::string_view n, std::string& v, flexure::FieldUse) override { bind(strings, n, v); }
  void field(std::string_view, Vec3d&, flexure::FieldUse) override {}
  void field(std::string_view, flexure::SurfacePoint&, flexure::FieldUse) override {}
  void field(std::string_view n, std::vector<double>& v, flexure::FieldUse) override { bind(doubles, n, v); }
  void field(std::string_view n, std::vector<int>& v, flexure::FieldUse) override { bind(ints, n, v); }
  void field(std::string_view, std::vector<std::string>&, flexure::FieldUse) override {}
  void records(std::string_view, std::size_t, const std::function<void(std::size_t)>&, const RecordBinder&,
               flexure::FieldUse) override {}
  bool isReading() const override { return reading; }

 private:
  template <class M, class T> void bind(M& store, std::string_view name, T& value) {
    if (reading) {
      auto it = store.find(name);
      if (it != store.end()) value = it->second;
    } else {
      store[std::string(name)] = value;
    }
  }
};
}  // namespace

TEST_CASE("mesh primitive: inline geometry round-trips through its fields", "[geometry][primitives]") {
  flexure::MeshPrimitive original;
  original.setMesh(subdividedOctahedron(0.5));
  FieldStore store;
  original.visitFields(store);
  CHECK(store.strings.at("source").empty());
  CHECK(store.doubles.at("positions").size() == 3 * original.mesh().positions.size());
  CHECK(store.ints.at("triangles").size() == 3 * original.mesh().triangles.size());

  flexure::MeshPrimitive copy;
  store.reading = true;
  copy.visitFields(store);
  REQUIRE(copy.mesh().vertexCount() == original.mesh().vertexCount());
  for (int i = 0; i < copy.mesh().vertexCount(); ++i)
    CHECK(flexure::norm(copy.mesh().positions[static_cast<std::size_t>(i)] - original.mesh().positions[static_cast<std::size_t>(i)]) == 0.0);
  CHECK(copy.mesh().triangles == original.mesh().triangles);
  const Eigen::VectorXd none;
  CHECK(copy.implicit(flexure::ValueAccess(none), Vec3d(0, 0, 0)) < -0.4);

  // A mesh with a source file writes only the source (io loads the OBJ and calls setMesh).
  flexure::MeshPrimitive linked;
  linked.setSource("models/part.obj");
  linked.setMesh(subdividedOctahedron(0.5));
  FieldStore linkedStore;
  linked.visitFields(linkedStore);
  CHECK(linkedStore.strings.at("source") == "models/part.obj");
  CHECK(linkedStore.doubles.at("positions").empty());
  // Inline geometry given to a mesh that comes from a file would be lost on saving: refused.
  linkedStore.doubles["positions"] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
  linkedStore.reading = true;
  flexure::MeshPrimitive relinked;
  CHECK_THROWS_WITH(relinked.visitFields(linkedStore), Catch::Contains("clear \"source\""));

  // Malformed inline geometry is refused with a message naming the problem.
  store.ints["triangles"].back() = 999;
  flexure::MeshPrimitive broken;
  CHECK_THROWS_WITH(broken.visitFields(store), Catch::Contains("out of range"));
  store.ints["triangles"].back() = 0;
  store.doubles["positions"].pop_back();
  CHECK_THROWS_WITH(broken.visitFields(store), Catch::Contains("triples"));
}
