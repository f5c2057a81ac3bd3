#pragma once
// Ray picking against displayed meshes: which mesh and triangle lies under a pixel, and where.
// The viewport uses it to select by clicking; issue 7 maps the hit back to (node, u, v).
#include <optional>
#include <vector>

#include <glm/glm.hpp>

#include "flexure/core/camera.h"
#include "flexure/core/triangle_mesh.h"

namespace flexure {

struct PickRay {
  glm::dvec3 origin;
  glm::dvec3 direction;  // unit
};

// The ray through pixel (x right, y down from the top-left corner, in the same pixels as
// width/height) of a viewport of the given size.
PickRay pickRayThroughPixel(const Camera& camera, int width, int height, double x, double y);

struct MeshHit {
  int mesh = -1;
  int triangle = -1;
  double distance = 0.0;      // along the ray
  double b1 = 0.0, b2 = 0.0;  // barycentric weights of the triangle's 2nd and 3rd corner
  glm::dvec3 point{0.0};
};

// The nearest intersection in front of the ray origin (both faces count), if any.
std::optional<MeshHit> pickMeshes(const std::vector<TriangleMesh>& meshes, const PickRay& ray);

}  // namespace flexure
