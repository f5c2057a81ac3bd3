#pragma once
// One OpenGL object name (a buffer, a vertex array) owned the way std::unique_ptr owns memory:
// move-only, deleted with its kind's glDelete* when the owner goes, 0 while there is none. The
// classes that hold GPU data (GpuMesh, GpuMeshBatch, GpuLines) then default their moves and
// destructors. Creating and deleting need the owning context current, as every GL call does.
#include <utility>

#include "gl_api.h"

namespace flexure::render_detail {

template <void (*Generate)(GLsizei, GLuint*), void (*Delete)(GLsizei, const GLuint*)>
class GlName {
 public:
  GlName() = default;
  ~GlName() { reset(); }
  GlName(GlName&& other) noexcept : name_(std::exchange(other.name_, 0)) {}
  GlName& operator=(GlName&& other) noexcept {
    if (this != &other) {
      reset();
      name_ = std::exchange(other.name_, 0);
    }
    return *this;
  }
  GlName(const GlName&) = delete;
  GlName& operator=(const GlName&) = delete;

  // Generates a name unless one is held already (uploads reuse their buffers).
  void ensure() {
    if (name_ == 0) Generate(1, &name_);
  }
  // Deletes the name, if any.
  void reset() {
    if (name_ != 0) Delete(1, &name_);
    name_ = 0;
  }
  GLuint get() const { return name_; }
  explicit operator bool() const { return name_ != 0; }

 private:
  GLuint name_ = 0;
};

using GlBuffer = GlName<glGenBuffers, glDeleteBuffers>;
using GlVertexArray = GlName<glGenVertexArrays, glDeleteVertexArrays>;
using GlFramebuffer = GlName<glGenFramebuffers, glDeleteFramebuffers>;
using GlRenderbuffer = GlName<glGenRenderbuffers, glDeleteRenderbuffers>;

}  // namespace flexure::render_detail
