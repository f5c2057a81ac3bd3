#pragma once
// A small glTF 2.0 reader for the tests, written from the specification and independent of the
// exporter's code: GLB or .gltf + external .bin, accessors (dense, zero-filled, sparse), node
// TRS, morph targets and LINEAR/STEP animation samplers. It evaluates the file at a time the way
// a viewer does: sample every channel, blend each mesh's targets with its weights, and map the
// vertices through the node transforms to world space.
#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace flexure::test {

struct GltfFile {
  nlohmann::json doc;
  std::string bin;

  static GltfFile read(const std::string& path);
  // Accessor `index` as doubles (count × components values), sparse substitution applied.
  std::vector<double> accessor(int index) const;

  struct WorldMesh {
    std::string nodeName;
    std::vector<std::array<double, 3>> positions;  // world space
    std::vector<std::array<double, 3>> normals;    // world space, renormalized
    std::vector<std::array<int, 3>> triangles;
  };
  // Every node with a mesh, in node order, evaluated at `time` (seconds) of animation 0 (no
  // animation: the nodes' own transforms and the meshes' default weights); nodes whose world
  // transform is scaled to zero (hidden) are left out.
  std::vector<WorldMesh> evaluate(double time) const;
};

}  // namespace flexure::test
