#include "gpu_lines.h"

#include <type_traits>

#include "gpu_vertex_layout.h"

namespace flexure::render_detail {

// Moves come from the GL names (defaulted): noexcept, so vectors of them move on growth; copies
// would share names and delete them twice.
static_assert(std::is_nothrow_move_constructible_v<GpuLines> && std::is_nothrow_move_assignable_v<GpuLines>);
static_assert(!std::is_copy_constructible_v<GpuLines> && !std::is_copy_assignable_v<GpuLines>);

void GpuLines::upload(const std::vector<const OverlayPolyline*>& polylines) {
  std::vector<float> vertices;  // x y z r g b per vertex, two vertices per segment
  auto put = [&](const Vec3d& p, const ColorRgb& c) {
    vertices.insert(vertices.end(), {static_cast<float>(p.x), static_cast<float>(p.y), static_cast<float>(p.z), c.r,
                                     c.g, c.b});
  };
  for (const OverlayPolyline* line : polylines) {
    const std::size_t n = line->points.size();
    const std::size_t segments = line->closed && n > 2 ? n : n - 1;
    for (std::size_t i = 0; i < segments; ++i) {
      put(line->points[i], line->color);
      put(line->points[(i + 1) % n], line->color);
    }
  }
  vertexCount_ = static_cast<GLsizei>(vertices.size() / 6);
  if (vertexCount_ == 0) return;
  vao_.ensure();
  buffer_.ensure();
  glBindVertexArray(vao_.get());
  uploadSixFloatVertices(buffer_.get(), vertices);
  glBindVertexArray(0);
}

void GpuLines::draw() const {
  if (!vao_ || vertexCount_ == 0) return;
  glBindVertexArray(vao_.get());
  glDrawArrays(GL_LINES, 0, vertexCount_);
  glBindVertexArray(0);
}

}  // namespace flexure::render_detail
