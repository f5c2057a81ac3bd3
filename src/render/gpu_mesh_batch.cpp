#include "gpu_mesh_batch.h"

#include <type_traits>

#include "gpu_vertex_layout.h"

namespace flexure::render_detail {

// Moves come from the GL names (defaulted): noexcept, so vectors of them move on growth; copies
// would share names and delete them twice.
static_assert(std::is_nothrow_move_constructible_v<GpuMeshBatch> && std::is_nothrow_move_assignable_v<GpuMeshBatch>);
static_assert(!std::is_copy_constructible_v<GpuMeshBatch> && !std::is_copy_assignable_v<GpuMeshBatch>);

void GpuMeshBatch::upload(const std::vector<TriangleMesh>& meshes, std::size_t first, std::size_t count,
                          const std::vector<BatchStyle>& styles) {
  std::vector<float> vertices;
  std::vector<GLuint> indices;
  vertexCounts_.assign(count, 0);
  indexStarts_.assign(count + 1, 0);
  vertexBases_.assign(count, 0);
  GLuint base = 0;
  for (std::size_t m = 0; m < count; ++m) {
    TriangleMesh scratch;
    const TriangleMesh* mesh = &meshWithNormals(meshes[first + m], scratch);
    appendPositionsAndNormals(*mesh, vertices);
    indexStarts_[m] = static_cast<GLsizei>(indices.size());
    vertexBases_[m] = base;
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
  uploadSixFloatVertices(vertexBuffer_.get(), vertices);
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

void GpuMeshBatch::updateVertices(std::size_t index, const TriangleMesh& mesh, const std::vector<VertexRange>& ranges) {
  if (!vao_ || index >= vertexCounts_.size()) return;
  for (const VertexRange& range : ranges) {
    if (range.end() > static_cast<std::size_t>(vertexCounts_[index])) continue;  // not this mesh's
    rowScratch_.clear();
    appendPositionsAndNormals(mesh, range.first, range.count, rowScratch_);
    writeSixFloatRows(vertexBuffer_.get(), vertexBases_[index] + range.first, rowScratch_);
  }
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

void GpuMeshBatch::drawIndexList(const std::vector<unsigned>& indices, GlBuffer& scratch) const {
  drawIndexListThrough(vao_.get(), indexBuffer_.get(), indices, scratch);
}

void GpuMeshBatch::drawTriangles(std::size_t index, int first, int count) const {
  if (!vao_ || index >= vertexCounts_.size() || count <= 0) return;
  const std::size_t start = static_cast<std::size_t>(indexStarts_[index]) + 3 * static_cast<std::size_t>(first);
  glBindVertexArray(vao_.get());
  glDrawElements(GL_TRIANGLES, 3 * count, GL_UNSIGNED_INT, reinterpret_cast<const void*>(start * sizeof(GLuint)));
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
