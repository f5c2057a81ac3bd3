// The geometry worker tessellates the newest Ψ off the calling thread.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <fstream>
#include <nlohmann/json.hpp>
#include <thread>

#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/session/geometry_builder.h"
#include "session_fixture.h"

using namespace flexure;
using namespace flexure::session;
using namespace flexure::session::test;

TEST_CASE("the geometry builder publishes meshes of the newest requested Ψ", "[session][geometry]") {
  auto doc = pipefittingScene();
  GeometryBuilder builder(*doc, TessellationOptions{8});
  Eigen::VectorXd psi = doc->parameters().values();
  const int x = doc->parameters().find("fixed-b-translate.x");
  for (int k = 1; k <= 5; ++k) {
    psi[x] = 0.1 * k;
    builder.request(psi, static_cast<std::uint64_t>(k));
  }
  std::shared_ptr<const GeometryFrame> frame;
  for (int i = 0; i < 5000; ++i) {
    frame = builder.latest();
    if (frame && frame->tag == 5) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  REQUIRE(frame);
  CHECK(frame->tag == 5);  // older requests may be skipped, the newest never is
  REQUIRE(frame->meshes.size() == doc->paths().size());
  // The moved fixed pipe's mesh matches a tessellation done here with the same Ψ.
  auto copy = doc->clone();
  copy->parameters().values() = psi;
  const auto expected = tessellateScene(*copy, TessellationOptions{8});
  for (std::size_t m = 0; m < expected.size(); ++m) {
    REQUIRE(frame->meshes[m].positions.size() == expected[m].positions.size());
    for (std::size_t v = 0; v < expected[m].positions.size(); ++v)
      CHECK(flexure::norm(frame->meshes[m].positions[v] - expected[m].positions[v]) < 1e-12);
  }
}

namespace {

std::shared_ptr<const GeometryFrame> frameTagged(const GeometryBuilder& builder, std::uint64_t tag) {
  std::shared_ptr<const GeometryFrame> frame;
  for (int i = 0; i < 5000; ++i) {
    frame = builder.latest();
    if (frame && frame->tag == tag) return frame;
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  return nullptr;
}

// Each of the frame's meshes equals a tessellation done here of the same Ψ, bit for bit.
void requireSameAsTessellated(const GeometryFrame& frame, const Scene& document, const Eigen::VectorXd& psi,
                              const TessellationOptions& options) {
  auto copy = document.clone();
  copy->parameters().values() = psi;
  const auto expected = tessellateScene(*copy, options);
  REQUIRE(frame.meshes.size() >= expected.size());
  for (std::size_t m = 0; m < expected.size(); ++m) {
    INFO(expected[m].name);
    REQUIRE(frame.meshes[m].positions.size() == expected[m].positions.size());
    bool same = frame.meshes[m].triangles == expected[m].triangles;
    for (std::size_t v = 0; v < expected[m].positions.size() && same; ++v) {
      const Vec3d& a = frame.meshes[m].positions[v];
      const Vec3d& b = expected[m].positions[v];
      same = a.x == b.x && a.y == b.y && a.z == b.z;
    }
    CHECK(same);
  }
}

// Checks the step from `before` to `after` as the frame's revision describes it for the renderer
// (MeshRevision::Since::damage): the revision's bounds and chunks are the mesh's, and each
// triangle around the moved vertices lies, where it was and where it is, within the damage boxes (each corner of its bounding box in one: the boxes are the grid cells its box
// reaches). False when the step is not described (the worker keeps the positions it needs from
// the first frame a drag brings up to date on).
bool checkDescribedStep(const TriangleMesh& before, const TriangleMesh& after, const MeshRevision& revision,
                        std::uint64_t beforeId) {
  const MeshRevision::Since* since = revision.changesSince(beforeId);
  REQUIRE(since);
  if (!since->damage) return false;
  REQUIRE(revision.bounds);
  const Bounds3 bounds = after.bounds();
  const auto same = [](const Vec3d& p, const Vec3d& q) { return p.x == q.x && p.y == q.y && p.z == q.z; };
  CHECK((same(revision.bounds->lo, bounds.lo) && same(revision.bounds->hi, bounds.hi)));
  // Its chunks' bounds are those found afresh.
  REQUIRE(revision.chunks);
  const std::vector<TriangleChunk> chunks = triangleChunks(after, kTrianglesPerChunk);
  REQUIRE(revision.chunks->size() == chunks.size());
  std::size_t chunksDiffering = 0;
  for (std::size_t c = 0; c < chunks.size(); ++c) {
    const TriangleChunk &told = (*revision.chunks)[c], &found = chunks[c];
    chunksDiffering += told.firstTriangle != found.firstTriangle || told.triangleCount != found.triangleCount ||
                       !same(told.box.lo, found.box.lo) || !same(told.box.hi, found.box.hi);
  }
  CHECK(chunksDiffering == 0);
  std::vector<char> moved(after.positions.size(), 0);
  for (int v : *since->moved) moved[static_cast<std::size_t>(v)] = 1;
  std::vector<int> around;
  for (std::size_t t = 0; t < after.triangles.size(); ++t) {
    const auto& tri = after.triangles[t];
    if (moved[static_cast<std::size_t>(tri[0])] || moved[static_cast<std::size_t>(tri[1])] || moved[static_cast<std::size_t>(tri[2])])
      around.push_back(static_cast<int>(t));
  }
  const auto inDamage = [&](const Vec3d& p) {
    return std::any_of(since->damage->begin(), since->damage->end(), [&](const Bounds3& b) {
      return p.x >= b.lo.x && p.y >= b.lo.y && p.z >= b.lo.z && p.x <= b.hi.x && p.y <= b.hi.y && p.z <= b.hi.z;
    });
  };
  std::size_t uncovered = 0;
  for (int t : around)
    for (const TriangleMesh* mesh : {&before, &after}) {
      Bounds3 box;
      for (int v : after.triangles[static_cast<std::size_t>(t)]) box.extend(mesh->positions[static_cast<std::size_t>(v)]);
      for (int corner = 0; corner < 8; ++corner)
        uncovered += !inDamage(Vec3d((corner & 1) ? box.hi.x : box.lo.x, (corner & 2) ? box.hi.y : box.lo.y,
                                     (corner & 4) ? box.hi.z : box.lo.z));
    }
  CHECK(uncovered == 0);
  return true;
}

// The Z letter's scene with its nodes put under `parent` (a node record without children).
std::unique_ptr<Scene> zLetterUnder(nlohmann::json parent) {
  registerAllModules();
  std::ifstream file(std::string(FLEXURE_SOURCE_DIR) + "/scenes/metaball-z-letter.json");
  nlohmann::json scene = nlohmann::json::parse(file);
  parent["children"] = scene["nodes"];
  scene["nodes"] = nlohmann::json::array({parent});
  return loadSceneFromString(scene.dump());
}

// The Z letter's sheet as the window drags it (affine cells merged), its first frame requested:
// the start of the dragged-sheet tests. The frame is not held here: which meshes the worker can
// reuse depends on which frames are let go.
struct DraggedZSheet {
  std::unique_ptr<Scene> doc = exampleScene("metaball-z-letter.json");
  TessellationOptions options = [] {
    TessellationOptions o;
    o.mergeAffineCells = true;
    return o;
  }();
  GeometryBuilder builder{*doc, options};
  Eigen::VectorXd psi = doc->parameters().values();
  DraggedZSheet() { builder.request(psi, 1); }
};

}  // namespace

TEST_CASE("the geometry builder tessellates again only the paths whose parameters changed", "[session][geometry]") {
  auto doc = pipefittingScene();
  TessellationOptions options;
  options.mergeAffineCells = true;
  GeometryBuilder builder(*doc, options);
  Eigen::VectorXd psi = doc->parameters().values();
  builder.request(psi, 1);
  auto frame = frameTagged(builder, 1);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == doc->paths().size());
  // Moving one fixed pipe places that pipe alone again (its merged mesh kept); the others are
  // the previous meshes.
  psi[doc->parameters().find("fixed-b-translate.x")] += 0.25;
  builder.request(psi, 2);
  frame = frameTagged(builder, 2);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == 0);
  CHECK(frame->pathsPlaced == 1);
  requireSameAsTessellated(*frame, *doc, psi, options);
  // Bending the bent pipe tessellates it again.
  psi[doc->parameters().find("pipe-bend.amount")] += 0.05;
  builder.request(psi, 5);
  frame = frameTagged(builder, 5);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == 1);
  CHECK(frame->pathsPlaced == 0);
  requireSameAsTessellated(*frame, *doc, psi, options);
  // The same Ψ again: nothing to tessellate, the same meshes.
  builder.request(psi, 3);
  frame = frameTagged(builder, 3);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == 0);
  CHECK(frame->pathsPlaced == 0);
  requireSameAsTessellated(*frame, *doc, psi, options);
  // New options tessellate everything again.
  options.mergeAffineCells = false;
  builder.setOptions(options);
  builder.request(psi, 4);
  frame = frameTagged(builder, 4);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == doc->paths().size());
  requireSameAsTessellated(*frame, *doc, psi, options);
}

