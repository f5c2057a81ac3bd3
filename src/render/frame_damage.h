#pragma once
// Redrawing only what changed. While a part is dragged or an animation plays, most of the
// picture stays as it was: the renderer keeps the last frame (cached_framebuffer.h), collects
// the world-space boxes of what changed since (meshes whose vertices moved, overlays that
// differ), and draws again only the pixels those boxes cover, with every mesh chunk, glyph and
// influence volume that reaches into them — in the usual order, so the redrawn pixels are the
// very pixels a whole frame would have; then it copies the frame to the window. Under a software
// rasterizer, whose cost is per triangle, a drag that moves one metaball of twelve no longer
// sets up and rasterizes all twelve influence volumes every frame (issue 17 item 3).
#include <cstddef>
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "cached_framebuffer.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure::render_detail {

// The world box of what differs between two versions of a mesh as drawn: nothing when they are
// the same; when only vertices moved or turned (same triangles), the triangles touching such a
// vertex, before and after; both meshes' bounds otherwise.
std::optional<Bounds3> changedRegion(const TriangleMesh& before, const TriangleMesh& after);

// Consecutive triangles of a mesh with their bounds: the pieces a partial frame draws or skips.
// Tessellated grids lie row after row, so a chunk of consecutive triangles is a compact band.
struct TriangleChunk {
  int firstTriangle = 0;
  int triangleCount = 0;
  Bounds3 box;
};
std::vector<TriangleChunk> triangleChunks(const TriangleMesh& mesh, int trianglesPerChunk);

// The indices (each plus `base`) of the triangles of `mesh`, among those of the chunks that
// reach into `clip`, whose projection can cover a pixel of `clip`, in the mesh's order, appended
// to `out`. A triangle reaching behind the camera is kept (its projection bounds nothing).
// `scratch` holds the vertices' window coordinates between calls (no allocation per mesh).
struct ProjectionScratch {
  std::vector<glm::dvec3> window;
  std::vector<unsigned> stamp;  // == generation: window[v] is this call's
  unsigned generation = 0;
};
void appendTrianglesInClip(const TriangleMesh& mesh, const std::vector<TriangleChunk>& chunks,
                           const glm::dmat4& viewProjection, int width, int height, const PixelRect& clip,
                           unsigned base, std::vector<unsigned>& out, ProjectionScratch& scratch);

// The pixels a world box can cover when drawn with `viewProjection` into a width × height
// viewport (OpenGL window coordinates), grown by `margin` pixels and cut to the viewport; the
// whole viewport when the box reaches behind the camera (no bound from projecting its corners).
PixelRect screenRectOf(const Bounds3& box, const glm::dmat4& viewProjection, int width, int height, int margin = 0);

}  // namespace flexure::render_detail
