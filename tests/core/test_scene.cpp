#include <catch2/catch.hpp>
#include <stdexcept>

#include "flexure/core/lifted_access.h"
#include "flexure/core/operators/group.h"
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"

using namespace flexure;

namespace {
// A plane patch z = h over [0,a]x[0,a]; enough to exercise the scene machinery on its own.
class TestPlane final : public PrimitiveT<TestPlane> {
 public:
  std::string_view type() const override { return "test-plane"; }
  std::vector<ParamSpec> parameterSpecs() const override { return {{"size", 2.0, 0.0}, {"height", 0.5}}; }
  std::unique_ptr<Node> cloneNode() const override { return std::make_unique<TestPlane>(); }
  template <class S>
  Vec3<S> positionT(const ParamAccess<S>& p, int, const S& u, const S& v) const {
    const S* q = p.of(*this);
    return {q[0] * u, q[0] * v, q[1]};
  }
  template <class S>
  S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
    return x.z - p.of(*this)[1];
  }
};
}  // namespace

TEST_CASE("scene lays Ψ out per node and keeps values across edits", "[scene]") {
  Scene scene;
  Node& group = scene.add(std::make_unique<GroupOperator>());
  Node& a = scene.add(std::make_unique<TestPlane>(), &group);
  REQUIRE(scene.parameters().size() == 2);
  CHECK(a.name() == "test-plane");
  scene.parameters().setValue(a.paramIndex("height"), 3.0);
  scene.parameters().setFrozen(a.paramIndex("size"), true);
  Node& b = scene.add(std::make_unique<TestPlane>(), nullptr, 0);
  CHECK(b.name() == "test-plane.1");
  REQUIRE(scene.parameters().size() == 4);
  CHECK(scene.parameters().value(a.paramIndex("height")) == 3.0);
  CHECK(scene.parameters().isFrozen(a.paramIndex("size")));
  CHECK(scene.parameters().info(a.paramIndex("height")).qualifiedName() == "test-plane.height");
  scene.move(a, scene.root());
  CHECK(scene.parameters().value(a.paramIndex("height")) == 3.0);
  scene.remove(b);
  CHECK(scene.parameters().size() == 2);
  CHECK(scene.paths().size() == 1);

  auto copy = scene.clone();
  const Node* ca = copy->find("test-plane");
  REQUIRE(ca);
  CHECK(copy->parameters().value(ca->paramIndex("height")) == 3.0);
  CHECK(copy->parameters().isFrozen(ca->paramIndex("size")));
}

TEST_CASE("path evaluation: default normal and implicit gradient from jets", "[scene]") {
  Scene scene;
  const Node& plane = scene.add(std::make_unique<TestPlane>());
  const Path path = scene.pathTo(static_cast<const Primitive&>(plane));
  const ValueAccess values(scene.parameters().values());
  const Vec3d p = pathPosition(path, values, 0, 0.25, 0.5);
  CHECK(p.x == 0.5);
  CHECK(p.z == 0.5);
  const Vec3d n = pathNormal(path, values, 0, 0.25, 0.5);
  CHECK(n.z == Approx(1.0));
  CHECK(pathImplicit(path, values, p) == Approx(0.0));
  const Vec3d g = pathImplicitGradient(path, values, Vec3d(1, 1, 2));
  CHECK(g.z == Approx(1.0));

  // Seeding Ψ: dP/d(size) at (u, v) = (u, v, 0).
  SeededAccess<8> seeded(path.nodes());
  const std::vector<int> idx = path.parameterIndices();
  seeded.seed(scene.parameters().values(), idx.data(), static_cast<int>(idx.size()));
  const Vec3<Dual8> pj = pathPosition<Dual8>(path, seeded, 0, Dual8(0.25), Dual8(0.5));
  CHECK(pj.x.v[0] == 0.25);
  CHECK(pj.y.v[0] == 0.5);
  CHECK(pj.z.v[1] == 1.0);
}

namespace {
// Looks its node up by name when the scene resolves references, as every constraint kind does.
class LookupConstraint final : public Constraint {
 public:
  std::string node;
  const Node* found = nullptr;
  std::string_view kind() const override { return "test-lookup"; }
  std::string_view family() const override { return "test"; }
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<LookupConstraint>(*this); }
  void visitFields(FieldVisitor&) override {}
  std::vector<std::string> referencedNodes() const override { return {node}; }
  void resolveReferences(const Scene& scene) override {
    found = scene.find(node);
    if (node == "throw") throw std::runtime_error("missing");
  }
};

LookupConstraint& addLookup(Scene& scene, std::string node) {
  auto c = std::make_unique<LookupConstraint>();
  c->node = std::move(node);
  LookupConstraint& ref = *c;
  scene.constraints.push_back(std::move(c));
  return ref;
}
}  // namespace

TEST_CASE("references resolve by name as find does: the first node depth first, none when missing", "[scene]") {
  Scene scene;
  Node& group = scene.root().addChild(std::make_unique<GroupOperator>());
  group.setName("outer");
  // Two nodes of one name (built below Scene::add, as a loader may): depth first, the one
  // inside "outer" comes before the later sibling of "outer".
  Node& inner = group.addChild(std::make_unique<TestPlane>());
  inner.setName("twin");
  Node& later = scene.root().addChild(std::make_unique<TestPlane>());
  later.setName("twin");
  scene.rebuildParameters();
  REQUIRE(scene.find("twin") == &inner);
  LookupConstraint& twin = addLookup(scene, "twin");
  LookupConstraint& outer = addLookup(scene, "outer");
  LookupConstraint& missing = addLookup(scene, "nobody");
  scene.resolveReferences();
  CHECK(twin.found == &inner);
  CHECK(outer.found == &group);
  CHECK(missing.found == nullptr);
  // After the resolution find sees renames again (the index is only for the resolution).
  later.setName("renamed");
  CHECK(scene.find("renamed") == &later);
  // A resolution that throws leaves find answering from the tree, not from a stale index.
  addLookup(scene, "throw");
  CHECK_THROWS(scene.resolveReferences());
  inner.setName("moved-on");
  CHECK(scene.find("moved-on") == &inner);
  CHECK(scene.find("twin") == nullptr);
}
