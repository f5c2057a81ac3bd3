#include "gpu_mesh.h"

#include <utility>
#include <vector>

namespace flexure::render_detail {

GpuMesh::~GpuMesh() { release(); }

GpuMesh::GpuMesh(GpuMesh&& other) noexcept { *this = std::move(other); }

GpuMesh& GpuMesh::operator=(GpuMesh&& other) noexcept {
  if (this != &other) {
    release();
    std::swap(vao_, other.vao_);
    std::swap(vertexBuffer_, other.vertexBuffer_);
    std::swap(indexBuffer_, other.indexBuffer_);
    std::swap(indexCount_, other.indexCount_);
  }
  return *this;
}

void GpuMesh::release() {
  if (vao_) glDeleteVertexArrays(1, &vao_);
  if (vertexBuffer_) glDeleteBuffers(1, &vertexBuffer_);
  if (indexBuffer_) glDeleteBuffers(1, &indexBuffer_);
  vao_ = vertexBuffer_ = indexBuffer_ = 0;
  indexCount_ = 0;
}

void GpuMesh::upload(const TriangleMesh& source) {
  const TriangleMesh* mesh = &source;
  TriangleMesh withNormals;
  if (source.normals.size() != source.positions.size()) {
    withNormals = source;
    withNormals.computeVertexNormals();
    mesh = &withNormals;
  }
  std::vector<float> vertices;
  vertices.reserve(mesh->positions.size() * 6);
  for (std::size_t i = 0; i < mesh->positions.size(); ++i) {
    const Vec3d& p = mesh->positions[i];
    const Vec3d& n = mesh->normals[i];
    vertices.insert(vertices.end(), {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z),
                                     static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)});
  }
  std::vector<GLuint> indices;
  indices.reserve(mesh->triangles.size() * 3);
  for (const auto& t : mesh->triangles)
    for (int k : t) indices.push_back(static_cast<GLuint>(k));

  if (!vao_) {
    glGenVertexArrays(1, &vao_);
    glGenBuffers(1, &vertexBuffer_);
    glGenBuffers(1, &indexBuffer_);
  }
  glBindVertexArray(vao_);
  glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_);
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
               GL_STATIC_DRAW);
  constexpr GLsizei stride = 6 * sizeof(float);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(3 * sizeof(float)));
  glBindVertexArray(0);
  indexCount_ = static_cast<GLsizei>(indices.size());
}

void GpuMesh::draw() const {
  if (!vao_ || indexCount_ == 0) return;
  glBindVertexArray(vao_);
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
