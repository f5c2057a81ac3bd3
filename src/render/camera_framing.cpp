#include "flexure/render/camera_framing.h"

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>

#include "flexure/render/camera_matrices.h"

namespace flexure {

Camera frameBounds(const Camera& camera, const Bounds3& bounds, double aspect) {
  if (bounds.empty()) return camera;
  Camera framed = camera;
  const glm::dvec3 center = toGlm(bounds.center());
  const double radius = std::max(0.5 * glm::length(toGlm(bounds.extent())), 1e-6);
  glm::dvec3 viewDir = toGlm(camera.target) - toGlm(camera.eye);
  if (glm::length(viewDir) < 1e-12) viewDir = {0.0, 1.0, 0.0};
  viewDir = glm::normalize(viewDir);

  constexpr double kMargin = 1.08;  // a little air around the model
  const double halfFovY = glm::radians(camera.fovYDegrees) * 0.5;
  // The narrower of the two half angles decides (portrait windows are limited by width).
  const double halfFov = std::min(halfFovY, std::atan(std::tan(halfFovY) * aspect));
  const double distance = kMargin * radius / std::sin(halfFov);
  framed.target = fromGlm(center);
  framed.eye = fromGlm(center - viewDir * distance);
  framed.orthoHeight = 2.0 * kMargin * radius / std::min(1.0, aspect);
  // Keep the whole sphere between the clip planes whatever the scene's scale.
  framed.nearPlane = std::min(camera.nearPlane, std::max(1e-4, 0.01 * (distance - radius)));
  framed.farPlane = std::max(camera.farPlane, 4.0 * (distance + radius));
  return framed;
}

Bounds3 meshBounds(const std::vector<TriangleMesh>& meshes) {
  Bounds3 bounds;
  for (const TriangleMesh& mesh : meshes) bounds.extend(mesh.bounds());
  return bounds;
}

bool cameraSeesAnyVertex(const Camera& camera, const std::vector<TriangleMesh>& meshes, double aspect) {
  const glm::dmat4 viewProjection = projectionMatrix(camera, aspect) * viewMatrix(camera);
  for (const TriangleMesh& mesh : meshes) {
    for (const Vec3d& p : mesh.positions) {
      const glm::dvec4 clip = viewProjection * glm::dvec4(p.x, p.y, p.z, 1.0);
      if (clip.w > 0.0 && std::abs(clip.x) <= clip.w && std::abs(clip.y) <= clip.w && std::abs(clip.z) <= clip.w)
        return true;
    }
  }
  return false;
}

Camera cameraShowingMeshes(const Camera& camera, const std::vector<TriangleMesh>& meshes, double aspect) {
  if (meshes.empty() || cameraSeesAnyVertex(camera, meshes, aspect)) return camera;
  return frameBounds(camera, meshBounds(meshes), aspect);
}

}  // namespace flexure
