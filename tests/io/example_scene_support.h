#pragma once
// What the fragment, grouping and removal tests share: the example scenes and what the user sees
// of a scene (every leaf's world vertices; shared/world_picture.h measures how far two lie apart).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "flexure/anim/track.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "shared/world_picture.h"

namespace flexure::iotest {

using flexure::world_picture::largestMove;

inline std::unique_ptr<Scene> loadExample(const std::string& name) {
  registerAllModules();
  return loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name);
}

// Every tessellated vertex of every leaf, in world space, by leaf name.
inline std::map<std::string, std::vector<Vec3d>> worldVertices(const Scene& scene) {
  std::map<std::string, std::vector<Vec3d>> out;
  TessellationOptions options;
  options.resolution = 8;
  for (const TriangleMesh& mesh : tessellateScene(scene, options)) out[mesh.name] = mesh.positions;
  return out;
}

inline double value(const Scene& scene, const std::string& qualified) {
  const int i = scene.parameters().find(qualified);
  REQUIRE(i >= 0);
  return scene.parameters().value(i);
}

inline const Constraint* constraintNamed(const Scene& scene, const std::string& name) {
  for (const auto& c : scene.constraints)
    if (c->name == name) return c.get();
  return nullptr;
}

// A linear key of a scalar track.
inline Keyframe keyframeAt(double time, double value) {
  Keyframe key;
  key.time = time;
  key.value = value;
  return key;
}

}  // namespace flexure::iotest
