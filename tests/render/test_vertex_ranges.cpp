// The vertices a frame changed, as rows of the vertex buffer to send again (vertex_ranges.h,
// changedRegions' ChangedVertices), and the chunk bounds kept up to date from them alone.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "flexure/core/grid_tessellation.h"
#include "frame_damage.h"
#include "vertex_ranges.h"

using namespace flexure;
using namespace flexure::render_detail;

namespace {

// A 80×80 sheet over [0, 8]² with a bump of radius 1 at (bx, by): only the vertices near the bump
// differ between two positions of it, and they have exactly the values a whole new sheet has.
TriangleMesh bumpedSheet(double bx, double by) {
  TriangleMesh m;
  appendGrid(m, 81, 81, [&](int i, int j) {
    const double x = 0.1 * i, y = 0.1 * j;
    const double r2 = (x - bx) * (x - bx) + (y - by) * (y - by);
    const double h = r2 < 1.0 ? 0.3 * (1.0 - r2) * (1.0 - r2) : 0.0;
    const double g = r2 < 1.0 ? -1.2 * (1.0 - r2) : 0.0;  // ∂h/∂(r²)
    return GridVertex{Vec3d(x, y, h), normalized(Vec3d(-2.0 * g * (x - bx), -2.0 * g * (y - by), 1.0)), {x, y}};
  });
  return m;
}

// Flags (0 or 1) per vertex of a mesh of `vertexCount` vertices, set inside the ranges.
std::vector<char> rangeFlags(const std::vector<VertexRange>& ranges, std::size_t vertexCount) {
  std::vector<char> flags(vertexCount, 0);
  for (const VertexRange& r : ranges)
    for (std::size_t v = r.first; v < r.end() && v < vertexCount; ++v) flags[v] = 1;
  return flags;
}

// The number of vertices the ranges hold.
std::size_t rangeVertexCount(const std::vector<VertexRange>& ranges) {
  std::size_t count = 0;
  for (const VertexRange& r : ranges) count += r.count;
  return count;
}

}  // namespace

TEST_CASE("flagged vertices become ranges, joined across short gaps", "[render][partial]") {
  std::vector<char> flags(40, 0);
  for (std::size_t v : {3u, 4u, 5u, 9u, 30u, 31u, 39u}) flags[v] = 1;
  const std::vector<VertexRange> apart = flaggedRanges(flags, 1);
  REQUIRE(apart.size() == 4u);
  CHECK((apart[0].first == 3u && apart[0].count == 3u));
  CHECK((apart[1].first == 9u && apart[1].count == 1u));
  CHECK((apart[2].first == 30u && apart[2].count == 2u));
  CHECK((apart[3].first == 39u && apart[3].count == 1u));
  CHECK(rangeVertexCount(apart) == 7u);
  // Gaps shorter than 5 joined: 3–9 and 30–31; 39 stays apart (a gap of 7).
  const std::vector<VertexRange> joined = flaggedRanges(flags, 5);
  REQUIRE(joined.size() == 3u);
  CHECK((joined[0].first == 3u && joined[0].count == 7u));
  CHECK((joined[1].first == 30u && joined[1].count == 2u));
  CHECK(flaggedRanges(std::vector<char>(10, 0), 4).empty());
  const std::vector<VertexRange> all = flaggedRanges(std::vector<char>(10, 1), 4);
  REQUIRE(all.size() == 1u);
  CHECK((all[0].first == 0u && all[0].count == 10u));
}

TEST_CASE("a moved bump's changed vertices are the rows that differ, and chunk bounds follow them", "[render][partial]") {
  const TriangleMesh before = bumpedSheet(2.0, 3.0), after = bumpedSheet(2.3, 3.2);
  std::vector<Bounds3> boxes;
  ChangedVertices changed;
  REQUIRE(changedRegions(before, after, 0.5, boxes, &changed));
  REQUIRE(changed.known);
  const std::vector<char> inRange = rangeFlags(changed.ranges, after.positions.size());
  std::size_t differing = 0;
  for (std::size_t v = 0; v < after.positions.size(); ++v) {
    const bool differs = before.positions[v].x != after.positions[v].x || before.positions[v].y != after.positions[v].y ||
                         before.positions[v].z != after.positions[v].z || before.normals[v].x != after.normals[v].x ||
                         before.normals[v].y != after.normals[v].y || before.normals[v].z != after.normals[v].z;
    differing += differs;
    if (differs) CHECK(inRange[v]);  // every differing vertex is sent again
  }
  CHECK(differing > 100u);
  // A small part of the sheet's rows, not all of them.
  CHECK(rangeVertexCount(changed.ranges) < after.positions.size() / 2);
  // Copying those rows into the old mesh gives the new one, and its chunks' bounds updated from
  // them are those of the new mesh's chunks.
  TriangleMesh patched = before;
  std::vector<TriangleChunk> chunks = triangleChunks(before, 256);
  for (const VertexRange& r : changed.ranges)
    for (std::size_t v = r.first; v < r.end(); ++v) {
      patched.positions[v] = after.positions[v];
      patched.normals[v] = after.normals[v];
    }
  // The changed triangles are those using a differing vertex, ascending.
  REQUIRE(!changed.triangles.empty());
  CHECK(std::is_sorted(changed.triangles.begin(), changed.triangles.end()));
  for (int t : changed.triangles) {
    bool uses = false;
    for (int v : after.triangles[static_cast<std::size_t>(t)]) uses = uses || inRange[static_cast<std::size_t>(v)];
    CHECK(uses);
  }
  updateTriangleChunks(patched, changed.triangles, chunks);
  const std::vector<TriangleChunk> expected = triangleChunks(after, 256);
  REQUIRE(chunks.size() == expected.size());
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    CHECK(chunks[c].box.lo.z == expected[c].box.lo.z);
    CHECK(chunks[c].box.hi.z == expected[c].box.hi.z);
    CHECK(chunks[c].box.hi.x == expected[c].box.hi.x);
  }
  // Nothing moved: known, no ranges. Other triangles, or no normals: not known (upload it all).
  ChangedVertices none;
  CHECK_FALSE(changedRegions(after, after, 0.5, boxes, &none));
  CHECK(none.known);
  CHECK(none.ranges.empty());
  TriangleMesh flipped = after;
  std::swap(flipped.triangles[0][1], flipped.triangles[0][2]);
  ChangedVertices topology;
  CHECK(changedRegions(before, flipped, 0.5, boxes, &topology));
  CHECK_FALSE(topology.known);
  TriangleMesh bare = before, bareAfter = after;
  bare.normals.clear();
  bareAfter.normals.clear();
  ChangedVertices noNormals;
  CHECK(changedRegions(bare, bareAfter, 0.5, boxes, &noNormals));
  CHECK_FALSE(noNormals.known);
}
