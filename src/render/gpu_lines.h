#pragma once
// Line segments with a colour per vertex in GPU buffers (overlay polylines), drawn as GL_LINES
// that the overlay line shader widens into screen-space quads.
#include <vector>

#include "flexure/render/overlay_geometry.h"
#include "gl_api.h"

namespace flexure::render_detail {

class GpuLines {
 public:
  GpuLines() = default;
  ~GpuLines();
  GpuLines(GpuLines&& other) noexcept;
  GpuLines& operator=(GpuLines&& other) noexcept;
  GpuLines(const GpuLines&) = delete;
  GpuLines& operator=(const GpuLines&) = delete;

  // Uploads every segment of the given polylines (closed ones get their closing segment).
  void upload(const std::vector<const OverlayPolyline*>& polylines);
  void draw() const;
  void release();
  bool empty() const { return vertexCount_ == 0; }

 private:
  GLuint vao_ = 0, buffer_ = 0;
  GLsizei vertexCount_ = 0;
};

}  // namespace flexure::render_detail
