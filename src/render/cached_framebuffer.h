#pragma once
// A framebuffer object of the renderer's own — RGBA8 colour, 24-bit depth, 8-bit stencil — that
// keeps a picture between frames: the backdrop (backdrop_cache.h) and the last frame drawn
// (frame_damage.h), each copied into the window's framebuffer by a blit.
#include "gl_name.h"

namespace flexure::render_detail {

// A rectangle of pixels in OpenGL window coordinates (origin bottom-left), [x0, x1) × [y0, y1).
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool empty() const { return x1 <= x0 || y1 <= y0; }
  long long area() const { return empty() ? 0 : static_cast<long long>(x1 - x0) * (y1 - y0); }
  bool intersects(const PixelRect& o) const { return !empty() && !o.empty() && x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  PixelRect intersection(const PixelRect& o) const;
  // The smallest rectangle holding both.
  PixelRect united(const PixelRect& o) const;
};

class CachedFramebuffer {
 public:
  // Binds the framebuffer for drawing at this size (created or resized as needed; a resize loses
  // the picture). False when no complete framebuffer can be made.
  bool bindForDrawing(int width, int height);
  // Copies `rect` of the picture to the same place in framebuffer `target`, which is bound
  // afterwards.
  void copyTo(GLuint target, const PixelRect& rect) const;
  void copyTo(GLuint target) const { copyTo(target, {0, 0, width_, height_}); }
  GLuint name() const { return framebuffer_.get(); }
  void release();

 private:
  GlFramebuffer framebuffer_;
  GlRenderbuffer color_, depthStencil_;
  int width_ = 0, height_ = 0;
};

}  // namespace flexure::render_detail
