#pragma once
// The scene graph seen as a transform hierarchy, as glTF needs it (issue 15). Every node of the
// scene becomes one node of the rig, in depth-first order. An operator whose map is
// x ↦ t + R·diag(s)·x (translate, rotate, scale, solid, group) and which has no deforming
// operator above it is a *transform* node: it is written as glTF translation/rotation/scale.
// Everything at or below the highest deforming operator (bend, twist, taper, metaball
// deformation, any operator not known to be affine) is baked into the leaf's vertices, because
// T_rigid(T_bend(x)) cannot be split the other way round. A leaf's mesh is therefore given in the
// space of its nearest transform ancestor:
//   world(x) = T_root ∘ … ∘ T_k (tessellatePathBelow(path, bakedOperators))
// which is exactly tessellatePath(path) since the operators compose leaf to root.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "flexure/core/operator.h"
#include "flexure/core/path.h"
#include "flexure/core/tessellation.h"

namespace flexure {

class Scene;

// T(x) = translation + R(rotation)·diag(scale)·x.
using AffineParts = TrsTransform;  // operator.h

// The parts of an operator that has that form for every parameter value (Operator::isTrs:
// translate, rotate, scale, group, a solid's pose); nothing for any other operator.
std::optional<AffineParts> affinePartsOf(const Operator& op, const ParamAccess<double>& params);
bool isAffineOperator(const Operator& op);

struct RigNode {
  const Node* node = nullptr;
  int parent = -1;         // index in SceneRig::nodes; -1 for the root
  bool transform = false;  // written as TRS (see above); false: identity
  int leaf = -1;           // index in SceneRig::leaves for a primitive
};

struct RigLeaf {
  int node = -1;                    // index in SceneRig::nodes
  std::size_t pathIndex = 0;        // index in Scene::paths() (and in tessellateScene's list)
  std::size_t bakedOperators = 0;   // operators applied to the vertices (leaf side)
};

struct SceneRig {
  std::vector<RigNode> nodes;  // depth first, root first
  std::vector<RigLeaf> leaves;
};

SceneRig buildSceneRig(const Scene& scene);

// The rig at the scene's current Ψ: one transform per node (identity for non-transform nodes)
// and one mesh per leaf in its node's space.
struct RigPose {
  std::vector<AffineParts> transforms;
  std::vector<TriangleMesh> meshes;
};
RigPose poseSceneRig(const SceneRig& rig, const Scene& scene, const TessellationOptions& options = {});

// x mapped by the transforms of `node` and all its ancestors (what a glTF viewer does).
Vec3d rigToWorld(const SceneRig& rig, const std::vector<AffineParts>& transforms, int node, Vec3d x);

}  // namespace flexure
