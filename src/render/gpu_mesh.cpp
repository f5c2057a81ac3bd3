#include "gpu_mesh.h"

#include <cstddef>
#include <type_traits>
#include <vector>

#include "gpu_vertex_layout.h"

namespace flexure::render_detail {

// Moves come from the GL names (defaulted): noexcept, so vectors of them move on growth; copies
// would share names and delete them twice.
static_assert(std::is_nothrow_move_constructible_v<GpuMesh> && std::is_nothrow_move_assignable_v<GpuMesh>);
static_assert(!std::is_copy_constructible_v<GpuMesh> && !std::is_copy_assignable_v<GpuMesh>);

void GpuMesh::upload(const TriangleMesh& source) {
  TriangleMesh scratch;
  const TriangleMesh* mesh = &meshWithNormals(source, scratch);
  std::vector<float> vertices;
  vertices.reserve(mesh->positions.size() * 6);
  appendPositionsAndNormals(*mesh, vertices);
  std::vector<GLuint> indices;
  indices.reserve(mesh->triangles.size() * 3);
  for (const auto& t : mesh->triangles)
    for (int k : t) indices.push_back(static_cast<GLuint>(k));

  vao_.ensure();
  vertexBuffer_.ensure();
  indexBuffer_.ensure();
  glBindVertexArray(vao_.get());
  uploadSixFloatVertices(vertexBuffer_.get(), vertices);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_.get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
               GL_STATIC_DRAW);
  glBindVertexArray(0);
  indexCount_ = static_cast<GLsizei>(indices.size());
}

void GpuMesh::draw() const {
  if (!vao_ || indexCount_ == 0) return;
  glBindVertexArray(vao_.get());
  glDrawElements(GL_TRIANGLES, indexCount_, GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

void GpuMesh::drawIndexList(const std::vector<unsigned>& indices, GlBuffer& scratch) const {
  drawIndexListThrough(vao_.get(), indexBuffer_.get(), indices, scratch);
}

void GpuMesh::drawTriangles(int first, int count) const {
  if (!vao_ || count <= 0 || 3 * (first + count) > indexCount_) return;
  glBindVertexArray(vao_.get());
  glDrawElements(GL_TRIANGLES, 3 * count, GL_UNSIGNED_INT,
                 reinterpret_cast<const void*>(3 * static_cast<std::size_t>(first) * sizeof(GLuint)));
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
