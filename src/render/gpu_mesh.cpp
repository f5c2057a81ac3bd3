#include "gpu_mesh.h"

#include <type_traits>
#include <vector>

namespace flexure::render_detail {

// Moves come from the GL names (defaulted): noexcept, so vectors of them move on growth; copies
// would share names and delete them twice.
static_assert(std::is_nothrow_move_constructible_v<GpuMesh> && std::is_nothrow_move_assignable_v<GpuMesh>);
static_assert(!std::is_copy_constructible_v<GpuMesh> && !std::is_copy_assignable_v<GpuMesh>);

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

  vao_.ensure();
  vertexBuffer_.ensure();
  indexBuffer_.ensure();
  glBindVertexArray(vao_.get());
  glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer_.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(), GL_STATIC_DRAW);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_.get());
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
  glBindVertexArray(vao_.get());
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
