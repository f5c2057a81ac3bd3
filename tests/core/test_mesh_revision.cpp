// What a mesh revision tells a consumer of the steps before it (mesh_revision.h).
#include <catch2/catch.hpp>

#include "flexure/core/mesh_revision.h"

using namespace flexure;

namespace {

Bounds3 boxAt(double x) {
  Bounds3 b;
  b.extend(Vec3d(x, 0, 0));
  b.extend(Vec3d(x + 1, 1, 1));
  return b;
}

std::vector<double> lowXs(const std::shared_ptr<const std::vector<Bounds3>>& boxes) {
  std::vector<double> out;
  for (const Bounds3& b : *boxes) out.push_back(b.lo.x);
  return out;
}

}  // namespace

TEST_CASE("a revision's damage since an earlier one joins its steps', while every step says it", "[core][revision]") {
  const MeshRevision r0 = newMeshRevision();
  MeshRevision r1 = nextMeshRevision(r0, {1, 2});
  describeStep(r1, r0, {boxAt(1)});
  MeshRevision r2 = nextMeshRevision(r1, {2, 3});
  describeStep(r2, r1, {boxAt(2)});
  REQUIRE(r2.since.size() == 2);
  // Since r1: this step's boxes.
  REQUIRE(r2.changesSince(r1.id) == &r2.since[0]);
  CHECK(lowXs(r2.since[0].damage) == std::vector<double>{2});
  // Since r0: both steps' boxes.
  CHECK(*r2.since[1].moved == std::vector<int>{1, 2, 3});
  CHECK(lowXs(r2.since[1].damage) == std::vector<double>{1, 2});

  // A step not described: nothing is known since any revision before it.
  const MeshRevision r3 = nextMeshRevision(r2, {4});
  for (const MeshRevision::Since& s : r3.since) CHECK_FALSE(s.damage);
  MeshRevision r4 = nextMeshRevision(r3, {5});
  describeStep(r4, r3, {boxAt(4)});
  CHECK(lowXs(r4.since.at(0).damage) == std::vector<double>{4});
  for (std::size_t k = 1; k < r4.since.size(); ++k) CHECK_FALSE(r4.since[k].damage);

  // Described from a revision it does not follow: left as it was.
  MeshRevision r5 = nextMeshRevision(r4, {6});
  describeStep(r5, r3, {boxAt(5)});
  for (const MeshRevision::Since& s : r5.since) CHECK_FALSE(s.damage);
}
