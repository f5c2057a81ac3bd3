#pragma once
// Which vertices of a mesh differ from recent versions of it with the same triangles, so that a
// consumer holding one of those versions (the renderer's copy of what the GPU draws) can bring it
// up to date at those vertices instead of comparing the two meshes: a metaball dragged over a
// 700 × 700 sheet moves a twelfth of its vertices a frame, and comparing the 10⁶-triangle sheet
// cost the window's GUI thread 12 ms a frame.
#include <cstdint>
#include <memory>
#include <vector>

namespace flexure {

struct MeshRevision {
  // Unique in the process (newMeshRevisionId); 0: not known (the consumer compares).
  std::uint64_t id = 0;
  // Earlier revisions this one differs from only at `moved` (ascending vertex indices; the
  // triangles, the vertex count and everything else the same), most recent first.
  struct Since {
    std::uint64_t id = 0;
    std::shared_ptr<const std::vector<int>> moved;
  };
  std::vector<Since> since;

  // The vertices that may differ from revision `earlier`, or nullptr when that is not known.
  const std::vector<int>* movedSince(std::uint64_t earlier) const {
    if (earlier == 0) return nullptr;
    for (const Since& s : since)
      if (s.id == earlier) return s.moved.get();
    return nullptr;
  }
};

// A new revision id (thread-safe, never 0).
std::uint64_t newMeshRevisionId();

// The revision after `previous` whose mesh differs from it at `moved` alone (ascending): `moved`
// since `previous`, and the union of `moved` with what `previous` listed since each revision
// before it, keeping at most `depth` revisions.
MeshRevision nextMeshRevision(const MeshRevision& previous, std::vector<int> moved, std::size_t depth = 6);

}  // namespace flexure
