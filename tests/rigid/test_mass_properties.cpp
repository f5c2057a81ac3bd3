// The mass properties of a solid's tessellated primitives are cached per solid, keyed on their
// shape (mass_properties.h, issue 17 item 3). These tests fail if the cache ever returns numbers
// other than the ones computing them again gives: after a shape edit, an edit of an operator
// below the solid, a density edit, and across clones; and if a pose change is not a hit.
#include <catch2/catch.hpp>

#include <cstring>

#include "flexure/core/scene.h"
#include "flexure/rigid/description.h"
#include "flexure/rigid/mass_properties.h"
#include "flexure/rigid/register.h"
#include "flexure/rigid/rigid_family_solver.h"
#include "flexure/rigid/solid_operator.h"

using namespace flexure;

namespace {

// Bitwise equality of every number (not Approx: the cache must return what computing gives).
bool sameBits(const MassProperties& a, const MassProperties& b) {
  auto same = [](double x, double y) { return std::memcmp(&x, &y, sizeof(double)) == 0; };
  bool ok = same(a.mass, b.mass) && same(a.centre.x, b.centre.x) && same(a.centre.y, b.centre.y) &&
            same(a.centre.z, b.centre.z);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) ok = ok && same(a.inertia.m[i][j], b.inertia.m[i][j]);
  return ok;
}

std::unique_ptr<Scene> otary() {
  registerRigidModule();
  auto scene = std::make_unique<Scene>();
  importDescriptionFile(std::string(FLEXURE_SOURCE_DIR) + "/scenes/otary.dcl", *scene);
  return scene;
}

SolidOperator& solidNamed(Scene& scene, const char* name) {
  auto* solid = dynamic_cast<SolidOperator*>(scene.find(name));
  REQUIRE(solid != nullptr);
  return *solid;
}

void setSlot(Scene& scene, const char* node, const char* slot, double value) {
  const Node* n = scene.find(node);
  REQUIRE(n != nullptr);
  const int i = n->paramIndex(slot);
  REQUIRE(i >= 0);
  scene.parameters().setValue(i, value);
}

double slotValue(Scene& scene, const char* node, const char* slot) {
  return scene.parameters().value(scene.find(node)->paramIndex(slot));
}

}  // namespace

TEST_CASE("cached mass properties equal the recomputed ones, and an edit of the shape recomputes them",
          "[rigid][mass][cache]") {
  auto scene = otary();
  // otary's head: a sphere directly under the solid (analytic) and a cylinder under a translate
  // (integrated from its tessellation, the cached path).
  SolidOperator& head = solidNamed(*scene, "head");
  MassPropertiesCache& cache = head.massPropertiesCache();
  cache.clear();
  const MassProperties first = solidMassProperties(*scene, head);
  CHECK(cache.misses() == 1);
  CHECK(cache.hits() == 0);
  CHECK(sameBits(first, computeSolidMassProperties(*scene, head)));
  CHECK(sameBits(solidMassProperties(*scene, head), first));
  CHECK(cache.hits() == 1);

  SECTION("moving the solid (its pose) is a hit, and the numbers do not change") {
    setSlot(*scene, "head", "x", slotValue(*scene, "head", "x") + 0.7);
    setSlot(*scene, "head", "qw", 0.8);
    setSlot(*scene, "head", "qz", 0.6);
    CHECK(sameBits(solidMassProperties(*scene, head), first));
    CHECK(cache.misses() == 1);
    CHECK(sameBits(computeSolidMassProperties(*scene, head), first));
  }
  SECTION("an edit of the tessellated primitive's radius recomputes") {
    setSlot(*scene, "head.shape2", "radius", 1.25 * slotValue(*scene, "head.shape2", "radius"));
    const MassProperties edited = solidMassProperties(*scene, head);
    CHECK(cache.misses() == 2);
    CHECK(sameBits(edited, computeSolidMassProperties(*scene, head)));
    CHECK(edited.mass == first.mass);  // the solid's own mass field wins; the inertia and centre change
    CHECK_FALSE(sameBits(edited, first));
  }
  SECTION("an edit of the operator between the primitive and the solid recomputes") {
    setSlot(*scene, "head.shape2-offset", "x", slotValue(*scene, "head.shape2-offset", "x") + 0.3);
    const MassProperties edited = solidMassProperties(*scene, head);
    CHECK(cache.misses() == 2);
    CHECK(sameBits(edited, computeSolidMassProperties(*scene, head)));
    CHECK(edited.centre.x != first.centre.x);
  }
  SECTION("a density edit recomputes, and the old shape is still cached") {
    head.mass = 0.0;  // from the density
    head.density = 2.0;
    const MassProperties dense = solidMassProperties(*scene, head);
    CHECK(sameBits(dense, computeSolidMassProperties(*scene, head)));
    head.density = 1.0;
    const MassProperties light = solidMassProperties(*scene, head);
    CHECK(sameBits(light, computeSolidMassProperties(*scene, head)));
    CHECK(dense.mass == Approx(2.0 * light.mass).epsilon(1e-12));
  }
  SECTION("a clone starts with its own empty cache and computes the same numbers") {
    auto copy = scene->clone();
    SolidOperator& copyHead = solidNamed(*copy, "head");
    CHECK(&copyHead.massPropertiesCache() != &cache);
    CHECK(copyHead.massPropertiesCache().size() == 0);
    CHECK(sameBits(solidMassProperties(*copy, copyHead), first));
  }
}

TEST_CASE("a rigid solve gives the same poses with the mass properties cached", "[rigid][mass][cache]") {
  // Two copies of otary animate side by side: one with every solid's cache emptied before each
  // frame (every mass property computed), one using it. Poses must agree bit for bit.
  auto cached = otary();
  auto fresh = cached->clone();
  RigidFamilySolver solver;
  REQUIRE(solver.solve(*cached, {}).converged);
  REQUIRE(solver.solve(*fresh, {}).converged);
  for (int f = 0; f < 12; ++f) {
    for (Node* n : fresh->nodes())
      if (auto* s = dynamic_cast<SolidOperator*>(n)) s->massPropertiesCache().clear();
    solver.advance(*cached, f * 0.04, (f + 1) * 0.04, {});
    solver.advance(*fresh, f * 0.04, (f + 1) * 0.04, {});
  }
  CHECK(cached->parameters().values() == fresh->parameters().values());
  CHECK(solidNamed(*cached, "head").massPropertiesCache().hits() > 0);
}
