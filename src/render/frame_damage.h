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
#include <vector>

#include <glm/glm.hpp>

#include "cached_framebuffer.h"
#include "vertex_ranges.h"
#include "flexure/core/vertex_triangles.h"
#include "flexure/core/triangle_chunks.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure::render_detail {

// World boxes that together cover the segments of polylines, none longer than `maxExtent` along
// an axis: a longer segment is split at its midpoint, and consecutive short ones share a box while
// it stays within the bound. A long glyph line or control polygon drawn diagonally is then a
// chain of small boxes instead of one box over its whole extent.
class PolylineDamage {
 public:
  PolylineDamage(double maxExtent, std::vector<Bounds3>& out) : maxExtent_(maxExtent), out_(out) {}
  ~PolylineDamage() { flush(); }
  PolylineDamage(const PolylineDamage&) = delete;
  PolylineDamage& operator=(const PolylineDamage&) = delete;
  void addSegment(const Vec3d& a, const Vec3d& b);
  void flush();

 private:
  void split(const Vec3d& a, const Vec3d& b, int depth);
  void add(const Bounds3& box);
  bool small(const Bounds3& box) const;
  double maxExtent_;
  std::vector<Bounds3>& out_;
  Bounds3 current_;
};

// The world boxes (appended to `out`) of what differs between two versions of a mesh as drawn:
// nothing when they are the same; when only vertices moved or turned (same triangles), the
// triangles touching such a vertex, before and after, as the cells (cubes of side at least
// `maxExtent`, at most 64 along an axis, in runs of two along x) of a grid over their bounds that
// the triangles' own bounding boxes reach, or their bounds alone when that marks over 2 048
// cells (a whole surface moved: projecting thousands of boxes a frame would cost more); both
// meshes' bounds otherwise. A metaball's tube lifted across a sheet is then a chain of small
// boxes along the tube, not one box over its whole extent, and a mesh moved as a whole gives a
// few hundred boxes at most however many triangles it has. True when anything differs.
// With `vertices`, also which vertices differ (vertex_ranges.h), in ranges joined across gaps of
// fewer than kVertexRangeJoinGap: the rows of the vertex buffer to send again.
bool changedRegions(const TriangleMesh& before, const TriangleMesh& after, double maxExtent, std::vector<Bounds3>& out,
                    ChangedVertices* vertices = nullptr);
inline constexpr std::size_t kVertexRangeJoinGap = 64;
// changedRegions when the caller knows which vertices may differ (`movedVertices`, ascending; the
// triangles the same: mesh_revision.h): the same boxes and ChangedVertices (`known`), from those
// vertices and the triangles `around` them, without comparing the meshes. False when none moved.
bool changedRegionsAt(const TriangleMesh& before, const TriangleMesh& after, const std::vector<int>& movedVertices,
                      const VertexTriangles& around, double maxExtent, std::vector<Bounds3>& out,
                      ChangedVertices& vertices);

// Rectangles of the viewport covering every pixel of `rects`, made of `tile`-pixel tiles: the
// tiles any rect reaches, row by row in runs, a run joining the rectangle above it when that
// wastes little area (a widened rectangle may then overlap another; a pixel drawn twice is drawn
// the same both times). A diagonal band of damage becomes a staircase of rectangles
// instead of its bounding rectangle (which is most of the picture when the band crosses it).
// At most `maxRects` rectangles: beyond that, the bounding rectangle of them all.
std::vector<PixelRect> coveringRects(const std::vector<PixelRect>& rects, const PixelRect& viewport, int tile,
                                     std::size_t maxRects);

// Runs of consecutive triangles with their bounds (core's triangle_chunks.h; the geometry worker
// keeps them for a dragged sheet's frames): the pieces a partial frame draws or skips.
using flexure::TriangleChunk;
using flexure::triangleChunks;
using flexure::updateTriangleChunks;

// The indices (each plus `base`) of the triangles of `mesh`, among those of the chunks that
// reach into `clip`, whose projection can cover a pixel of `clip`, in the mesh's order, appended
// to `out`. A triangle reaching behind the camera is kept (its projection bounds nothing).
// `scratch` holds the vertices' window coordinates between calls (no allocation per mesh).
struct ProjectionScratch {
  std::vector<glm::dvec3> window;
  std::vector<unsigned> stamp;  // == generation: window[v] is this call's
  unsigned generation = 0;
};
// With `rects`, `clip` being their bounding rectangle, a triangle must reach into one of them.
void appendTrianglesInClip(const TriangleMesh& mesh, const std::vector<TriangleChunk>& chunks,
                           const glm::dmat4& viewProjection, int width, int height, const PixelRect& clip,
                           unsigned base, std::vector<unsigned>& out, ProjectionScratch& scratch,
                           const std::vector<PixelRect>* rects = nullptr);

// The pixels a world box can cover when drawn with `viewProjection` into a width × height
// viewport (OpenGL window coordinates), grown by `margin` pixels and cut to the viewport; the
// whole viewport when the box reaches behind the camera (no bound from projecting its corners).
PixelRect screenRectOf(const Bounds3& box, const glm::dmat4& viewProjection, int width, int height, int margin = 0);

}  // namespace flexure::render_detail
