#pragma once
// A framebuffer object to draw into without a window: multisampled colour + depth renderbuffers
// when the implementation offers samples, resolved into a single-sample one for reading back.
#include <string>

#include "flexure/render/rgba_image.h"
#include "gl_api.h"

namespace flexure::render_detail {

class OffscreenFramebuffer {
 public:
  OffscreenFramebuffer() = default;
  ~OffscreenFramebuffer();
  OffscreenFramebuffer(const OffscreenFramebuffer&) = delete;
  OffscreenFramebuffer& operator=(const OffscreenFramebuffer&) = delete;

  // Creates the buffers and binds the drawing framebuffer. `samples` is an upper limit.
  bool create(int width, int height, int samples, std::string& error);
  int samples() const { return samples_; }
  // Resolves the multisampled picture and reads it back, rows top to bottom.
  RgbaImage read();

 private:
  void release();
  int width_ = 0, height_ = 0, samples_ = 0;
  GLuint drawFbo_ = 0, resolveFbo_ = 0;
  GLuint colorBuffer_ = 0, depthBuffer_ = 0, resolveColorBuffer_ = 0;
};

}  // namespace flexure::render_detail
