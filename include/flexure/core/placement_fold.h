#pragma once
// Putting a rigid motion on top of a node, so that after a structural edit (group, ungroup) its
// sub-tree lies in the world where it lay before. The motion goes into the node's own placement
// when it has one, the way Unwrap composes transforms (unwrap.h), and into new placement
// operators above it otherwise:
//   a translate c whose only child is a rotate d      c <- t + q·c, d <- q·d
//   a translate c (motion without rotation)           c <- t + c
//   a rotate d (motion without translation)           d <- q·d
//   a rotate d                                        d <- q·d, under a new translate t
//   anything else                                     under a new translate t and rotate q
// (a new operator only for a part of the motion that is not the identity). New operators are
// named "<node>-translate" and "<node>-rotate", made unique the Blender way, and their Ψ entries
// are frozen when `freezeNew` is set (the placement they take over was frozen), so a fixed part
// does not gain freedom from being grouped.
#include <string>
#include <vector>

#include "flexure/core/rigid_motion.h"

namespace flexure {

class Node;
class Scene;

// Returns the names of the operators it added (empty when the node's placement took it all).
std::vector<std::string> applyRigidMotion(Scene& scene, Node& node, const RigidMotion& motion, bool freezeNew);

}  // namespace flexure
