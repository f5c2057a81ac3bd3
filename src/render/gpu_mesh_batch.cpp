#include "gpu_mesh_batch.h"

#include <type_traits>

namespace flexure::render_detail {

// Moves come from the GL names (defaulted): noexcept, so vectors of them move on growth; copies
// would share names and delete them twice.
static_assert(std::is_nothrow_move_constructible_v<GpuMeshBatch> && std::is_nothrow_move_assignable_v<GpuMeshBatch>);
static_assert(!std::is_copy_constructible_v<GpuMeshBatch> && !std::is_copy_assignable_v<GpuMeshBatch>);

namespace {

// Position + normal of every vertex, as GpuMesh::upload lays them out.
void appendVertices(const TriangleMesh& mesh, std::vector<float>& vertices) {
  for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
    const Vec3d& p = mesh.positions[i];
    const Vec3d& n = mesh.normals[i];
    vertices.insert(vertices.end(), {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z),
                                     static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z)});
  }
}

}  // namespace

void GpuMeshBatch::upload(const std::vector<TriangleMesh>& meshes, std::size_t first, std::size_t count,
                          const std::vector<BatchStyle>& styles) {
  std::vector<float> vertices;
  std::vector<GLuint> indices;
  vertexCounts_.assign(count, 0);
  indexStarts_.assign(count + 1, 0);
  GLuint base = 0;
  for (std::size_t m = 0; m < count; ++m) {
    const TriangleMesh& source = meshes[first + m];
    const TriangleMesh* mesh = &source;
    TriangleMesh withNormals;
    if (source.normals.size() != source.positions.size()) {
      withNormals = source;
      withNormals.computeVertexNormals();
      mesh = &withNormals;
    }
    appendVertices(*mesh, vertices);
    indexStarts_[m] = static_cast<GLsizei>(indices.size());
    for (const auto& t : mesh->triangles)
      for (int k : t) indices.push_back(base + static_cast<GLuint>(k));
    vertexCounts_[m] = static_cast<GLsizei>(mesh->positions.size());
    base += static_cast<GLuint>(mesh->positions.size());
  }
  indexStarts_[count] = static_cast<GLsizei>(indices.size());

  vao_.ensure();
  vertexBuffer_.ensure();
  styleBuffer_.ensure();
  indexBuffer_.ensure();
  glBindVertexArray(vao_.get());
  glBindBuffer(GL_ARRAY_BUFFER, vertexBuffer_.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(vertices.size() * sizeof(float)), vertices.data(), GL_STATIC_DRAW);
  constexpr GLsizei stride = 6 * sizeof(float);
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, nullptr);
  glEnableVertexAttribArray(1);
  glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, reinterpret_cast<const void*>(3 * sizeof(float)));
  glBindBuffer(GL_ARRAY_BUFFER, styleBuffer_.get());
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(base * sizeof(BatchStyle)), nullptr, GL_DYNAMIC_DRAW);
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(BatchStyle), nullptr);
  glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, indexBuffer_.get());
  glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLuint)), indices.data(),
               GL_STATIC_DRAW);
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  setStyles(styles);
}

void GpuMeshBatch::setStyles(const std::vector<BatchStyle>& styles) {
  if (!vao_) return;
  std::vector<BatchStyle> perVertex;
  for (std::size_t m = 0; m < vertexCounts_.size(); ++m)
    perVertex.insert(perVertex.end(), static_cast<std::size_t>(vertexCounts_[m]),
                     m < styles.size() ? styles[m] : BatchStyle{});
  glBindBuffer(GL_ARRAY_BUFFER, styleBuffer_.get());
  glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(perVertex.size() * sizeof(BatchStyle)), perVertex.data());
  glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void GpuMeshBatch::draw() const {
  if (!vao_ || indexStarts_.empty() || indexStarts_.back() == 0) return;
  glBindVertexArray(vao_.get());
  glDrawElements(GL_TRIANGLES, indexStarts_.back(), GL_UNSIGNED_INT, nullptr);
  glBindVertexArray(0);
}

void GpuMeshBatch::drawMesh(std::size_t index) const {
  if (!vao_ || index >= vertexCounts_.size()) return;
  const GLsizei count = indexStarts_[index + 1] - indexStarts_[index];
  if (count == 0) return;
  glBindVertexArray(vao_.get());
  glDrawElements(GL_TRIANGLES, count, GL_UNSIGNED_INT,
                 reinterpret_cast<const void*>(static_cast<std::size_t>(indexStarts_[index]) * sizeof(GLuint)));
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
