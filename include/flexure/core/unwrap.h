#pragma once
// Unwrap (issue 19): removing an operator and putting its children where it was. A rigid
// operator keeps its children's world placement by composing its transform into them:
//   translate t  into every child that is a translate (c + t), or into the parent translate
//                when the operator is its only child (p + t);
//   rotate q     into every child that is a rotate (q·c), or into the parent rotate when the
//                operator is its only child (p·q);
// a rigid operator that is the identity needs neither. Any other rigid operator (a scale, a
// solid's pose, or a transform nothing can absorb) is refused: unwrapping it would move its
// children, and Unwrap adds no operators (ungroup does, grouping.h). Non-rigid operators
// (deformers, groups) are removed as they are: that is what unwrapping a deformer means.
// The window pushes the values and the moves as its own undo commands; scripts call unwrapNode.
#include <map>
#include <string>

namespace flexure {

class Node;
class Scene;

// Operators whose transform is rigid or a pose (translate, rotate, scale, a solid): those for
// which Operator::isTrs() holds and that are not the identity.
bool isRigidOperator(const Node& node);

// Why `node` cannot be unwrapped, or an empty string when it can.
std::string unwrapProblem(const Scene& scene, const Node& node);

// The Ψ entries (index -> new value, indices of the scene as it is) that keep the children's
// world placement once `node` is gone; empty when nothing needs to change. Only meaningful when
// unwrapProblem is empty.
std::map<int, double> unwrapValues(const Scene& scene, const Node& node);

// Unwraps `node`: the values above, its children moved to its place, the node removed (with
// its keyframe tracks). Throws std::invalid_argument with unwrapProblem's text, changing nothing.
void unwrapNode(Scene& scene, Node& node);

}  // namespace flexure
