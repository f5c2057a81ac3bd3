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
#include <memory>
#include <vector>

#include "flexure/core/triangle_mesh.h"

namespace flexure {

struct AffineGridLineStats {
  int verticesBefore = 0, verticesAfter = 0;
  int trianglesBefore = 0, trianglesAfter = 0;
};

// Tolerances: positions relative to each block's bounding-box diagonal; normals (unit length)
// and (u, v) absolute. The default is round-off level: a dropped line was affine exactly up to
// the arithmetic that computed it.
// A block's position tolerance is `relativeTolerance` times its bounding-box diagonal rounded up to
// a power of two, so that a drag that changes the extent a little keeps the tolerance (and
// AffineGridMerger can reuse the tests that read no moved vertex).
AffineGridLineStats dropAffineGridLines(TriangleMesh& mesh, double relativeTolerance = 1e-9);

// The same merge again and again while a few vertices of a sheet move (a metaball dragged over a
// 700 × 700 grid moves a twelfth of it a frame): each call gives exactly what
// dropAffineGridLines gives for that mesh, but the line and cell tests of the previous call are
// taken over wherever none of the vertices they read moved, and when the kept lines stay, the
// merged mesh of the previous call is updated at the moved vertices instead of built again.
class AffineGridMerger {
 public:
  AffineGridMerger();
  explicit AffineGridMerger(double relativeTolerance);
  ~AffineGridMerger();
  AffineGridMerger(AffineGridMerger&&) noexcept;
  AffineGridMerger& operator=(AffineGridMerger&&) noexcept;

  // Merges `mesh` (as tessellated). `moved`: ascending indices of the vertices whose position,
  // normal or (u, v) differ from those of the mesh of the previous call, which had the same
  // triangles and grid blocks; nullptr when that is not known (every test is made afresh).
  void merge(const TriangleMesh& mesh, const std::vector<int>* moved);
  const TriangleMesh& result() const;
  const AffineGridLineStats& stats() const;
  // The result has the triangles (and so the vertex count) of the previous call's result, and
  // these of its vertices (ascending) differ from it; every vertex when that is not so.
  bool sameTrianglesAsBefore() const;
  const std::vector<int>& movedInResult() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace flexure
