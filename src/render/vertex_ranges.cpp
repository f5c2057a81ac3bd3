#include "vertex_ranges.h"

namespace flexure::render_detail {

std::vector<VertexRange> flaggedRanges(const std::vector<char>& flags, std::size_t joinGap) {
  std::vector<VertexRange> ranges;
  const std::size_t n = flags.size();
  for (std::size_t v = 0; v < n;) {
    if (!flags[v]) {
      ++v;
      continue;
    }
    std::size_t end = v + 1;
    while (end < n && flags[end]) ++end;
    if (!ranges.empty() && v - ranges.back().end() < joinGap) ranges.back().count = end - ranges.back().first;
    else ranges.push_back({v, end - v});
    v = end;
  }
  return ranges;
}

std::vector<char> rangeFlags(const std::vector<VertexRange>& ranges, std::size_t vertexCount) {
  std::vector<char> flags(vertexCount, 0);
  for (const VertexRange& r : ranges)
    for (std::size_t v = r.first; v < r.end() && v < vertexCount; ++v) flags[v] = 1;
  return flags;
}

std::size_t rangeVertexCount(const std::vector<VertexRange>& ranges) {
  std::size_t count = 0;
  for (const VertexRange& r : ranges) count += r.count;
  return count;
}

}  // namespace flexure::render_detail
