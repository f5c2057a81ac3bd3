#pragma once
// Small helpers for building example scenes in code (benchmarks, tests): chains of operators
// over a primitive, parameters set by slot name.
#include <initializer_list>
#include <memory>
#include <string>

#include "flexure/core/scene.h"
#include "flexure/core/vec.h"

namespace flexure {

// Adds `node` under `parent` (root when null) with the given name; returns it.
Node& addNamed(Scene& scene, std::unique_ptr<Node> node, const std::string& name, Node* parent = nullptr);
// Sets "<node>.<slot>" (throws std::invalid_argument if missing), optionally freezing it.
void setParam(Scene& scene, const Node& node, const std::string& slot, double value, bool frozen = false);
// Sets a translate's (or solid's) "x", "y", "z" / a rotation's "qw", "qx", "qy", "qz".
void setVec(Scene& scene, const Node& node, const Vec3d& v, bool frozen = false);
void setQuat(Scene& scene, const Node& node, const Quatd& q, bool frozen = false);
// Freezes every parameter of a node and its sub-tree.
void freezeSubtree(Scene& scene, const Node& node);

}  // namespace flexure