TEST_CASE("a mesh deformed along a curve is tessellated again when only the curve moves", "[session][geometry]") {
  // The metaball's skeleton follows the MES curve 'spine' (a dependency of the deformer, not a
  // node on the sheet's path): moving a control point of the curve must redo the sheet.
  const auto doc = exampleScene("metaball-mes-curve.json");  // mes-curve, metaball-deform: module types
  GeometryBuilder builder(*doc, TessellationOptions{});
  Eigen::VectorXd psi = doc->parameters().values();
  builder.request(psi, 1);
  REQUIRE(frameTagged(builder, 1));
  const Node* spine = doc->find("spine");
  REQUIRE(spine);
  psi[spine->paramOffset() + 3] += 0.2;  // the second control point's y
  builder.request(psi, 2);
  const auto frame = frameTagged(builder, 2);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == 2);  // the curve's own tube and the sheet it deforms
  requireSameAsTessellated(*frame, *doc, psi, TessellationOptions{});
}

TEST_CASE("a sheet deformed by a dragged metaball is the same as tessellated afresh, its leaf kept", "[session][geometry]") {
  // The drag changes the deformer's parameters only: the worker deforms a copy of the sheet it
  // keeps (tessellateLeaf) instead of tessellating the sheet again, merges it as before, and
  // from the third changed frame on moves the result into the frame instead of copying it.
  DraggedZSheet sheet;
  const auto& doc = sheet.doc;
  const TessellationOptions& options = sheet.options;
  GeometryBuilder& builder = sheet.builder;
  Eigen::VectorXd& psi = sheet.psi;
  REQUIRE(frameTagged(builder, 1));
  const int dz = doc->parameters().find("deform.0.dz");
  const int dx = doc->parameters().find("deform.0.dx");
  REQUIRE(dz >= 0);
  REQUIRE(dx >= 0);
  std::shared_ptr<const GeometryFrame> before = builder.latest();
  std::size_t broughtUpToDate = 0, described = 0;
  for (std::uint64_t step = 2; step <= 7; ++step) {
    psi[dz] += 0.05;
    psi[dx] += 0.03;
    builder.request(psi, step);
    const auto frame = frameTagged(builder, step);
    REQUIRE(frame);
    CHECK(frame->pathsTessellated == 1);
    // Only metaball 0's entries changed: the sheet is deformed again within its box alone.
    CHECK(frame->pathsDeformedWhereChanged == 1);
    // Its revision says which vertices moved since the frame before (and since the one before
    // that), and they are all that differ: the viewport updates its copy there alone.
    REQUIRE(frame->revisions.size() == frame->sceneMeshCount);
    const MeshRevision& revision = frame->revisions[0];
    CHECK(revision.id != before->revisions[0].id);
    const std::vector<int>* moved = revision.movedSince(before->revisions[0].id);
    {
      REQUIRE(moved);
      const TriangleMesh &a = before->meshes[0], &b = frame->meshes[0];
      REQUIRE(a.triangles == b.triangles);
      const auto same = [](const Vec3d& p, const Vec3d& q) { return p.x == q.x && p.y == q.y && p.z == q.z; };
      std::vector<int> differing;
      for (std::size_t v = 0; v < b.positions.size(); ++v)
        if (!same(a.positions[v], b.positions[v]) || !same(a.normals[v], b.normals[v])) differing.push_back(static_cast<int>(v));
      CHECK(!differing.empty());
      CHECK(*moved == differing);
      if (step > 2) CHECK(revision.movedSince(before->revisions[0].since.at(0).id));
      described += checkDescribedStep(a, b, revision, before->revisions[0].id);
    }
    // From the fourth changed frame on, the mesh is one a released frame gave back, brought up to
    // date where the vertices moved (the frames before were let go in the loop).
    broughtUpToDate += frame->pathsBroughtUpToDate;
    before = frame;
    requireSameAsTessellated(*frame, *doc, psi, options);
    auto copy = doc->clone();
    copy->parameters().values() = psi;
    const auto expected = tessellateScene(*copy, options);
    REQUIRE(frame->meshes[0].normals.size() == expected[0].normals.size());
    bool sameNormals = true;
    for (std::size_t v = 0; v < expected[0].normals.size() && sameNormals; ++v) {
      const Vec3d& a = frame->meshes[0].normals[v];
      const Vec3d& b = expected[0].normals[v];
      sameNormals = a.x == b.x && a.y == b.y && a.z == b.z;
    }
    CHECK(sameNormals);
  }
  CHECK(broughtUpToDate >= 4);
  // Each frame brought up to date after the first says where its triangles moved.
  CHECK(described + 1 >= broughtUpToDate);
  CHECK(described >= 3);
  // The drag over: a deformed sheet handed over to a frame is made once more (the entries stayed,
  // the mesh went with the frame), then kept.
  builder.request(psi, 8);
  auto frame = frameTagged(builder, 8);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated <= 1);
  requireSameAsTessellated(*frame, *doc, psi, options);
  const std::uint64_t restingRevision = frame->revisions.at(0).id;
  builder.request(psi, 9);
  frame = frameTagged(builder, 9);
  REQUIRE(frame);
  CHECK(frame->pathsTessellated == 0);
  CHECK(frame->revisions.at(0).id == restingRevision);  // the same mesh, the same revision
  requireSameAsTessellated(*frame, *doc, psi, options);
}

