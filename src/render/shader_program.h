#pragma once
// A linked GLSL program and the few uniform setters the renderer needs.
#include <string>

#include <glm/glm.hpp>

#include "gl_api.h"

namespace flexure::render_detail {

class ShaderProgram {
 public:
  ShaderProgram() = default;
  ~ShaderProgram();
  ShaderProgram(const ShaderProgram&) = delete;
  ShaderProgram& operator=(const ShaderProgram&) = delete;

  // Compiles and links; `geometrySource` may be null. On failure returns false with the log.
  bool build(const char* name, const char* vertexSource, const char* geometrySource, const char* fragmentSource,
             std::string& error);
  void release();
  void use() const { glUseProgram(program_); }
  bool isValid() const { return program_ != 0; }

  void set(const char* uniform, float v) const;
  void set(const char* uniform, int v) const;
  void set(const char* uniform, const glm::vec2& v) const;
  void set(const char* uniform, const glm::vec3& v) const;
  void set(const char* uniform, const glm::mat3& m) const;
  void set(const char* uniform, const glm::mat4& m) const;

 private:
  GLint location(const char* uniform) const { return glGetUniformLocation(program_, uniform); }
  GLuint program_ = 0;
};

}  // namespace flexure::render_detail
