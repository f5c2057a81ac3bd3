#include "flexure/core/vertex_triangles.h"

#include <algorithm>

namespace flexure {

VertexTriangles::VertexTriangles(const TriangleMesh& mesh)
    : first_(mesh.positions.size() + 1, 0), seen_(mesh.triangles.size(), 0) {
  for (const auto& t : mesh.triangles)
    for (int v : t) ++first_[static_cast<std::size_t>(v) + 1];
  for (std::size_t v = 1; v < first_.size(); ++v) first_[v] += first_[v - 1];
  triangles_.resize(static_cast<std::size_t>(first_.back()));
  std::vector<int> next(first_.begin(), first_.end() - 1);
  for (std::size_t k = 0; k < mesh.triangles.size(); ++k)
    for (int v : mesh.triangles[k]) triangles_[static_cast<std::size_t>(next[static_cast<std::size_t>(v)]++)] = static_cast<int>(k);
}

std::vector<int> VertexTriangles::around(const std::vector<int>& vertices) const {
  // Flag the triangles, then read the flags in order between the first and the last flagged:
  // ascending without a sort (a grid's vertices in order give their triangles nearly in order,
  // but rows above and below interleave them).
  std::size_t lo = seen_.size(), hi = 0;
  for (int v : vertices) {
    if (v < 0 || static_cast<std::size_t>(v) + 1 >= first_.size()) continue;
    for (int k = first_[static_cast<std::size_t>(v)]; k < first_[static_cast<std::size_t>(v) + 1]; ++k) {
      const auto t = static_cast<std::size_t>(triangles_[static_cast<std::size_t>(k)]);
      seen_[t] = 1;
      lo = std::min(lo, t);
      hi = std::max(hi, t);
    }
  }
  std::vector<int> out;
  for (std::size_t t = lo; t <= hi && t < seen_.size(); ++t)
    if (seen_[t]) {
      seen_[t] = 0;
      out.push_back(static_cast<int>(t));
    }
  return out;
}

}  // namespace flexure
