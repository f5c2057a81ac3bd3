#include "flexure/interchange/scene_rig.h"

#include <map>

#include "flexure/core/operator.h"
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"

namespace flexure {

bool isAffineOperator(const Operator& op) { return op.isTrs(); }

std::optional<AffineParts> affinePartsOf(const Operator& op, const ParamAccess<double>& params) {
  if (!op.isTrs()) return std::nullopt;
  return op.trs(params);
}

SceneRig buildSceneRig(const Scene& scene) {
  SceneRig rig;
  std::map<const Node*, int> indexOf;
  // A node is a transform when it and every operator above it are affine.
  std::vector<bool> allAffineToRoot;
  for (const Node* n : scene.nodes()) {
    RigNode r;
    r.node = n;
    r.parent = n->parent() ? indexOf.at(n->parent()) : -1;
    const bool above = r.parent < 0 || allAffineToRoot[static_cast<std::size_t>(r.parent)];
    const bool affine = n->isOperator() && isAffineOperator(static_cast<const Operator&>(*n));
    r.transform = above && affine;
    allAffineToRoot.push_back(above && (affine || n->isPrimitive()));
    indexOf[n] = static_cast<int>(rig.nodes.size());
    rig.nodes.push_back(r);
  }
  std::size_t pathIndex = 0;
  for (const Path& path : scene.paths()) {
    RigLeaf leaf;
    leaf.node = indexOf.at(path.leaf);
    leaf.pathIndex = pathIndex++;
    // Operators leaf to root; every one that is not a transform node is baked.
    std::size_t baked = 0;
    for (std::size_t k = 0; k < path.operators.size(); ++k)
      if (!rig.nodes[static_cast<std::size_t>(indexOf.at(path.operators[k]))].transform) baked = k + 1;
    leaf.bakedOperators = baked;
    rig.nodes[static_cast<std::size_t>(leaf.node)].leaf = static_cast<int>(rig.leaves.size());
    rig.leaves.push_back(leaf);
  }
  return rig;
}

RigPose poseSceneRig(const SceneRig& rig, const Scene& scene, const TessellationOptions& options) {
  const ValueAccess values(scene.parameters().values());
  RigPose pose;
  pose.transforms.resize(rig.nodes.size());
  for (std::size_t i = 0; i < rig.nodes.size(); ++i) {
    const RigNode& r = rig.nodes[i];
    if (r.transform) pose.transforms[i] = *affinePartsOf(static_cast<const Operator&>(*r.node), values);
  }
  const std::vector<Path> paths = scene.paths();
  pose.meshes.reserve(rig.leaves.size());
  for (const RigLeaf& leaf : rig.leaves)
    pose.meshes.push_back(tessellatePathBelow(paths.at(leaf.pathIndex), values, leaf.bakedOperators, options));
  return pose;
}

Vec3d rigToWorld(const SceneRig& rig, const std::vector<AffineParts>& transforms, int node, Vec3d x) {
  for (int i = node; i >= 0; i = rig.nodes[static_cast<std::size_t>(i)].parent) {
    if (!rig.nodes[static_cast<std::size_t>(i)].transform) continue;
    const AffineParts& t = transforms[static_cast<std::size_t>(i)];
    x = t.translation + rotate(t.rotation, cwiseProduct(t.scale, x));
  }
  return x;
}

}  // namespace flexure
