#pragma once
// One triangle mesh in GPU buffers: interleaved float position + normal, 32-bit indices.
#include "flexure/core/triangle_mesh.h"
#include "gl_api.h"

namespace flexure::render_detail {

class GpuMesh {
 public:
  GpuMesh() = default;
  ~GpuMesh();
  GpuMesh(GpuMesh&& other) noexcept;
  GpuMesh& operator=(GpuMesh&& other) noexcept;
  GpuMesh(const GpuMesh&) = delete;
  GpuMesh& operator=(const GpuMesh&) = delete;

  // Uploads the mesh; computes area-weighted normals when it has none.
  void upload(const TriangleMesh& mesh);
  void draw() const;
  void release();

 private:
  GLuint vao_ = 0, vertexBuffer_ = 0, indexBuffer_ = 0;
  GLsizei indexCount_ = 0;
};

}  // namespace flexure::render_detail
