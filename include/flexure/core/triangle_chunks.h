#pragma once
// Runs of consecutive triangles of a mesh with their bounds: the pieces a partial frame draws or
// skips (render/frame_damage.h, appendTrianglesInClip). Tessellated grids lie row after row, so
// a chunk of consecutive triangles is a compact band. The renderer keeps them for each mesh it
// shows; the geometry worker keeps them for a dragged sheet's frames and hands them over with
// each (MeshRevision::chunks), so that the GUI thread does not find them again.
#include <vector>

#include "flexure/core/triangle_mesh.h"

namespace flexure {

// A partial frame draws or skips a mesh's triangles in runs of this many: small enough that a
// local change of a large mesh redraws a band of it and tests few triangles one by one (a row of
// a 700-cell sheet is 1 400 triangles: runs of 1 024 spanned the whole sheet, so a metaball's
// damage tested every triangle of its rows), large enough that the runs' boxes projected per
// frame stay few. A partial frame draws its selection with one call per batch.
inline constexpr int kTrianglesPerChunk = 256;

struct TriangleChunk {
  int firstTriangle = 0;
  int triangleCount = 0;
  Bounds3 box;
};
std::vector<TriangleChunk> triangleChunks(const TriangleMesh& mesh, int trianglesPerChunk);
// The chunks of `mesh` (made by triangleChunks for a mesh with the same triangles) after the
// triangles of `changedTriangles` (ascending: ChangedVertices::triangles) moved: the bounds of the
// chunks holding one are computed again, the others kept.
void updateTriangleChunks(const TriangleMesh& mesh, const std::vector<int>& changedTriangles,
                          std::vector<TriangleChunk>& chunks);

}  // namespace flexure
