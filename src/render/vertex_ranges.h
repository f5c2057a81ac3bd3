#pragma once
// Ranges of a mesh's vertices: what a frame changed, as consecutive rows of the vertex buffer.
// A metaball dragged over a large sheet moves the vertices inside its influence volume only (the
// deformer skips the runs outside every volume and writes the very same values there), so the
// next frame needs those rows sent to the GPU again, not the whole buffer.
#include <cstddef>
#include <vector>

namespace flexure::render_detail {

// Vertices [first, first + count).
struct VertexRange {
  std::size_t first = 0;
  std::size_t count = 0;
  std::size_t end() const { return first + count; }
};

// The runs of the vertices listed (ascending), in order; runs separated by fewer than `joinGap`
// unlisted vertices are joined (one glBufferSubData call and a few rows sent again are cheaper
// than two calls).
std::vector<VertexRange> rangesOf(const std::vector<int>& vertices, std::size_t joinGap);
// The same for the vertices whose flag is set.
std::vector<VertexRange> flaggedRanges(const std::vector<char>& flags, std::size_t joinGap);

// Which rows of a mesh's vertex buffer differ between two versions of it (changedRegions):
// `known` when both have the same triangles and a normal per vertex, so that the vertices of
// `ranges` are all that differ (and `triangles` the triangles they move); otherwise the whole
// mesh must go again.
struct ChangedVertices {
  bool known = false;
  std::vector<VertexRange> ranges;
  std::vector<int> triangles;  // the triangles using a vertex that differs, ascending
};

}  // namespace flexure::render_detail
