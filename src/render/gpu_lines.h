#pragma once
// Line segments with a colour per vertex in GPU buffers (overlay polylines), drawn as GL_LINES
// that the overlay line shader widens into screen-space quads.
#include <vector>

#include "flexure/render/overlay_geometry.h"
#include "gl_name.h"

namespace flexure::render_detail {

// Move-only through its GL names (gl_name.h), which it deletes when it goes; moved-from lines
// draw nothing.
class GpuLines {
 public:
  // Uploads every segment of the given polylines (closed ones get their closing segment).
  void upload(const std::vector<const OverlayPolyline*>& polylines);
  void draw() const;
  // Deletes the GL objects now (the owning context must be current).
  void release() { *this = GpuLines(); }
  bool empty() const { return !vao_ || vertexCount_ == 0; }

 private:
  GlVertexArray vao_;
  GlBuffer buffer_;
  GLsizei vertexCount_ = 0;
};

}  // namespace flexure::render_detail
