#pragma once
// One triangle mesh in GPU buffers: interleaved float position + normal, 32-bit indices.
#include <vector>

#include "flexure/core/triangle_mesh.h"
#include "gl_name.h"

namespace flexure::render_detail {

// Move-only through its GL names (gl_name.h), which it deletes when it goes; a moved-from mesh
// draws nothing.
class GpuMesh {
 public:
  // Uploads the mesh; computes area-weighted normals when it has none.
  void upload(const TriangleMesh& mesh);
  void draw() const;
  // Triangles [first, first + count) only (a part of the mesh, for frames that redraw some pixels).
  void drawTriangles(int first, int count) const;
  // The triangles of an index list of the mesh's vertices, through `scratch` as the element buffer.
  void drawIndexList(const std::vector<unsigned>& indices, GlBuffer& scratch) const;
  // Deletes the GL objects now (the owning context must be current).
  void release() { *this = GpuMesh(); }

 private:
  GlVertexArray vao_;
  GlBuffer vertexBuffer_, indexBuffer_;
  GLsizei indexCount_ = 0;
};

}  // namespace flexure::render_detail
