#include "gpu_vertex_layout.h"

namespace flexure::render_detail {

const TriangleMesh& meshWithNormals(const TriangleMesh& source, TriangleMesh& scratch) {
  if (source.normals.size() == source.positions.size()) return source;
  scratch = source;
  scratch.computeVertexNormals();
  return scratch;
}

void appendPositionsAndNormals(const TriangleMesh& mesh, std::vector<float>& vertices) {
  appendPositionsAndNormals(mesh, 0, mesh.positions.size(), vertices);
}

void appendPositionsAndNormals(const TriangleMesh& mesh, std::size_t first, std::size_t count,
                               std::vector<float>& vertices) {
  // Sized once and written in place: a push per float kept the loop from vectorizing.
  const std::size_t start = vertices.size();
  vertices.resize(start + 6 * count);
  float* out = vertices.data() + start;
  for (std::size_t i = first; i < first + count; ++i, out += 6) {
    const Vec3d& p = mesh.positions[i];
    const Vec3d& n = mesh.normals[i];
    out[0] = static_cast<float>(p.x);
    out[1] = static_cast<float>(p.y);
    out[2] = static_cast<float>(p.z);
    out[3] = static_cast<float>(n.x);
    out[4] = static_cast<float>(n.y);
    out[5] = static_cast<float>(n.z);
  }
}

void writeSixFloatRows(GLuint buffer, std::size_t firstRow, const std::vector<float>& vertices) {
  if (vertices.empty()) return;
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferSubData(GL_ARRAY_BUFFER, static_cast<GLintptr>(firstRow * 6 * sizeof(float)),
                  static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data());
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void uploadSixFloatVertices(GLuint buffer, const std::vector<float>& vertices) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(), GL_STATIC_DRAW);
  constexpr GLsizei stride = 6 * sizeof(float);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(3 * sizeof(float)));
}

void drawIndexListThrough(GLuint vertexArray, GLuint indexBuffer, const std::vector<unsigned>& indices,
                          GlBuffer& scratch) {
  if (vertexArray == 0 || indices.empty()) return;
  scratch.ensure();
  glBindVertexArray(vertexArray);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, scratch.get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(unsigned)), indices.data(),
               GL_STREAM_DRAW);
  glDrawElements(GL_TRIANGLES, static_cast<GLsizei>(indices.size()), GL_UNSIGNED_INT, nullptr);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer);  // the vertex array's own again
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
