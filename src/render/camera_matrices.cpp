#include "flexure/render/camera_matrices.h"

#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

namespace flexure {

glm::dvec3 toGlm(const Vec3d& v) { return {v.x, v.y, v.z}; }
Vec3d fromGlm(const glm::dvec3& v) { return {v.x, v.y, v.z}; }

glm::dmat4 viewMatrix(const Camera& camera) {
  return glm::lookAt(toGlm(camera.eye), toGlm(camera.target), toGlm(camera.up));
}

double halfHeightAtTarget(const Camera& camera) {
  if (camera.projection == Camera::Projection::Orthographic) return 0.5 * camera.orthoHeight;
  const double distance = glm::length(toGlm(camera.target) - toGlm(camera.eye));
  return distance * std::tan(glm::radians(camera.fovYDegrees) * 0.5);
}

glm::dmat4 projectionMatrix(const Camera& camera, double aspect) {
  if (camera.projection == Camera::Projection::Orthographic) {
    const double h = 0.5 * camera.orthoHeight;
    const double w = h * aspect;
    // The eye of an orthographic camera only sets the direction; keep objects behind it visible
    // by letting the volume start well before the eye.
    const double depthRange = camera.farPlane;
    return glm::ortho(-w, w, -h, h, -depthRange, depthRange);
  }
  return glm::perspective(glm::radians(camera.fovYDegrees), aspect, camera.nearPlane, camera.farPlane);
}

bool projectToPixel(const Camera& camera, int width, int height, const glm::dvec3& world, glm::dvec2& pixel,
                    double* depth) {
  const double aspect = height > 0 ? static_cast<double>(width) / height : 1.0;
  const glm::dvec4 clip = projectionMatrix(camera, aspect) * viewMatrix(camera) * glm::dvec4(world, 1.0);
  if (clip.w <= 0.0) return false;
  const glm::dvec3 ndc = glm::dvec3(clip) / clip.w;
  pixel = {(ndc.x * 0.5 + 0.5) * width, (0.5 - ndc.y * 0.5) * height};
  if (depth) *depth = ndc.z;
  return true;
}

}  // namespace flexure
