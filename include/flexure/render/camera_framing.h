#pragma once
// Choosing a camera that shows the model: "frame all", "frame selected" and the fallback used
// when a scene file's camera looks past everything.
#include <vector>

#include "flexure/core/camera.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/core/vec.h"

namespace flexure {

// Keeps the camera's view direction, up vector and projection and moves it so that the sphere
// around `bounds` fits the view of the given aspect with a small margin. An empty box keeps
// the camera as it is.
Camera frameBounds(const Camera& camera, const Bounds3& bounds, double aspect);

// Bounds of every vertex of every mesh.
Bounds3 meshBounds(const std::vector<TriangleMesh>& meshes);

// True when at least one mesh vertex lies inside the camera's view volume.
bool cameraSeesAnyVertex(const Camera& camera, const std::vector<TriangleMesh>& meshes, double aspect);

// The camera to show `meshes` with: `camera` itself when it sees any of them, otherwise the
// same camera framed on all of them.
Camera cameraShowingMeshes(const Camera& camera, const std::vector<TriangleMesh>& meshes, double aspect);

}  // namespace flexure