TEST_CASE("a dragged sheet's frames say where it moved and its bounds, raised and then lowered", "[session][geometry]") {
  // The bump is raised, then lowered below where it began: its top leaves the sheet's bounds, so
  // the bounds the worker tells (MeshRevision::bounds) must be found again from every vertex, not
  // grown from the moved ones alone.
  DraggedZSheet sheet;
  const auto& doc = sheet.doc;
  GeometryBuilder& builder = sheet.builder;
  Eigen::VectorXd& psi = sheet.psi;
  std::shared_ptr<const GeometryFrame> before = frameTagged(builder, 1);
  REQUIRE(before);
  const int dz = doc->parameters().find("deform.5.dz");
  REQUIRE(dz >= 0);
  std::size_t described = 0;
  double top = -1e300, lowestTop = 1e300;
  for (std::uint64_t step = 2; step <= 10; ++step) {
    psi[dz] += step <= 4 ? 0.1 : -0.15;
    builder.request(psi, step);
    const auto frame = frameTagged(builder, step);
    REQUIRE(frame);
    described += checkDescribedStep(before->meshes.at(0), frame->meshes.at(0), frame->revisions.at(0),
                                    before->revisions.at(0).id);
    const double z = frame->meshes.at(0).bounds().hi.z;
    top = std::max(top, z);
    lowestTop = std::min(lowestTop, z);
    before = frame;
  }
  CHECK(described >= 6);
  CHECK(lowestTop < top);  // the bounds did shrink
}

