#include "backdrop_cache.h"

namespace flexure::render_detail {

bool BackdropCache::beginDrawing(int width, int height) {
  valid_ = false;
  if (!framebuffer_ || width != width_ || height != height_) {
    framebuffer_.ensure();
    color_.ensure();
    depthStencil_.ensure();
    glBindRenderbuffer(GL_RENDERBUFFER, color_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, depthStencil_.get());
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
    glBindRenderbuffer(GL_RENDERBUFFER, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color_.get());
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depthStencil_.get());
    width_ = width;
    height_ = height;
  }
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.get());
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    release();
    return false;
  }
  return true;
}

void BackdropCache::finishDrawing(const BackdropKey& key) {
  key_ = key;
  valid_ = true;
}

void BackdropCache::copyTo(GLuint target) const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_.get());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target);
  glBlitFramebuffer(0, 0, width_, height_, 0, 0, width_, height_, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, target);
}

void BackdropCache::release() {
  framebuffer_.reset();
  color_.reset();
  depthStencil_.reset();
  width_ = height_ = 0;
  valid_ = false;
}

bool takesBackdrop(GLuint target) {
  glBindFramebuffer(GL_FRAMEBUFFER, target);
  GLint sampleBuffers = 0;
  glGetIntegerv(GL_SAMPLE_BUFFERS, &sampleBuffers);
  if (sampleBuffers != 0) return false;
  // The default framebuffer names its stencil GL_STENCIL, a framebuffer object its attachment.
  GLint type = GL_NONE;
  const GLenum attachment = target == 0 ? GL_STENCIL : GL_STENCIL_ATTACHMENT;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &type);
  if (type == GL_NONE) return false;
  GLint bits = 0;
  glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &bits);
  return bits > 0;
}

}  // namespace flexure::render_detail
