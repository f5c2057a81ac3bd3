#pragma once
// Many triangle meshes packed into one set of GPU buffers, so a scene of thousands of small
// meshes draws with a few draw calls instead of one (plus uniform updates) per mesh: under
// software OpenGL each draw call costs far more than its few triangles.
//
// Attributes: location 0 position, 1 normal (interleaved floats, as GpuMesh), 2 the mesh's style
// (sRGB colour, selected flag 0/1) repeated per vertex in a buffer of its own, so a style change
// re-uploads only that buffer. Indices are absolute (already offset by each mesh's first vertex),
// so one mesh's triangles are also a plain index range: drawMesh() draws one mesh alone.
#include <cstddef>
#include <vector>

#include "flexure/core/triangle_mesh.h"
#include "gl_name.h"
#include "vertex_ranges.h"

namespace flexure::render_detail {

// One style per mesh as the batch's attribute 2 carries it: r, g, b (sRGB), selected (0 or 1).
struct BatchStyle {
  float r = 0.8f, g = 0.8f, b = 0.8f, selected = 0.0f;
};

// Move-only through its GL names (gl_name.h), which it deletes when it goes; a moved-from batch
// draws nothing.
class GpuMeshBatch {
 public:
  // Uploads meshes[first, first + count) (area-weighted normals where a mesh has none) with
  // styles[i] for meshes[first + i].
  void upload(const std::vector<TriangleMesh>& meshes, std::size_t first, std::size_t count,
              const std::vector<BatchStyle>& styles);
  // Sends again the rows of the batch's mesh `index` for the vertices of `ranges` only, from
  // `mesh` (which has the same vertex count as the uploaded one and a normal per vertex): a
  // frame that moved some vertices of a large mesh keeps the rest of its buffer on the GPU.
  void updateVertices(std::size_t index, const TriangleMesh& mesh, const std::vector<VertexRange>& ranges);
  // Re-uploads the style attribute only; styles[i] for the batch's mesh i.
  void setStyles(const std::vector<BatchStyle>& styles);
  std::size_t meshCount() const { return vertexCounts_.size(); }
  // All meshes with one draw call.
  void draw() const;
  // One mesh alone (its colour then comes from uniforms, see the mesh shader's uBatched).
  void drawMesh(std::size_t index) const;
  // Triangles [first, first + count) of mesh `index` (colours from the style attribute when the
  // shader reads it): a part of a mesh, for frames that redraw only some pixels.
  void drawTriangles(std::size_t index, int first, int count) const;
  // The batch's index of mesh `index`'s first vertex (its triangles' indices are offset by it).
  unsigned vertexBase(std::size_t index) const { return vertexBases_[index]; }
  // The triangles of an index list of the batch's vertices, through `scratch` as the element
  // buffer (a partial frame's own selection of triangles).
  void drawIndexList(const std::vector<unsigned>& indices, GlBuffer& scratch) const;
  // Deletes the GL objects now (the owning context must be current).
  void release() { *this = GpuMeshBatch(); }

 private:
  GlVertexArray vao_;
  GlBuffer vertexBuffer_, styleBuffer_, indexBuffer_;
  std::vector<GLsizei> vertexCounts_;  // per mesh
  std::vector<GLsizei> indexStarts_;   // per mesh, plus the total at the end
  std::vector<unsigned> vertexBases_;  // per mesh
  std::vector<float> rowScratch_;      // updateVertices' rows, kept between frames
};

}  // namespace flexure::render_detail
