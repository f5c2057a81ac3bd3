#pragma once
// Fewer triangles, the same picture: the display's tessellation drops the grid lines along which
// the surface is affine in the grid index (a block's flat faces, a cylinder's straight rulings,
// a disc's radii, the undeformed part of a deformed sheet), so that the cells on either side
// merge into one. Where a line is dropped, every removed vertex's position, normal and (u, v)
// equal, within `relativeTolerance`, what a rasterizer interpolates there from the triangles
// that remain, so the shaded surface is the same surface with the same interpolated normals,
// only drawn with fewer triangles (a 32×32 patch of a block face becomes 2 triangles instead of
// 2 048). Whole grid lines are dropped, never parts of one, so no T-junction can open a crack.
//
// Works on the mesh's GridBlocks (triangle_mesh.h); other vertices and triangles are kept as
// they are. Only for display: the wireframe of the result shows the merged cells.
#include "flexure/core/triangle_mesh.h"

namespace flexure {

struct AffineGridLineStats {
  int verticesBefore = 0, verticesAfter = 0;
  int trianglesBefore = 0, trianglesAfter = 0;
};

// Tolerances: positions relative to each block's bounding-box diagonal; normals (unit length)
// and (u, v) absolute. The default is round-off level: a dropped line was affine exactly up to
// the arithmetic that computed it.
AffineGridLineStats dropAffineGridLines(TriangleMesh& mesh, double relativeTolerance = 1e-9);

}  // namespace flexure
