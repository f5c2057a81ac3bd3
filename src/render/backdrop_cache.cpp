#include "backdrop_cache.h"

namespace flexure::render_detail {

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
