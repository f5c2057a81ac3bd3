#pragma once
// Which vertices of a mesh differ from recent versions of it with the same triangles, so that a
// consumer holding one of those versions (the renderer's copy of what the GPU draws) can bring it
// up to date at those vertices instead of comparing the two meshes: a metaball dragged over a
// 700 × 700 sheet moves a twelfth of its vertices a frame, and comparing the 10⁶-triangle sheet
// cost the window's GUI thread 12 ms a frame.
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "flexure/core/triangle_chunks.h"
#include "flexure/core/vec.h"

namespace flexure {

struct MeshRevision {
  // Unique in the process (newMeshRevisionId); 0: not known (the consumer compares).
  std::uint64_t id = 0;
  // Earlier revisions this one differs from only at `moved` (ascending vertex indices; the
  // triangles, the vertex count and everything else the same), most recent first.
  struct Since {
    std::uint64_t id = 0;
    std::shared_ptr<const std::vector<int>> moved;
    // What the producer worked out for the consumer, when it did (null otherwise, and the
    // consumer works it out): world boxes covering every triangle that differs, where it was and
    // where it is (triangle_damage.h).
    std::shared_ptr<const std::vector<Bounds3>> damage;
  };
  std::vector<Since> since;
  // The mesh's bounds and its runs of kTrianglesPerChunk triangles with their bounds, when the
  // producer knows them (a consumer need not visit every vertex or triangle).
  std::optional<Bounds3> bounds;
  std::shared_ptr<const std::vector<TriangleChunk>> chunks;

  // What differs from revision `earlier`, or nullptr when that is not known.
  const Since* changesSince(std::uint64_t earlier) const {
    if (earlier == 0) return nullptr;
    for (const Since& s : since)
      if (s.id == earlier) return &s;
    return nullptr;
  }
  // The vertices that may differ from revision `earlier`, or nullptr when that is not known.
  const std::vector<int>* movedSince(std::uint64_t earlier) const {
    const Since* s = changesSince(earlier);
    return s ? s->moved.get() : nullptr;
  }
};

// A new revision id (thread-safe, never 0).
std::uint64_t newMeshRevisionId();
// A revision with a new id, nothing known of the revisions before it.
MeshRevision newMeshRevision();

// The revision after `previous` whose mesh differs from it at `moved` alone (ascending): `moved`
// since `previous`, and the union of `moved` with what `previous` listed since each revision
// before it, keeping at most `depth` revisions.
MeshRevision nextMeshRevision(const MeshRevision& previous, std::vector<int> moved, std::size_t depth = 6);

// Gives `next` (made by nextMeshRevision from `previous`) the damage boxes of the step from
// `previous` (Since::damage), and, joined with `previous`'s, those since the revisions before it:
// a revision's damage since an earlier one is the union of its steps' (a triangle that differs
// between the two differs in one of the steps, and where it was and is lies where that step's or
// a later one's triangle was or is).
void describeStep(MeshRevision& next, const MeshRevision& previous, std::vector<Bounds3> stepDamage);

}  // namespace flexure
