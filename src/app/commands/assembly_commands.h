#pragma once
// Assembling a model from nothing (issue 19, docs/app.md "Building a model"): the undo steps
// that add a part under its own placement, wrap a node in a new operator and unwrap an
// operator. Each is one undo step (a macro of the outliner's commands, node_commands.h, and a
// SetParametersCommand where values change), so undo gives back exactly what was there.
//
// Placement is ordinary operators: a `translate` above a quaternion `rotate` above the part,
// named <part>-translate and <part>-rotate, so the scene file stays the same language.
#include <QString>
#include <string>

#include "flexure/core/scene.h"
#include "flexure/core/vec.h"

namespace flexure::app {

class SceneDocument;

// Adds a new `type` primitive named after its type under a new translate → rotate pair, with
// the part's origin at the world point `at` (the translate holds it in the parent's frame) and
// the rotate at identity;
// every other parameter keeps the registry's default. Returns the part, or null (and `problem`
// set) when the type cannot be added there.
Node* addPlacedPart(SceneDocument& document, const std::string& type, Node* parent, int position, const Vec3d& at,
                    QString& problem);

// How a new node of `type` is placed where the user looks (issue 19: "the same for solids and
// curves where it applies"):
//   UnderPlacement  a primitive: a new translate → rotate above it (addPlacedPart)
//   OwnPose         an operator that is a pose of its own (isTrs, with slots x, y, z, qw, qx, qy,
//                   qz: a rigid solid): its pose is its placement, its x, y, z go to the point
//   OwnOrigin       a primitive with an origin of its own (a Vec3d field "origin": an MES curve's
//                   plane): the origin goes to the point, the control points stay relative to it
//   None            anything else (a deformer, a translate, a group): added as it is
enum class NewNodePlacement { None, UnderPlacement, OwnPose, OwnOrigin };
NewNodePlacement newNodePlacement(const Node& prototype);

// Adds a new `type` under `parent` at `position`, placed at `at` (world, when `parent` is the
// root) as newNodePlacement says; one undo step. Returns the node (for UnderPlacement the part),
// or null (and `problem` set).
Node* addPlacedNode(SceneDocument& document, const std::string& type, Node* parent, int position, const Vec3d& at,
                    QString& problem);

// Inserts a new `type` operator where `node` is, with `node` as its only child. Returns the
// operator, or null (and `problem` set).
Node* wrapNode(SceneDocument& document, const std::string& type, Node& node, QString& problem);

// Removes the operator `node` and puts its children where it was, keeping their world
// placement as core's Unwrap does (flexure/core/unwrap.h: its values, then the moves and the
// delete as this macro's steps). Returns false (and `problem`: core's unwrapProblem) when
// refused.
bool unwrapNode(SceneDocument& document, Node& node, QString& problem);

}  // namespace flexure::app