TEST_CASE("a dragged sheet under a mirroring placement is brought up to date with its winding turned",
          "[session][geometry]") {
  // The Z letter under a scale by −1 (a similarity, so the placement; it turns the winding): the
  // frames of the drag are still the fresh tessellation bit for bit, and still brought up to
  // date where the vertices moved, the winding kept turned.
  const auto doc =
      zLetterUnder({{"name", "mirror"}, {"type", "scale"}, {"params", {{"sx", -1.0}, {"sy", -1.0}, {"sz", -1.0}}}});
  TessellationOptions options;
  options.mergeAffineCells = true;
  GeometryBuilder builder(*doc, options);
  Eigen::VectorXd psi = doc->parameters().values();
  builder.request(psi, 1);
  std::shared_ptr<const GeometryFrame> before = frameTagged(builder, 1);
  REQUIRE(before);
  const auto fresh = tessellateScene(*doc, options);
  REQUIRE(before->meshes[0].triangles == fresh[0].triangles);
  // The mirror turned the winding: the plain Z's first triangle, its last two corners swapped.
  const auto plain = tessellateScene(*exampleScene("metaball-z-letter.json"), options);
  const std::array<int, 3> first = plain.at(0).triangles.at(0);
  REQUIRE(fresh[0].triangles.at(0) == std::array<int, 3>{first[0], first[2], first[1]});
  const int dx = doc->parameters().find("deform.3.dx");
  REQUIRE(dx >= 0);
  std::size_t broughtUpToDate = 0, described = 0;
  for (std::uint64_t step = 2; step <= 6; ++step) {
    psi[dx] += 0.02;
    builder.request(psi, step);
    const auto frame = frameTagged(builder, step);
    REQUIRE(frame);
    requireSameAsTessellated(*frame, *doc, psi, options);
    CHECK(frame->revisions.at(0).movedSince(before->revisions.at(0).id));
    described += checkDescribedStep(before->meshes.at(0), frame->meshes.at(0), frame->revisions.at(0),
                                    before->revisions.at(0).id);
    broughtUpToDate += frame->pathsBroughtUpToDate;
    before = frame;
  }
  CHECK(broughtUpToDate >= 2);
  CHECK(described >= 1);
}

