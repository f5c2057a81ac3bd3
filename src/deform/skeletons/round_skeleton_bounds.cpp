// Bounds and frames of the skeletons built on circles and boxes.
#include <cmath>

#include "flexure/deform/skeletons/box_skeleton.h"
#include "flexure/deform/skeletons/circle_skeleton.h"
#include "flexure/deform/skeletons/cylinder_skeleton.h"
#include "flexure/deform/skeletons/disk_skeleton.h"

namespace flexure::deform {

namespace {
// Bounds of a circle of radius r about c in the plane with unit normal n: along axis k the
// circle reaches r sqrt(1 - n_k^2).
Bounds3 circleBounds(const Vec3d& c, const Vec3d& n, double r) {
  Bounds3 b;
  const Vec3d e(r * std::sqrt(std::fmax(0.0, 1.0 - n.x * n.x)), r * std::sqrt(std::fmax(0.0, 1.0 - n.y * n.y)),
                r * std::sqrt(std::fmax(0.0, 1.0 - n.z * n.z)));
  b.extend(c - e);
  b.extend(c + e);
  return b;
}
}  // namespace

Bounds3 CircleSkeleton::bounds() const { return circleBounds(center, unit_, radius); }
Bounds3 DiskSkeleton::bounds() const { return circleBounds(center, unit_, radius); }

Bounds3 CylinderSkeleton::bounds() const {
  Bounds3 b = circleBounds(base, unit_, radius);
  b.extend(circleBounds(base + unit_ * height, unit_, radius));
  return b;
}

void BoxSkeleton::prepare() {
  for (int k = 0; k < 3; ++k)
    if (!(halfExtents[k] >= 0.0)) throw FieldError("box skeleton: half_extents must be non-negative");
  const double pi = 3.14159265358979323846;
  toWorld_ = toMatrix(Quatd::fromAxisAngle(unitOrThrow(frameAxis, "box skeleton: frame_axis"), frameAngle * pi / 180.0));
  toLocal_ = transpose(toWorld_);
}

Bounds3 BoxSkeleton::bounds() const {
  Bounds3 b;
  for (int corner = 0; corner < 8; ++corner) {
    const Vec3d local((corner & 1) ? halfExtents.x : -halfExtents.x, (corner & 2) ? halfExtents.y : -halfExtents.y,
                      (corner & 4) ? halfExtents.z : -halfExtents.z);
    b.extend(center + toWorld_ * local);
  }
  return b;
}

}  // namespace flexure::deform
