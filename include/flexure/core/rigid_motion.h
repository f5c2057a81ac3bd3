#pragma once
// A rigid motion X -> t + R(q) X, and the motion a chain of placement operators applies: what
// moving a node out from under operators (group, ungroup) must put back on top of it to keep
// its world placement.
#include <optional>
#include <string>

#include "flexure/core/vec.h"

namespace flexure {

class Node;
class Scene;

struct RigidMotion {
  Vec3d translation{0.0, 0.0, 0.0};
  Quatd rotation{1.0, 0.0, 0.0, 0.0};  // unit

  bool isIdentity() const {
    return translation.x == 0.0 && translation.y == 0.0 && translation.z == 0.0 && rotation.w == 1.0 &&
           rotation.x == 0.0 && rotation.y == 0.0 && rotation.z == 0.0;
  }
  Vec3d apply(const Vec3d& x) const { return translation + rotate(rotation, x); }
};

// outer ∘ inner: X -> t_o + q_o (t_i + q_i X).
RigidMotion compose(const RigidMotion& outer, const RigidMotion& inner);

// A placement operator: a translate, a rotate, a scale of exactly 1 in every axis, or an
// identity operator (a group). The operators whose transform a node can carry alone.
bool isPlacementOperator(const Scene& scene, const Node& node);

// The motion of the operators above `node` up to, not including, its ancestor `ancestor`, at
// the scene's Ψ (the identity when `ancestor` is the node's parent), and whether every Ψ entry
// of those operators is frozen. Nothing when one of them is not a placement operator: then
// `blocker` names it.
struct ChainMotion {
  RigidMotion motion;
  bool frozen = true;
};
std::optional<ChainMotion> motionBetween(const Scene& scene, const Node& ancestor, const Node& node, std::string* blocker = nullptr);

}  // namespace flexure
