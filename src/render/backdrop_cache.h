#pragma once
// The frame's backdrop — the background gradient and the ground grid drawn over it alone — kept
// in a framebuffer of its own between frames. While the camera, the viewport's size and the
// grid's layout stay the same (a part dragged, an animation played), each frame copies it in
// instead of shading every pixel of the background and of the grid again; the grid is then
// drawn once more only over the model's pixels, where it may lie in front of the model.
// Under a software rasterizer (llvmpipe) those two full-screen passes were a third to a half of
// the rasterizer's work per frame (issue 17 item 3, docs/performance.md).
#include <vector>

#include "gl_name.h"

namespace flexure::render_detail {

// Everything the backdrop's pixels depend on, as numbers compared exactly.
struct BackdropKey {
  std::vector<double> values;
  bool operator==(const BackdropKey&) const = default;
};

class BackdropCache {
 public:
  // Whether the cached picture was drawn for `key`.
  bool holds(const BackdropKey& key) const { return valid_ && key == key_; }
  // Binds the cache's framebuffer (colour, depth and stencil; created or resized as needed) for
  // drawing a new backdrop into it. False when no framebuffer can be made (then draw directly).
  bool beginDrawing(int width, int height);
  // The backdrop just drawn is the one for `key`.
  void finishDrawing(const BackdropKey& key);
  // Copies the cached picture into framebuffer `target` (bound for drawing afterwards).
  void copyTo(GLuint target) const;
  void release();

 private:
  GlFramebuffer framebuffer_;
  GlRenderbuffer color_, depthStencil_;
  int width_ = 0, height_ = 0;
  BackdropKey key_;
  bool valid_ = false;
};

// Whether framebuffer `target` (0: the default one) can take a copied backdrop: single-sampled
// (a blit into a multisampled framebuffer is not allowed) and with a stencil buffer (which marks
// the model's pixels for the second grid pass).
bool takesBackdrop(GLuint target);

}  // namespace flexure::render_detail
