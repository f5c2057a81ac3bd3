#pragma once
// The geometry worker's meshes of the previous frame by path (geometry_builder.h), in two parts
// (tessellation.h): the leaf-side mesh, merged, with the values of the Ψ entries it reads (the
// leaf's and those of the operators below the path's placement, and their dependencies), and the
// placed mesh with the values of the placement's entries. A path whose entries are unchanged
// keeps its mesh; one that only moved (a pipe dragged, a mechanism turning, a solid of a chain) is
// placed again without being tessellated and merged again; one whose deformer is dragged is
// deformed from its kept leaf and merged again where its vertices moved (AffineGridMerger), and
// its frame mesh is a returned one brought up to date there (FrameMeshPool). When the dragged
// deformer says where its change reaches (Operator::changedRegion), only the leaf's vertices
// there are deformed again.
#include <cstddef>
#include <memory>
#include <vector>

#include <Eigen/Core>

#include "flexure/core/mesh_revision.h"
#include "flexure/core/scene.h"
#include "flexure/core/tessellation.h"
#include "flexure/core/triangle_mesh.h"
#include "frame_mesh_pool.h"

namespace flexure::session {

// What PathMeshCache::tessellate did (the GeometryFrame's counts, geometry_builder.h).
struct PathMeshCounts {
  std::size_t tessellated = 0;           // paths tessellated anew
  std::size_t placed = 0;                // paths only placed anew
  std::size_t broughtUpToDate = 0;       // of the tessellated, meshes brought up to date, not copied
  std::size_t deformedWhereChanged = 0;  // of the tessellated, sheets deformed only where changed
};

class PathMeshCache {
 public:
  explicit PathMeshCache(std::shared_ptr<FrameMeshPool> pool);
  ~PathMeshCache();
  PathMeshCache(const PathMeshCache&) = delete;
  PathMeshCache& operator=(const PathMeshCache&) = delete;

  void reset(const Scene& scene);
  // The scene's meshes for its current Ψ, with their revisions and what was done for them.
  std::vector<TriangleMesh> tessellate(const Scene& scene, const TessellationOptions& options, PathMeshCounts& counts,
                                       std::vector<MeshRevision>& revisions);

  struct Entry;  // one path's meshes and what they were made from (path_mesh_cache.cpp)

 private:
  std::vector<Entry> entries_;
  TessellationOptions options_;
  std::shared_ptr<FrameMeshPool> pool_;
};

}  // namespace flexure::session
