#include "viewport/display_geometry.h"

#include <algorithm>

#include "flexure/core/operator.h"
#include "flexure/core/param_access.h"
#include "flexure/core/tessellation.h"
#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/render/glyph_meshes.h"

namespace flexure::app {
namespace {

constexpr ColorRgb kHandleColor{1.0f, 0.55f, 0.1f};
constexpr double kHandleRadiusFraction = 0.18;  // of the metaball's effective radius
constexpr double kMinHandleRadius = 0.02;

// x in the deformer's input space mapped through every operator above the deformer.
Vec3d throughAncestors(const Node& deformer, const ParamAccess<double>& params, Vec3d x) {
  for (const Node* n = deformer.parent(); n != nullptr; n = n->parent())
    if (const auto* op = dynamic_cast<const Operator*>(n); op != nullptr && !op->isIdentity()) x = op->apply(params, x);
  return x;
}

}  // namespace

std::vector<MetaballHandle> metaballHandles(const Scene& scene) {
  std::vector<MetaballHandle> handles;
  const ParameterTable& psi = scene.parameters();
  const ValueAccess access(psi.values());
  for (const Node* node : scene.nodes()) {
    // The type name first: a failed dynamic_cast per node cost ~1 ms a frame on 10,000 nodes.
    if (node->type() != deform::MetaballDeformOperator::kType) continue;
    const auto* deformer = dynamic_cast<const deform::MetaballDeformOperator*>(node);
    if (deformer == nullptr) continue;
    for (int i = 0; i < static_cast<int>(deformer->metaballs().size()); ++i) {
      const auto slot = [&](const char* name) {
        const int index = deformer->paramIndexOf(i, name);
        return index >= 0 ? psi.value(index) : 0.0;
      };
      const Vec3d local = deformer->metaballs()[static_cast<std::size_t>(i)].pivot() +
                          Vec3d(slot("dx"), slot("dy"), slot("dz"));
      MetaballHandle handle;
      handle.deformer = deformer->name();
      handle.metaball = i;
      handle.world = throughAncestors(*deformer, access, local);
      handle.radius = std::max(kMinHandleRadius, kHandleRadiusFraction * slot("radius"));
      handles.push_back(std::move(handle));
    }
  }
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
