#include "display_geometry.h"

#include "flexure/core/tessellation.h"

namespace flexure::app {

DisplayGeometry buildDisplayGeometry(const Scene& scene) {
  DisplayGeometry geometry;
  geometry.meshes = tessellateScene(scene);
  geometry.styles = paletteStyles(geometry.meshes.size());
  for (const TriangleMesh& mesh : geometry.meshes) geometry.triangleCount += mesh.triangleCount();
  return geometry;
}

}  // namespace flexure::app
