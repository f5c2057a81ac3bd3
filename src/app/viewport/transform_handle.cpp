#include "viewport/transform_handle.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/render/overlay_shapes.h"
#include "viewport/part_drag_controller.h"

namespace flexure::app {
namespace {

constexpr double kScreenFraction = 0.12;  // the handle's size / distance from the eye
constexpr double kRingRadius = 0.75;      // of the size, at least
constexpr double kRingClearance = 1.15;   // the rings' radius over the part's, at least ...
constexpr double kRingMost = 2.5;         // ... but no more than this many sizes (a part larger
                                          // on screen than that is crossed by its rings, and a
                                          // press on its own pixels still drags it)
constexpr double kArrowLength = 0.8;      // of the size
constexpr int kRingSamples = 48;

Vec3d fromGlm(const glm::dvec3& v) { return {v.x, v.y, v.z}; }

const Node* firstPrimitive(const Node& node) {
  if (node.isPrimitive()) return &node;
  for (const auto& child : node.children())
    if (const Node* leaf = firstPrimitive(*child)) return leaf;
  return nullptr;
}

bool isPlacement(const Node& node) { return node.type() == "translate" || node.type() == "rotate"; }

double segmentDistance(double px, double py, const glm::dvec2& a, const glm::dvec2& b) {
  const double dx = b.x - a.x, dy = b.y - a.y;
  const double len2 = dx * dx + dy * dy;
  double s = len2 > 0.0 ? ((px - a.x) * dx + (py - a.y) * dy) / len2 : 0.0;
  s = std::clamp(s, 0.0, 1.0);
  return std::hypot(px - (a.x + s * dx), py - (a.y + s * dy));
}

// Two unit vectors spanning the plane normal to `axis`.
void planeBasis(const Vec3d& axis, Vec3d& e1, Vec3d& e2) {
  const Vec3d helper = std::abs(axis.x) < 0.9 ? Vec3d(1, 0, 0) : Vec3d(0, 1, 0);
  e1 = normalized(cross(axis, helper));
  e2 = cross(axis, e1);
}

// The angle about `axis` (through `origin`) of where the ray meets the ring's plane.
std::optional<double> angleOnPlane(const Vec3d& origin, const Vec3d& axis, const PickRay& ray) {
  const Vec3d o = fromGlm(ray.origin), d = fromGlm(ray.direction);
  const double denominator = dot(d, axis);
  if (std::abs(denominator) < 1e-9) return std::nullopt;
  const Vec3d hit = o + d * (dot(origin - o, axis) / denominator);
  Vec3d e1, e2;
  planeBasis(axis, e1, e2);
  return std::atan2(dot(hit - origin, e2), dot(hit - origin, e1));
}

}  // namespace

Vec3d handleAxis(int axis) { return axis == 0 ? Vec3d(1, 0, 0) : axis == 1 ? Vec3d(0, 1, 0) : Vec3d(0, 0, 1); }

Vec3d arrowPoint(const TransformHandle& handle, int axis, double t) {
  return handle.origin + handleAxis(axis) * (handle.arrowStart + t * handle.arrowLength);
}

std::optional<TransformHandle> transformHandleFor(const Scene& scene, const Node* selected, const Camera& camera) {
  if (!selected) return std::nullopt;
  const Node* leaf = selected->isPrimitive() ? selected : isPlacement(*selected) ? firstPrimitive(*selected) : nullptr;
  const auto* primitive = dynamic_cast<const Primitive*>(leaf);
  if (!primitive) return std::nullopt;
  const Path path = scene.pathTo(*primitive);
  TransformHandle handle;
  handle.part = leaf->name();
  // The nearest translate and rotate above the part: its own placement.
  std::size_t centre = path.operators.size();
  for (std::size_t k = 0; k < path.operators.size(); ++k) {
    const Operator& op = *path.operators[k];
    if (op.type() == "translate" && handle.translate.empty()) {
      handle.translate = op.name();
      if (handle.rotate.empty()) centre = k;
    } else if (op.type() == "rotate" && handle.rotate.empty()) {
      handle.rotate = op.name();
      centre = k;
    }
  }
  if (handle.translate.empty() && handle.rotate.empty()) return std::nullopt;
  // The origin: the centre of the rotate (the fixed point it turns about) mapped to the world,
  // or, without a rotate, the origin of the translate's space.
  const ValueAccess values(scene.parameters().values());
  Vec3d origin(0, 0, 0);
  for (std::size_t k = centre; k < path.operators.size(); ++k)
    if (!path.operators[k]->isIdentity()) origin = path.operators[k]->apply(values, origin);
  handle.origin = origin;
  handle.size = std::max(1e-6, kScreenFraction * norm(handle.origin - camera.eye));
  handle.ringRadius = handle.arrowStart = kRingRadius * handle.size;
  handle.arrowLength = kArrowLength * handle.size;
  return handle;
}

void fitHandleAroundPart(TransformHandle& handle, double partRadius) {
  handle.ringRadius = std::clamp(kRingClearance * partRadius, kRingRadius * handle.size, kRingMost * handle.size);
  handle.arrowStart = handle.ringRadius;
}

void appendTransformHandle(const TransformHandle& handle, OverlayGeometry& out) {
  const ColorRgb colors[3] = {{0.95f, 0.25f, 0.25f}, {0.35f, 0.90f, 0.30f}, {0.30f, 0.50f, 1.00f}};
  for (int k = 0; k < 3; ++k) {
    if (!handle.translate.empty())
      overlay::addArrow(out, arrowPoint(handle, k, 0.0), handleAxis(k) * handle.arrowLength, 0.28 * handle.arrowLength,
                        colors[k]);
    if (!handle.rotate.empty()) overlay::addRing(out, handle.origin, handleAxis(k), handle.ringRadius, colors[k]);
  }
}

std::optional<HandlePart> pickTransformHandle(const TransformHandle& handle, const Camera& camera, int width,
                                              int height, double x, double y, double tolerance) {
  std::optional<HandlePart> best;
  double bestDistance = tolerance;
  for (int k = 0; k < 3 && !handle.translate.empty(); ++k) {
    glm::dvec2 base, tip;
    if (!projectToPixel(camera, width, height, toGlm(arrowPoint(handle, k, 0.0)), base) ||
        !projectToPixel(camera, width, height, toGlm(arrowPoint(handle, k, 1.0)), tip))
      continue;
    const double d = segmentDistance(x, y, base, tip);
    if (d < bestDistance) {
      bestDistance = d;
      best = HandlePart{HandlePart::Kind::Arrow, k};
    }
  }
  for (int k = 0; k < 3 && !handle.rotate.empty(); ++k) {
    Vec3d e1, e2;
    planeBasis(handleAxis(k), e1, e2);
    glm::dvec2 previous;
    bool havePrevious = false;
    for (int i = 0; i <= kRingSamples; ++i) {
      const double angle = 2.0 * 3.14159265358979323846 * i / kRingSamples;
      const Vec3d p = handle.origin + (e1 * std::cos(angle) + e2 * std::sin(angle)) * handle.ringRadius;
      glm::dvec2 pixel;
      if (!projectToPixel(camera, width, height, toGlm(p), pixel)) {
        havePrevious = false;
        continue;
      }
      if (havePrevious) {
        const double d = segmentDistance(x, y, previous, pixel);
        if (d < bestDistance) {
          bestDistance = d;
          best = HandlePart{HandlePart::Kind::Ring, k};
        }
      }
      previous = pixel;
      havePrevious = true;
    }
  }
  return best;
}

std::optional<HandleGrab> grabTransformHandle(const Scene& scene, const TransformHandle& handle, const HandlePart& part,
                                              const PickRay& pressRay) {
  const auto* leaf = dynamic_cast<const Primitive*>(scene.find(handle.part));
  const std::string& only = part.kind == HandlePart::Kind::Arrow ? handle.translate : handle.rotate;
  if (!leaf || only.empty()) return std::nullopt;
  const Path path = scene.pathTo(*leaf);
  const ValueAccess values(scene.parameters().values());
  HandleGrab grab;
  grab.only = only;
  grab.pick.node = handle.part;
  grab.pick.point = SurfacePoint{0, 0.25, 0.5};
  if (part.kind == HandlePart::Kind::Arrow) {
    // A translation moves every point alike: any point of the part will do.
    grab.pick.world = pathPosition<double>(path, values, 0, 0.25, 0.5);
    return grab;
  }
  // The ring's point under the press: where the ray meets the ring's plane, or (seen edge-on)
  // the ray's point nearest the origin, put on the ring.
  const Vec3d axis = handleAxis(part.axis);
  const Vec3d o = fromGlm(pressRay.origin), d = fromGlm(pressRay.direction);
  const double facing = dot(d, axis);
  const Vec3d hit = std::abs(facing) > 1e-6 * norm(d) ? o + d * (dot(handle.origin - o, axis) / facing)
                                                      : o + d * (dot(handle.origin - o, d) / dot(d, d));
  Vec3d radial = hit - handle.origin;
  radial = radial - axis * dot(radial, axis);
  if (norm(radial) < 1e-12) {
    Vec3d e2;
    planeBasis(axis, radial, e2);
  }
  grab.pick.world = handle.origin + normalized(radial) * handle.ringRadius;
  grab.local = pathToLeafSpace(path, values, grab.pick.world);  // the same point in the part's own space
  return grab;
}

Vec3d handleTarget(const TransformHandle& handle, const HandlePart& part, const Vec3d& grabbed, const PickRay& pressRay,
                   const PickRay& ray, double steps, double cell) {
  constexpr double kAngleStep = 15.0 * 3.14159265358979323846 / 180.0;
  const Vec3d axis = handleAxis(part.axis);
  if (part.kind == HandlePart::Kind::Arrow) {
    double moved = rayLineParameter(handle.origin, axis, ray) - rayLineParameter(handle.origin, axis, pressRay);
    if (steps > 0.0 && cell > 0.0) {
      const double at = dot(handle.origin, axis);
      moved = roundToStep(at + moved, steps * cell) - at;
    }
    return grabbed + axis * moved;
  }
  const auto start = angleOnPlane(handle.origin, axis, pressRay);
  const auto now = angleOnPlane(handle.origin, axis, ray);
  if (!start || !now) return grabbed;
  const double turned = steps > 0.0 ? roundToStep(*now - *start, steps * kAngleStep) : *now - *start;
  const Quatd turn = Quatd::fromAxisAngle(axis, turned);
  return handle.origin + rotate(turn, grabbed - handle.origin);
}

}  // namespace flexure::app
