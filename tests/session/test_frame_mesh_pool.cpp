// Meshes given back by released frames come back to the geometry worker by revision
// (frame_mesh_pool.h).
#include <catch2/catch.hpp>

#include "flexure/core/grid_tessellation.h"
#include "frame_mesh_pool.h"

using namespace flexure;
using namespace flexure::session;

namespace {

TriangleMesh sheet(double z) {
  TriangleMesh mesh;
  appendGrid(mesh, 80, 80, [z](int i, int j) { return GridVertex{Vec3d(i, j, z), Vec3d(0, 0, 1), {i / 79.0, j / 79.0}}; });
  return mesh;
}

}  // namespace

TEST_CASE("a frame's meshes come back by revision, only while their revisions are wanted",
          "[session][geometry]") {
  FrameMeshPool pool;
  MeshRevision first = newMeshRevision();
  const MeshRevision second = nextMeshRevision(first, {3, 7});
  const MeshRevision third = nextMeshRevision(second, {7, 9});
  REQUIRE(third.since.size() == 2);

  // Not wanted yet (no drag going on): nothing is kept.
  std::vector<TriangleMesh> meshes = {sheet(0.0)};
  pool.giveBack(meshes, {first});
  CHECK(pool.size() == 0);

  pool.keepOnly({first.id, second.id});
  meshes = {sheet(1.0), sheet(2.0)};
  std::vector<MeshRevision> revisions = {first, newMeshRevision()};
  pool.giveBack(meshes, revisions);
  CHECK(pool.size() == 1);  // the second's revision is not wanted
  TriangleMesh small;
  appendGrid(small, 4, 4, [](int i, int j) { return GridVertex{Vec3d(i, j, 0), Vec3d(0, 0, 1), {0, 0}}; });
  std::vector<TriangleMesh> smalls = {small};
  pool.giveBack(smalls, {second});
  CHECK(pool.size() == 1);  // too small to be worth keeping

  // The third revision lists the moves since the first: the first's mesh comes back with them.
  TriangleMesh out;
  const std::vector<int>* moved = nullptr;
  REQUIRE(pool.take(third, out, moved));
  REQUIRE(moved);
  CHECK(*moved == std::vector<int>{3, 7, 9});
  CHECK(out.positions.at(0).z == 1.0);
  CHECK(pool.size() == 0);
  CHECK_FALSE(pool.take(third, out, moved));

  // At most kCapacity meshes, the oldest dropped first; keepOnly drops the unwanted.
  std::vector<std::uint64_t> wanted;
  std::vector<MeshRevision> many;
  for (std::size_t k = 0; k < FrameMeshPool::kCapacity + 2; ++k) {
    many.push_back(newMeshRevision());
    wanted.push_back(many.back().id);
  }
  pool.keepOnly(wanted);
  std::vector<TriangleMesh> sheets;
  for (std::size_t k = 0; k < many.size(); ++k) sheets.push_back(sheet(static_cast<double>(k)));
  pool.giveBack(sheets, many);
  CHECK(pool.size() == FrameMeshPool::kCapacity);
  MeshRevision askingForFirst = newMeshRevision();
  askingForFirst.since.push_back({many.front().id, std::make_shared<const std::vector<int>>(), nullptr});
  CHECK_FALSE(pool.take(askingForFirst, out, moved));
  pool.keepOnly({});
  CHECK(pool.size() == 0);
}
