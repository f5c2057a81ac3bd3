#pragma once
// The frame's backdrop — the background gradient and the ground grid drawn over it alone — kept
// in a framebuffer of its own between frames. While the camera, the viewport's size and the
// grid's layout stay the same (a part dragged, an animation played), each frame copies it in
// instead of shading every pixel of the background and of the grid again; the grid is then
// drawn once more only over the model's pixels, where it may lie in front of the model.
// Under a software rasterizer (llvmpipe) those two full-screen passes were a third to a half of
// the rasterizer's work per frame (issue 17 item 3, docs/performance.md).
#include <vector>

#include "cached_framebuffer.h"

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
  // Binds the cache's framebuffer for drawing a new backdrop into it. False when no framebuffer
  // can be made (then draw directly).
  bool beginDrawing(int width, int height) {
    valid_ = false;
    return framebuffer_.bindForDrawing(width, height);
  }
  // The backdrop just drawn is the one for `key`.
  void finishDrawing(const BackdropKey& key) {
    key_ = key;
    valid_ = true;
  }
  // Copies the cached picture (or `rect` of it) into framebuffer `target`, bound afterwards.
  void copyTo(GLuint target) const { framebuffer_.copyTo(target); }
  void copyTo(GLuint target, const PixelRect& rect) const { framebuffer_.copyTo(target, rect); }
  void release() {
    framebuffer_.release();
    valid_ = false;
  }

 private:
  CachedFramebuffer framebuffer_;
  BackdropKey key_;
  bool valid_ = false;
};

// Whether framebuffer `target` (0: the default one) can take a copied backdrop: single-sampled
// (a blit into a multisampled framebuffer is not allowed) and with a stencil buffer (which marks
// the model's pixels for the second grid pass).
bool takesBackdrop(GLuint target);

}  // namespace flexure::render_detail
