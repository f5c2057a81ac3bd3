#include "flexure/render/mesh_picking.h"

#include <cmath>
#include <limits>

#include "flexure/render/camera_matrices.h"

namespace flexure {

PickRay pickRayThroughPixel(const Camera& camera, int width, int height, double x, double y) {
  const double aspect = height > 0 ? static_cast<double>(width) / height : 1.0;
  const glm::dmat4 inverse = glm::inverse(projectionMatrix(camera, aspect) * viewMatrix(camera));
  const double ndcX = 2.0 * x / std::max(width, 1) - 1.0;
  const double ndcY = 1.0 - 2.0 * y / std::max(height, 1);
  auto unproject = [&](double ndcZ) {
    const glm::dvec4 p = inverse * glm::dvec4(ndcX, ndcY, ndcZ, 1.0);
    return glm::dvec3(p) / p.w;
  };
  const glm::dvec3 nearPoint = unproject(-1.0), farPoint = unproject(1.0);
  return {nearPoint, glm::normalize(farPoint - nearPoint)};
}

std::optional<MeshHit> pickMeshes(const std::vector<TriangleMesh>& meshes, const PickRay& ray) {
  std::optional<MeshHit> best;
  double bestDistance = std::numeric_limits<double>::infinity();
  for (std::size_t m = 0; m < meshes.size(); ++m) {
    const TriangleMesh& mesh = meshes[m];
    for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
      const auto& tri = mesh.triangles[t];
      const glm::dvec3 a = toGlm(mesh.positions[static_cast<std::size_t>(tri[0])]);
      const glm::dvec3 e1 = toGlm(mesh.positions[static_cast<std::size_t>(tri[1])]) - a;
      const glm::dvec3 e2 = toGlm(mesh.positions[static_cast<std::size_t>(tri[2])]) - a;
      // Möller–Trumbore: solve origin + s·dir = a + b1·e1 + b2·e2 by Cramer's rule.
      const glm::dvec3 p = glm::cross(ray.direction, e2);
      const double det = glm::dot(e1, p);
      if (std::abs(det) < 1e-18) continue;  // ray parallel to the triangle
      const double invDet = 1.0 / det;
      const glm::dvec3 s = ray.origin - a;
      const double b1 = glm::dot(s, p) * invDet;
      if (b1 < 0.0 || b1 > 1.0) continue;
      const glm::dvec3 q = glm::cross(s, e1);
      const double b2 = glm::dot(ray.direction, q) * invDet;
      if (b2 < 0.0 || b1 + b2 > 1.0) continue;
      const double distance = glm::dot(e2, q) * invDet;
      if (distance <= 0.0 || distance >= bestDistance) continue;
      bestDistance = distance;
      best = MeshHit{static_cast<int>(m), static_cast<int>(t), distance, b1, b2, ray.origin + distance * ray.direction};
    }
  }
  return best;
}

}  // namespace flexure
