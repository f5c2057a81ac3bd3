#include "flexure/deform/skeletons/skeleton_math.h"

#include <cmath>
#include <string>

namespace flexure::deform {

void orthonormalBasis(const Vec3d& n, Vec3d& u, Vec3d& v) {
  // Pick the coordinate axis least aligned with n to avoid a degenerate cross product.
  const Vec3d helper = std::fabs(n.x) < 0.6 ? Vec3d(1, 0, 0) : (std::fabs(n.y) < 0.6 ? Vec3d(0, 1, 0) : Vec3d(0, 0, 1));
  u = normalized(cross(helper, n));
  v = cross(n, u);
}

Vec3d unitOrThrow(const Vec3d& v, const char* what) {
  const double l = norm(v);
  if (!(l > 1e-12) || !std::isfinite(l)) throw FieldError(std::string(what) + " must be a non-zero vector");
  return v / l;
}

std::vector<Vec3d> pointsFromFlat(const std::vector<double>& flat, const char* what) {
  if (flat.size() % 3 != 0) throw FieldError(std::string(what) + ": expected x, y, z triples");
  std::vector<Vec3d> points;
  for (std::size_t i = 0; i + 2 < flat.size(); i += 3) points.emplace_back(flat[i], flat[i + 1], flat[i + 2]);
  return points;
}

std::vector<double> flatFromPoints(const std::vector<Vec3d>& points) {
  std::vector<double> flat;
  for (const Vec3d& p : points) { flat.push_back(p.x); flat.push_back(p.y); flat.push_back(p.z); }
  return flat;
}

}  // namespace flexure::deform
