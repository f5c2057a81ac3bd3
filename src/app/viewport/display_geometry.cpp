#include "viewport/display_geometry.h"

#include <algorithm>

#include "flexure/core/tessellation.h"
#include "flexure/render/glyph_meshes.h"
#include "flexure/session/part_drag_registry.h"

namespace flexure::app {
namespace {

constexpr ColorRgb kHandleColor{1.0f, 0.55f, 0.1f};

}  // namespace

// The handles the techniques register (session::PartDragRegistry; today the metaball
// deformers' handles, deform/interaction/metaball_part_drag.cpp).
std::vector<MetaballHandle> metaballHandles(const Scene& scene) {
  std::vector<MetaballHandle> handles;
  for (session::DragHandle& h : session::PartDragRegistry::instance().handles(scene))
    handles.push_back(MetaballHandle{std::move(h.node), h.index, h.world, h.radius});
  return handles;
}

const SharedMeshes& noMeshes() {
  static const SharedMeshes empty = std::make_shared<const std::vector<TriangleMesh>>();
  return empty;
}

void appendMetaballHandleSpheres(const Scene& scene, std::vector<TriangleMesh>& meshes) {
  for (const MetaballHandle& handle : metaballHandles(scene)) {
    TriangleMesh sphere = makeSphereMesh(handle.world, handle.radius, 16);
    sphere.name = handle.deformer;
    meshes.push_back(std::move(sphere));
  }
}

DisplayGeometry assembleDisplayGeometry(const Scene& scene, SharedMeshes meshes, std::size_t sceneMeshCount) {
  if (!meshes) meshes = noMeshes();
  DisplayGeometry geometry;
  geometry.sceneMeshCount = std::min(sceneMeshCount, meshes->size());
  for (std::size_t i = 0; i < geometry.sceneMeshCount; ++i) geometry.triangleCount += (*meshes)[i].triangleCount();
  geometry.styles = paletteStyles(geometry.sceneMeshCount);
  // One style per mesh, whatever the scene says: selection marking walks every mesh.
  geometry.styles.resize(meshes->size(), MeshStyle{kHandleColor, false});
  // The spheres were made from the same structure (frames of an older one are never shown), so
  // the scene's handles name them in order; picking ignores a sphere without one.
  if (meshes->size() > geometry.sceneMeshCount) geometry.handles = metaballHandles(scene);
  geometry.meshes = std::move(meshes);
  return geometry;
}

DisplayGeometry assembleDisplayGeometry(const Scene& scene, std::vector<TriangleMesh> sceneMeshes) {
  const std::size_t sceneMeshCount = sceneMeshes.size();
  appendMetaballHandleSpheres(scene, sceneMeshes);
  return assembleDisplayGeometry(scene, std::make_shared<const std::vector<TriangleMesh>>(std::move(sceneMeshes)),
                                 sceneMeshCount);
}

DisplayGeometry buildDisplayGeometry(const Scene& scene) { return assembleDisplayGeometry(scene, tessellateScene(scene)); }

}  // namespace flexure::app
