#pragma once
// Scene files refer to nodes by name: constraints ("node_a": "pipe1"), nodes that read other
// nodes (a sweep's profile curve) and keyframe tracks ("pipe1.length"). Renaming a node must
// rename those references too, or the document would no longer load after saving.
#include <string>

namespace flexure {
class Scene;
}

namespace flexure::app {

// Rewrites every reference to node `from` into `to`: string fields (visitFields) of the
// constraints and nodes that refer to `from`, and timeline track targets and channels
// "<from>.<slot>". Call after Scene::rename; then Scene::resolveReferences().
void renameReferences(Scene& scene, const std::string& from, const std::string& to);

}  // namespace flexure::app
