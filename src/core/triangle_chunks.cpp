// Runs of consecutive triangles with their bounds (triangle_chunks.h).
#include "flexure/core/triangle_chunks.h"

#include <algorithm>

namespace flexure {

std::vector<TriangleChunk> triangleChunks(const TriangleMesh& mesh, int trianglesPerChunk) {
  std::vector<TriangleChunk> chunks;
  const int count = mesh.triangleCount();
  for (int first = 0; first < count; first += trianglesPerChunk) {
    TriangleChunk chunk;
    chunk.firstTriangle = first;
    chunk.triangleCount = std::min(trianglesPerChunk, count - first);
    for (int t = first; t < first + chunk.triangleCount; ++t)
      for (int k : mesh.triangles[static_cast<std::size_t>(t)]) chunk.box.extend(mesh.positions[static_cast<std::size_t>(k)]);
    chunks.push_back(chunk);
  }
  return chunks;
}

void updateTriangleChunks(const TriangleMesh& mesh, const std::vector<int>& changedTriangles,
                          std::vector<TriangleChunk>& chunks) {
  // Chunks lie in triangle order: walk them along the ascending list.
  std::size_t c = 0;
  for (std::size_t i = 0; i < changedTriangles.size();) {
    const int t = changedTriangles[i];
    while (c < chunks.size() && chunks[c].firstTriangle + chunks[c].triangleCount <= t) ++c;
    if (c == chunks.size()) return;
    TriangleChunk& chunk = chunks[c];
    chunk.box = Bounds3{};
    for (int k = chunk.firstTriangle; k < chunk.firstTriangle + chunk.triangleCount; ++k)
      for (int v : mesh.triangles[static_cast<std::size_t>(k)]) chunk.box.extend(mesh.positions[static_cast<std::size_t>(v)]);
    while (i < changedTriangles.size() && changedTriangles[i] < chunk.firstTriangle + chunk.triangleCount) ++i;
  }
}

}  // namespace flexure
