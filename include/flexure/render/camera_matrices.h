#pragma once
// The view and projection matrices of a flexure::Camera (GLM, OpenGL clip conventions), and
// the mapping from world points to window pixels that picking and tests use.
#include <glm/glm.hpp>

#include "flexure/core/camera.h"

namespace flexure {

glm::dmat4 viewMatrix(const Camera& camera);
// `aspect` = width / height of the viewport.
glm::dmat4 projectionMatrix(const Camera& camera, double aspect);

// Window coordinates of a world point: x right, y DOWN from the top-left corner, in pixels;
// `depth` receives the normalized device z (inside the view volume when in [-1, 1]).
// Returns false when the point lies behind a perspective camera.
bool projectToPixel(const Camera& camera, int width, int height, const glm::dvec3& world, glm::dvec2& pixel,
                    double* depth = nullptr);

// Half the height of the view volume at the target's distance (in scene units): how many
// scene units one pixel covers there is 2 * halfHeightAtTarget / viewport height.
double halfHeightAtTarget(const Camera& camera);

glm::dvec3 toGlm(const Vec3d& v);
Vec3d fromGlm(const glm::dvec3& v);

}  // namespace flexure