TEST_CASE("a dragged sheet under a second inner operator is deformed whole, as tessellated afresh", "[session][geometry]") {
  // The Z letter under a twist (not a similarity, so inside the path: two inner operators). The
  // metaball's change reaches a part of its input, not of the twist's: the worker deforms the
  // whole sheet, and the frames are still the fresh tessellation bit for bit.
  const auto doc = zLetterUnder({{"name", "turn"}, {"type", "twist"}});
  TessellationOptions options;
  options.mergeAffineCells = true;
  GeometryBuilder builder(*doc, options);
  Eigen::VectorXd psi = doc->parameters().values();
  const int rate = doc->parameters().find("turn.rate");
  const int dz = doc->parameters().find("deform.5.dz");
  REQUIRE(rate >= 0);
  REQUIRE(dz >= 0);
  psi[rate] = 0.4;
  builder.request(psi, 1);
  REQUIRE(frameTagged(builder, 1));
  for (std::uint64_t step = 2; step <= 4; ++step) {
    psi[dz] += 0.04;
    builder.request(psi, step);
    const auto frame = frameTagged(builder, step);
    REQUIRE(frame);
    CHECK(frame->pathsTessellated == 1);
    CHECK(frame->pathsDeformedWhereChanged == 0);
    requireSameAsTessellated(*frame, *doc, psi, options);
  }
}

TEST_CASE("the geometry builder says on its thread when a frame is ready", "[session][geometry]") {
  // The window posts itself an event from this call and takes the frame as soon as it is free.
  auto doc = pipefittingScene();
  GeometryBuilder builder(*doc, TessellationOptions{8});
  std::atomic<int> told{0};
  std::atomic<bool> onWorker{true};
  const std::thread::id caller = std::this_thread::get_id();
  builder.setNotifier([&] {
    onWorker = onWorker && std::this_thread::get_id() != caller;
    ++told;
  });
  Eigen::VectorXd psi = doc->parameters().values();
  builder.request(psi, 1);
  REQUIRE(frameTagged(builder, 1));
  for (int i = 0; i < 500 && told == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  CHECK(told == 1);
  CHECK(onWorker);
  builder.setNotifier(nullptr);
  builder.request(psi, 2);
  REQUIRE(frameTagged(builder, 2));
  CHECK(told == 1);
}
