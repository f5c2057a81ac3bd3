#include "flexure/energy/turn_watch.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/param_access.h"

namespace flexure {

namespace {

bool readsAny(const Path& path, const std::vector<int>& parameters) {
  for (int i : path.parameterIndices())
    if (std::binary_search(parameters.begin(), parameters.end(), i)) return true;
  return false;
}

// Two points on each of the first three patches: enough to see a part turn about any axis.
std::vector<SurfacePoint> watchedPoints(const Primitive& leaf) {
  std::vector<SurfacePoint> out;
  for (int patch = 0; patch < std::min(leaf.patchCount(), 3); ++patch) {
    out.push_back({patch, 0.3, 0.4});
    out.push_back({patch, 0.7, 0.6});
  }
  return out;
}

Vec3d unitNormal(const Path& path, const ParamAccess<double>& values, const SurfacePoint& p) {
  const Vec3d n = pathNormal(path, values, p.patch, p.u, p.v);
  const double length = norm(n);
  return std::isfinite(length) && length > 0.0 ? n / length : Vec3d(0, 0, 0);
}

}  // namespace

TurnWatch::TurnWatch(const Scene& scene, const std::vector<int>& parameters, const Primitive* first, int maxParts) {
  if (parameters.empty()) return;
  std::vector<Path> paths = scene.paths();
  auto add = [&](Path path) {
    if (static_cast<int>(parts_.size()) >= maxParts || !readsAny(path, parameters)) return;
    Part part;
    part.points = watchedPoints(*path.leaf);
    part.path = std::move(path);
    parts_.push_back(std::move(part));
  };
  for (Path& path : paths)
    if (path.leaf == first) add(path);
  for (Path& path : paths)
    if (path.leaf != first) add(std::move(path));
}

void TurnWatch::setReference(const Eigen::VectorXd& psi) {
  const ValueAccess values(psi);
  for (Part& part : parts_) {
    part.reference.clear();
    for (const SurfacePoint& p : part.points) part.reference.push_back(unitNormal(part.path, values, p));
  }
}

double TurnWatch::largestTurn(const Eigen::VectorXd& psi) const {
  const ValueAccess values(psi);
  double largest = 0.0;
  for (const Part& part : parts_)
    for (std::size_t k = 0; k < part.points.size() && k < part.reference.size(); ++k) {
      const Vec3d& before = part.reference[k];
      if (dot(before, before) == 0.0) continue;
      const Vec3d now = unitNormal(part.path, values, part.points[k]);
      if (dot(now, now) == 0.0) continue;
      largest = std::max(largest, std::acos(std::clamp(dot(before, now), -1.0, 1.0)));
    }
  return largest;
}

}  // namespace flexure
