#pragma once
// The triangles around each vertex of a mesh (compressed rows), for code told which vertices
// moved (mesh_revision.h): the renderer's triangles to redraw, the geometry worker's winding terms
// to compute again, found without visiting the mesh's other triangles. Built once per set of
// triangles and kept while a drag moves only vertices.
#include <vector>

#include "flexure/core/triangle_mesh.h"

namespace flexure {

class VertexTriangles {
 public:
  explicit VertexTriangles(const TriangleMesh& mesh);

  // The triangles using a vertex of `vertices`, each once, ascending.
  std::vector<int> around(const std::vector<int>& vertices) const;

 private:
  std::vector<int> first_;      // vertex v's triangles are triangles_[first_[v], first_[v + 1])
  std::vector<int> triangles_;
  mutable std::vector<char> seen_;  // one flag per triangle, all clear between calls
};

}  // namespace flexure
