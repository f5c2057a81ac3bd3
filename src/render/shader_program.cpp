#include "shader_program.h"

#include <algorithm>
#include <glm/gtc/type_ptr.hpp>
#include <vector>

namespace flexure::render_detail {
namespace {

std::string shaderLog(GLuint shader) {
  GLint length = 0;
  glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
  std::vector<char> log(static_cast<std::size_t>(std::max(length, 1)));
  glGetShaderInfoLog(shader, length, nullptr, log.data());
  return std::string(log.data());
}

GLuint compile(GLenum stage, const char* source, const std::string& what, std::string& error) {
  const GLuint shader = glCreateShader(stage);
  glShaderSource(shader, 1, &source, nullptr);
  glCompileShader(shader);
  GLint ok = GL_FALSE;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (ok != GL_TRUE) {
    error = what + " shader failed to compile: " + shaderLog(shader);
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

ShaderProgram::~ShaderProgram() { release(); }

void ShaderProgram::release() {
  if (program_ != 0) glDeleteProgram(program_);
  program_ = 0;
}

bool ShaderProgram::build(const char* name, const char* vertexSource, const char* geometrySource,
                          const char* fragmentSource, std::string& error) {
  release();
  const std::string prefix(name);
  GLuint stages[3] = {compile(GL_VERTEX_SHADER, vertexSource, prefix + " vertex", error), 0, 0};
  if (stages[0] == 0) return false;
  if (geometrySource) {
    stages[1] = compile(GL_GEOMETRY_SHADER, geometrySource, prefix + " geometry", error);
    if (stages[1] == 0) { glDeleteShader(stages[0]); return false; }
  }
  stages[2] = compile(GL_FRAGMENT_SHADER, fragmentSource, prefix + " fragment", error);
  if (stages[2] == 0) {
    for (GLuint s : stages) if (s) glDeleteShader(s);
    return false;
  }
  program_ = glCreateProgram();
  for (GLuint s : stages) if (s) glAttachShader(program_, s);
  glLinkProgram(program_);
  for (GLuint s : stages) if (s) glDeleteShader(s);
  GLint ok = GL_FALSE;
  glGetProgramiv(program_, GL_LINK_STATUS, &ok);
  if (ok != GL_TRUE) {
    GLint length = 0;
    glGetProgramiv(program_, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(std::max(length, 1)));
    glGetProgramInfoLog(program_, length, nullptr, log.data());
    error = prefix + " program failed to link: " + std::string(log.data());
    release();
    return false;
  }
  return true;
}

void ShaderProgram::set(const char* uniform, float v) const { glUniform1f(location(uniform), v); }
void ShaderProgram::set(const char* uniform, int v) const { glUniform1i(location(uniform), v); }
void ShaderProgram::set(const char* uniform, const glm::vec2& v) const { glUniform2fv(location(uniform), 1, glm::value_ptr(v)); }
void ShaderProgram::set(const char* uniform, const glm::vec3& v) const { glUniform3fv(location(uniform), 1, glm::value_ptr(v)); }
void ShaderProgram::set(const char* uniform, const glm::mat3& m) const {
  glUniformMatrix3fv(location(uniform), 1, GL_FALSE, glm::value_ptr(m));
}
void ShaderProgram::set(const char* uniform, const glm::mat4& m) const {
  glUniformMatrix4fv(location(uniform), 1, GL_FALSE, glm::value_ptr(m));
}

}  // namespace flexure::render_detail
