#include "vertex_ranges.h"

#include <algorithm>

namespace flexure::render_detail {

std::vector<VertexRange> rangesOf(const std::vector<int>& vertices, std::size_t joinGap) {
  std::vector<VertexRange> ranges;
  for (std::size_t k = 0; k < vertices.size();) {
    const auto v = static_cast<std::size_t>(vertices[k]);
    std::size_t end = v + 1;
    for (++k; k < vertices.size() && static_cast<std::size_t>(vertices[k]) <= end; ++k)
      end = std::max(end, static_cast<std::size_t>(vertices[k]) + 1);
    if (!ranges.empty() && v - ranges.back().end() < joinGap) ranges.back().count = end - ranges.back().first;
    else ranges.push_back({v, end - v});
  }
  return ranges;
}

std::vector<VertexRange> flaggedRanges(const std::vector<char>& flags, std::size_t joinGap) {
  std::vector<int> set;
  for (std::size_t v = 0; v < flags.size(); ++v)
    if (flags[v]) set.push_back(static_cast<int>(v));
  return rangesOf(set, joinGap);
}

}  // namespace flexure::render_detail
