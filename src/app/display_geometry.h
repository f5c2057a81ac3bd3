#pragma once
// What the viewport shows for a scene: one tessellated mesh per leaf-to-root path, with its
// palette colour. (Issue 7 moves this off the GUI thread; the function stays the same.)
#include <vector>

#include "flexure/core/scene.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/scene_renderer.h"

namespace flexure::app {

struct DisplayGeometry {
  std::vector<TriangleMesh> meshes;  // mesh.name is the leaf node's name
  std::vector<MeshStyle> styles;
  long long triangleCount = 0;
};

DisplayGeometry buildDisplayGeometry(const Scene& scene);

}  // namespace flexure::app
