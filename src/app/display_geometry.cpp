#include "display_geometry.h"

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

DisplayGeometry assembleDisplayGeometry(const Scene& scene, std::vector<TriangleMesh> sceneMeshes) {
  DisplayGeometry geometry;
  geometry.meshes = std::move(sceneMeshes);
  geometry.sceneMeshCount = geometry.meshes.size();
  for (const TriangleMesh& mesh : geometry.meshes) geometry.triangleCount += mesh.triangleCount();
  geometry.styles = paletteStyles(geometry.meshes.size());
  geometry.handles = metaballHandles(scene);
  for (const MetaballHandle& handle : geometry.handles) {
    TriangleMesh sphere = makeSphereMesh(handle.world, handle.radius, 16);
    sphere.name = handle.deformer;
    geometry.meshes.push_back(std::move(sphere));
    geometry.styles.push_back(MeshStyle{kHandleColor, false});
  }
  return geometry;
}

DisplayGeometry buildDisplayGeometry(const Scene& scene) { return assembleDisplayGeometry(scene, tessellateScene(scene)); }

}  // namespace flexure::app
