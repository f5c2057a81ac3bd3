#pragma once
// Tessellation of leaf-to-root paths into world-space triangle meshes with normals: what the
// renderer draws and OBJ export writes. Points go through each operator's applyBatch (so a
// metaball deformer deforms a million vertices in parallel), normals through J^{-T}.
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

// One mesh per path of the scene, named after the leaf node, with the scene's current Ψ.
std::vector<TriangleMesh> tessellateScene(const Scene& scene, const TessellationOptions& options = {});

}  // namespace flexure
