#include "viewport/transform_handle.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flexure/render/camera_matrices.h"
#include "flexure/render/overlay_shapes.h"

namespace flexure::app {
namespace {

constexpr double kScreenFraction = 0.12;  // arrow length / distance from the eye
constexpr double kRingRadius = 0.75;      // of the arrow length
constexpr int kRingSamples = 48;

Vec3d fromGlm(const glm::dvec3& v) { return {v.x, v.y, v.z}; }

const Node* firstPrimitive(const Node& node) {
  if (node.isPrimitive()) return &node;
  for (const auto& child : node.children())
    if (const Node* leaf = firstPrimitive(*child)) return leaf;
  return nullptr;
}

bool isPlacement(const Node& node) { return node.type() == "translate" || node.type() == "rotate"; }

// world(x) = R x + t over the translates and rotates above `leaf`: the origin is t.
Vec3d placementOrigin(const Scene& scene, const Node& leaf) {
  const ParameterTable& table = scene.parameters();
  Vec3d t(0, 0, 0);
  for (const Node* a = leaf.parent(); a && a != &scene.root(); a = a->parent()) {
    const int o = a->paramOffset();
    if (a->type() == "translate") {
      t = t + Vec3d(table.value(o), table.value(o + 1), table.value(o + 2));
    } else if (a->type() == "rotate") {
      t = rotate(normalized(Quatd(table.value(o), table.value(o + 1), table.value(o + 2), table.value(o + 3))), t);
    }
  }
  return t;
}

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

// Parameter along the line (origin, axis) of the point closest to the ray.
double closestAlongLine(const Vec3d& origin, const Vec3d& axis, const PickRay& ray) {
  const Vec3d o = fromGlm(ray.origin), d = fromGlm(ray.direction);
  const Vec3d w = origin - o;
  const double a = dot(axis, axis), b = dot(axis, d), c = dot(d, d), e = dot(axis, w), f = dot(d, w);
  const double denominator = a * c - b * b;
  if (std::abs(denominator) < 1e-12) return 0.0;  // the ray runs along the axis
  return (b * f - c * e) / denominator;
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

std::optional<TransformHandle> transformHandleFor(const Scene& scene, const Node* selected, const Camera& camera) {
  if (!selected) return std::nullopt;
  const Node* leaf = nullptr;
  if (selected->isPrimitive()) {
    for (const Node* a = selected->parent(); a && !leaf; a = a->parent())
      if (isPlacement(*a)) leaf = selected;
  } else if (isPlacement(*selected)) {
    leaf = firstPrimitive(*selected);
  }
  if (!leaf) return std::nullopt;
  TransformHandle handle;
  handle.part = leaf->name();
  handle.origin = placementOrigin(scene, *leaf);
  handle.size = std::max(1e-6, kScreenFraction * norm(handle.origin - camera.eye));
  return handle;
}

void appendTransformHandle(const TransformHandle& handle, OverlayGeometry& out) {
  const ColorRgb colors[3] = {{0.95f, 0.25f, 0.25f}, {0.35f, 0.90f, 0.30f}, {0.30f, 0.50f, 1.00f}};
  for (int k = 0; k < 3; ++k) {
    overlay::addArrow(out, handle.origin, handleAxis(k) * handle.size, 0.22 * handle.size, colors[k]);
    overlay::addRing(out, handle.origin, handleAxis(k), kRingRadius * handle.size, colors[k]);
  }
}

std::optional<HandlePart> pickTransformHandle(const TransformHandle& handle, const Camera& camera, int width,
                                              int height, double x, double y, double tolerance) {
  std::optional<HandlePart> best;
  double bestDistance = tolerance;
  glm::dvec2 origin;
  if (!projectToPixel(camera, width, height, toGlm(handle.origin), origin)) return std::nullopt;
  for (int k = 0; k < 3; ++k) {
    glm::dvec2 tip;
    if (!projectToPixel(camera, width, height, toGlm(handle.origin + handleAxis(k) * handle.size), tip)) continue;
    const double d = segmentDistance(x, y, origin, tip);
    if (d < bestDistance) {
      bestDistance = d;
      best = HandlePart{HandlePart::Kind::Arrow, k};
    }
  }
  for (int k = 0; k < 3; ++k) {
    Vec3d e1, e2;
    planeBasis(handleAxis(k), e1, e2);
    glm::dvec2 previous;
    bool havePrevious = false;
    for (int i = 0; i <= kRingSamples; ++i) {
      const double angle = 2.0 * 3.14159265358979323846 * i / kRingSamples;
      const Vec3d p = handle.origin + (e1 * std::cos(angle) + e2 * std::sin(angle)) * (kRingRadius * handle.size);
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

Vec3d handleTarget(const TransformHandle& handle, const HandlePart& part, const Vec3d& grabbed, const PickRay& pressRay,
                   const PickRay& ray) {
  const Vec3d axis = handleAxis(part.axis);
  if (part.kind == HandlePart::Kind::Arrow) {
    const double moved = closestAlongLine(handle.origin, axis, ray) - closestAlongLine(handle.origin, axis, pressRay);
    return grabbed + axis * moved;
  }
  const auto start = angleOnPlane(handle.origin, axis, pressRay);
  const auto now = angleOnPlane(handle.origin, axis, ray);
  if (!start || !now) return grabbed;
  const Quatd turn = Quatd::fromAxisAngle(axis, *now - *start);
  return handle.origin + rotate(turn, grabbed - handle.origin);
}

}  // namespace flexure::app
