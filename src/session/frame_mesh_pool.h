#pragma once
// Meshes of geometry frames the GUI has let go, kept by revision (mesh_revision.h) so that the
// geometry worker brings one up to date at the vertices moved since, instead of copying the whole
// mesh into every frame: a metaball dragged over a 700 × 700 sheet moves a twelfth of its
// vertices a frame, and a copy of the merged sheet is 34 MB. Frames give their meshes back as
// they are destroyed (on the GUI thread); the worker takes them.
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <utility>
#include <vector>

#include "flexure/core/mesh_revision.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure::session {

class FrameMeshPool {
 public:
  // Meshes smaller than this are copied rather than kept.
  static constexpr std::size_t kMinimumVertices = 4096;
  static constexpr std::size_t kCapacity = 3;

  // Keeps the meshes of the revisions last wanted (keepOnly) that are large enough (the oldest
  // kept go first).
  void giveBack(std::vector<TriangleMesh>& meshes, const std::vector<MeshRevision>& revisions);
  // Moves into `out` a kept mesh of a revision `revision` lists (the most recent found), and
  // points `moved` at the vertices that differ since it. False when none is kept.
  bool take(const MeshRevision& revision, TriangleMesh& out, const std::vector<int>*& moved);
  // Drops the kept meshes of revisions that `wanted` does not hold (no revision can name them any
  // more, or no drag is going on), and takes only those revisions back from now on.
  void keepOnly(std::vector<std::uint64_t> wanted);
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::vector<std::pair<std::uint64_t, TriangleMesh>> kept_;  // oldest first
  std::vector<std::uint64_t> wanted_;                         // ascending
};

}  // namespace flexure::session
