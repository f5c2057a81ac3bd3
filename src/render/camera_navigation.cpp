#include "flexure/render/camera_navigation.h"

#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>
#include <glm/gtc/quaternion.hpp>

#include "flexure/render/camera_matrices.h"

namespace flexure {
namespace {

// An orthonormal frame of the camera: forward (eye → target), right, up.
struct ViewFrame {
  glm::dvec3 forward, right, up;
};

ViewFrame viewFrame(const Camera& camera) {
  ViewFrame f;
  f.forward = toGlm(camera.target) - toGlm(camera.eye);
  f.forward = glm::length(f.forward) > 1e-12 ? glm::normalize(f.forward) : glm::dvec3(0, 1, 0);
  glm::dvec3 up = toGlm(camera.up);
  f.right = glm::cross(f.forward, up);
  if (glm::length(f.right) < 1e-9) f.right = glm::cross(f.forward, glm::dvec3(0, 1, 0));
  if (glm::length(f.right) < 1e-9) f.right = glm::cross(f.forward, glm::dvec3(1, 0, 0));
  f.right = glm::normalize(f.right);
  f.up = glm::cross(f.right, f.forward);
  return f;
}

}  // namespace

Camera orbitCamera(const Camera& camera, double dxPixels, double dyPixels, double radiansPerPixel) {
  return orbitCamera(camera, dxPixels, dyPixels, Vec3d(0.0, 0.0, 1.0), radiansPerPixel);
}

Camera orbitCamera(const Camera& camera, double dxPixels, double dyPixels, const Vec3d& worldUp,
                   double radiansPerPixel) {
  const ViewFrame f = viewFrame(camera);
  const glm::dvec3 up = glm::length(toGlm(worldUp)) > 1e-12 ? glm::normalize(toGlm(worldUp)) : glm::dvec3(0, 0, 1);
  // Dragging right turns the model right: the camera yaws the other way around the world's up.
  const glm::dquat yaw = glm::angleAxis(-dxPixels * radiansPerPixel, up);
  const glm::dquat pitch = glm::angleAxis(-dyPixels * radiansPerPixel, f.right);
  const glm::dquat rotation = yaw * pitch;
  const glm::dvec3 target = toGlm(camera.target);
  Camera orbited = camera;
  orbited.eye = fromGlm(target + rotation * (toGlm(camera.eye) - target));
  // Rotating the up vector with the eye keeps the frame consistent over the poles.
  orbited.up = fromGlm(glm::normalize(rotation * f.up));
  return orbited;
}

Camera panCamera(const Camera& camera, double dxPixels, double dyPixels, int viewportHeight) {
  const ViewFrame f = viewFrame(camera);
  const double unitsPerPixel = 2.0 * halfHeightAtTarget(camera) / std::max(1, viewportHeight);
  // Content follows the cursor, so the camera moves opposite to the drag.
  const glm::dvec3 shift = (-dxPixels * f.right + dyPixels * f.up) * unitsPerPixel;
  Camera panned = camera;
  panned.eye = fromGlm(toGlm(camera.eye) + shift);
  panned.target = fromGlm(toGlm(camera.target) + shift);
  return panned;
}

Camera dollyCamera(const Camera& camera, double factor) {
  Camera dollied = camera;
  factor = std::clamp(factor, 1e-3, 1e3);
  if (camera.projection == Camera::Projection::Orthographic) {
    dollied.orthoHeight = std::max(camera.orthoHeight * factor, 1e-6);
    return dollied;
  }
  const glm::dvec3 target = toGlm(camera.target);
  const glm::dvec3 offset = toGlm(camera.eye) - target;
  const double distance = glm::length(offset);
  const double newDistance = std::max(distance * factor, 2.0 * camera.nearPlane);
  dollied.eye = fromGlm(target + offset * (newDistance / std::max(distance, 1e-12)));
  return dollied;
}

Camera standardViewCamera(const Camera& camera, StandardView view) {
  glm::dvec3 forward{0, 1, 0};
  glm::dvec3 up{0, 0, 1};
  switch (view) {
    case StandardView::Front: forward = {0, 1, 0}; break;
    case StandardView::Back: forward = {0, -1, 0}; break;
    case StandardView::Right: forward = {-1, 0, 0}; break;
    case StandardView::Left: forward = {1, 0, 0}; break;
    case StandardView::Top: forward = {0, 0, -1}; up = {0, 1, 0}; break;
    case StandardView::Bottom: forward = {0, 0, 1}; up = {0, -1, 0}; break;
  }
  const glm::dvec3 target = toGlm(camera.target);
  const double distance = glm::length(toGlm(camera.eye) - target);
  Camera aligned = camera;
  aligned.eye = fromGlm(target - forward * distance);
  aligned.up = fromGlm(up);
  return aligned;
}

Camera toggledProjection(const Camera& camera) {
  Camera toggled = camera;
  const double distance = glm::length(toGlm(camera.eye) - toGlm(camera.target));
  const double tanHalf = std::tan(glm::radians(camera.fovYDegrees) * 0.5);
  if (camera.projection == Camera::Projection::Perspective) {
    toggled.projection = Camera::Projection::Orthographic;
    toggled.orthoHeight = 2.0 * distance * tanHalf;
  } else {
    toggled.projection = Camera::Projection::Perspective;
    // Place the eye where the perspective view shows the same height at the target.
    const double newDistance = 0.5 * camera.orthoHeight / tanHalf;
    const glm::dvec3 back = glm::normalize(toGlm(camera.eye) - toGlm(camera.target));
    toggled.eye = fromGlm(toGlm(camera.target) + back * newDistance);
  }
  return toggled;
}

}  // namespace flexure
