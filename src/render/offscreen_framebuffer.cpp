#include "offscreen_framebuffer.h"

#include <algorithm>
#include <cstring>

namespace flexure::render_detail {

OffscreenFramebuffer::~OffscreenFramebuffer() { release(); }

void OffscreenFramebuffer::release() {
  if (drawFbo_) glDeleteFramebuffers(1, &drawFbo_);
  if (resolveFbo_) glDeleteFramebuffers(1, &resolveFbo_);
  GLuint buffers[] = {colorBuffer_, depthBuffer_, resolveColorBuffer_};
  for (GLuint b : buffers)
    if (b) glDeleteRenderbuffers(1, &b);
  drawFbo_ = resolveFbo_ = colorBuffer_ = depthBuffer_ = resolveColorBuffer_ = 0;
}

bool OffscreenFramebuffer::create(int width, int height, int samples, std::string& error) {
  release();
  GLint maxSize = 0, maxSamples = 0;
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &maxSize);
  glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
  if (width <= 0 || height <= 0 || width > maxSize || height > maxSize) {
    error = "image size " + std::to_string(width) + "x" + std::to_string(height) + " is outside 1.." +
            std::to_string(maxSize);
    return false;
  }
  width_ = width;
  height_ = height;
  samples_ = std::clamp(samples, 0, static_cast<int>(maxSamples));

  auto makeRenderbuffer = [&](GLenum format, int sampleCount) {
    GLuint rb = 0;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, sampleCount, format, width, height);
    return rb;
  };
  colorBuffer_ = makeRenderbuffer(GL_RGBA8, samples_);
  depthBuffer_ = makeRenderbuffer(GL_DEPTH24_STENCIL8, samples_);
  glGenFramebuffers(1, &drawFbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, drawFbo_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colorBuffer_);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depthBuffer_);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    error = "offscreen framebuffer incomplete";
    release();
    return false;
  }
  if (samples_ > 0) {
    resolveColorBuffer_ = makeRenderbuffer(GL_RGBA8, 0);
    glGenFramebuffers(1, &resolveFbo_);
    glBindFramebuffer(GL_FRAMEBUFFER, resolveFbo_);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, resolveColorBuffer_);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      error = "offscreen resolve framebuffer incomplete";
      release();
      return false;
    }
  }
  glBindFramebuffer(GL_FRAMEBUFFER, drawFbo_);
  return true;
}

RgbaImage OffscreenFramebuffer::read() {
  GLuint readFbo = drawFbo_;
  if (samples_ > 0) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, drawFbo_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFbo_);
    glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    readFbo = resolveFbo_;
  }
  glBindFramebuffer(GL_READ_FRAMEBUFFER, readFbo);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  RgbaImage image;
  image.width = width_;
  image.height = height_;
  image.pixels.resize(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) * 4);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, image.pixels.data());
  // OpenGL's rows start at the bottom; images start at the top.
  const std::size_t rowBytes = static_cast<std::size_t>(width_) * 4;
  std::vector<std::uint8_t> row(rowBytes);
  for (int y = 0; y < height_ / 2; ++y) {
    std::uint8_t* top = image.pixels.data() + static_cast<std::size_t>(y) * rowBytes;
    std::uint8_t* bottom = image.pixels.data() + static_cast<std::size_t>(height_ - 1 - y) * rowBytes;
    std::memcpy(row.data(), top, rowBytes);
    std::memcpy(top, bottom, rowBytes);
    std::memcpy(bottom, row.data(), rowBytes);
  }
  glBindFramebuffer(GL_FRAMEBUFFER, drawFbo_);
  return image;
}

}  // namespace flexure::render_detail
