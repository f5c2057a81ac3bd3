#pragma once
// Tessellation of leaf-to-root paths into world-space triangle meshes with normals: what the
// renderer draws and OBJ export writes. Points go through each operator's applyBatch (so a
// metaball deformer deforms a million vertices in parallel), normals through J^{-T}.
#include <array>
#include <vector>

#include "flexure/core/path.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure {

class Scene;

struct TessellationOptions {
  int resolution = 32;  // samples per unit of (u, v) on each patch (meshes keep their own)
  // For display: after the operators, drop the grid lines along which the surface is affine
  // (affine_grid_lines.h): the same shaded picture from fewer triangles; a wireframe shows the
  // merged cells, so the viewport asks for it only when it draws no wireframe.
  bool mergeAffineCells = false;
};

// The path's primitive tessellated in its own space, then mapped through every operator.
TriangleMesh tessellatePath(const Path& path, const ParamAccess<double>& params, const TessellationOptions& options = {});
// The same through only the first `operatorCount` operators (leaf side): the mesh in the space
// of path.operators[operatorCount - 1]'s output (the leaf's own space for 0). Exporters map the
// rest as node transforms; tessellatePath is this with every operator.
TriangleMesh tessellatePathBelow(const Path& path, const ParamAccess<double>& params, std::size_t operatorCount,
                                 const TessellationOptions& options = {});

// The display tessellation in two steps, so that a part that only moves need not be merged again
// (affine_grid_lines.h): merged cells stay merged under a similarity (translation, rotation,
// uniform scale), so the path's operators from placementStart() up — its topmost run of such
// placements — are applied after the merge.
//   tessellatePath(path, params, options)
//     == placeOnPath(tessellatePathInner(path, params, start, options), path, params, start)
std::size_t placementStart(const Path& path, const ParamAccess<double>& params);
// The leaf through operators [0, start), merged when the options ask for it.
TriangleMesh tessellatePathInner(const Path& path, const ParamAccess<double>& params, std::size_t start,
                                 const TessellationOptions& options = {});
// tessellatePathInner in two steps, so that a caller may keep the leaf's mesh while only the
// operators' parameters change (a metaball dragged over a large sheet tessellates the sheet once):
//   tessellatePathInner(path, params, start, options)
//     == finishPathInner(tessellateLeaf(path, params, options), path, params, start, options)
// The primitive alone, in its own space, with a normal per vertex.
TriangleMesh tessellateLeaf(const Path& path, const ParamAccess<double>& params, const TessellationOptions& options = {});
// Whether a mesh's winding agrees with its normals (placeOnPath turns every triangle when it does
// not: a mirroring operator): the sum, in triangle order, of each triangle's term
// ((b − a) × (c − a)) · (n_a + n_b + n_c) is not negative. A caller that keeps the terms of a
// mesh whose vertices move may compute the moved triangles' terms again and sum them all: the
// same sum, bit for bit.
double windingTerm(const TriangleMesh& mesh, const std::array<int, 3>& triangle);
bool windingAgrees(const std::vector<double>& terms);
void turnWinding(TriangleMesh& mesh);
// Operators [start, end) (the path's placement) applied to points and their normals as
// placeOnPath applies them to a mesh's, point by point (so a caller may place a few moved points
// of a mesh placed before), without restoring any winding.
void applyPlacement(std::vector<Vec3d>& positions, std::vector<Vec3d>& normals, const Path& path,
                    const ParamAccess<double>& params, std::size_t start);
// Operators [0, start) applied to a mesh's positions and normals (its triangles stay), unmerged:
// finishPathInner without its merge, for a caller that merges itself (AffineGridMerger).
void applyInnerOperators(std::vector<Vec3d>& positions, std::vector<Vec3d>& normals, const Path& path,
                         const ParamAccess<double>& params, std::size_t start);
// Operators [0, start) applied to the leaf's mesh, merged when the options ask for it.
void finishPathInner(TriangleMesh& mesh, const Path& path, const ParamAccess<double>& params, std::size_t start,
                     const TessellationOptions& options = {});
// Operators [start, end) of the path applied to `mesh` (from tessellatePathInner), winding restored.
void placeOnPath(TriangleMesh& mesh, const Path& path, const ParamAccess<double>& params, std::size_t start);

// One mesh per path of the scene, named after the leaf node, with the scene's current Ψ.
std::vector<TriangleMesh> tessellateScene(const Scene& scene, const TessellationOptions& options = {});

}  // namespace flexure
