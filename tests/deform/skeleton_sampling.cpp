#include "skeleton_sampling.h"

#include <cmath>

namespace flexure::deform::testing {

namespace {
void sampleSegment(const Vec3d& a, const Vec3d& b, double h, std::vector<Vec3d>& out) {
  const int n = std::max(1, static_cast<int>(std::ceil(norm(b - a) / h)));
  for (int i = 0; i <= n; ++i) out.push_back(a + (b - a) * (double(i) / n));
}
void sampleDisk(const Vec3d& c, const Vec3d& n, double radius, double h, std::vector<Vec3d>& out, bool rimOnly) {
  Vec3d u, v;
  orthonormalBasis(normalized(n), u, v);
  const int rings = std::max(1, static_cast<int>(std::ceil(radius / h)));
  for (int r = rimOnly ? rings : 0; r <= rings; ++r) {
    const double rr = radius * r / rings;
    const int steps = std::max(1, static_cast<int>(std::ceil(2 * M_PI * rr / h)));
    for (int k = 0; k < steps; ++k) {
      const double a = 2 * M_PI * k / steps;
      out.push_back(c + u * (rr * std::cos(a)) + v * (rr * std::sin(a)));
    }
  }
}
}  // namespace

std::vector<Vec3d> sampleSkeleton(const Skeleton& s, double h, const Vec3d& around, double reach) {
  std::vector<Vec3d> out;
  if (auto* k = std::get_if<PointSkeleton>(&s)) out.push_back(k->center);
  if (auto* k = std::get_if<SegmentSkeleton>(&s)) sampleSegment(k->a, k->b, h, out);
  if (auto* k = std::get_if<LineSkeleton>(&s)) {
    const Vec3d d = normalized(k->direction);
    const Vec3d foot = k->point + d * dot(around - k->point, d);
    sampleSegment(foot - d * reach, foot + d * reach, h, out);
  }
  if (auto* k = std::get_if<PolylineSkeleton>(&s))
    for (std::size_t i = 0; i + 1 < k->points.size(); ++i) sampleSegment(k->points[i], k->points[i + 1], h, out);
  if (auto* k = std::get_if<CircleSkeleton>(&s)) sampleDisk(k->center, k->normal, k->radius, h, out, true);
  if (auto* k = std::get_if<BezierSkeleton>(&s)) {
    const int n = 20000;
    for (int i = 0; i <= n; ++i) out.push_back(k->point(double(i) / n));
  }
  if (auto* k = std::get_if<DiskSkeleton>(&s)) sampleDisk(k->center, k->normal, k->radius, h, out, false);
  if (auto* k = std::get_if<PolygonSkeleton>(&s)) {
    // A grid over the polygon's plane, kept where it projects inside, plus the boundary.
    const Bounds3 b = k->bounds();
    Vec3d u, v;
    orthonormalBasis(k->normal(), u, v);
    const Vec3d c = b.center();
    const double size = norm(b.extent());
    const int n = static_cast<int>(std::ceil(size / h));
    for (int i = -n; i <= n; ++i)
      for (int j = -n; j <= n; ++j) {
        const Vec3d p = c + u * (i * h) + v * (j * h);
        const Vec3d onPlane = p - k->normal() * dot(p - k->points[0], k->normal());
        if (k->projectsInside(onPlane)) out.push_back(onPlane);
      }
    for (std::size_t i = 0; i < k->points.size(); ++i) sampleSegment(k->points[i], k->points[(i + 1) % k->points.size()], h, out);
  }
  if (auto* k = std::get_if<PlaneSkeleton>(&s)) {
    Vec3d u, v;
    const Vec3d n = normalized(k->normal);
    orthonormalBasis(n, u, v);
    const Vec3d foot = around - n * dot(around - k->point, n);
    const int m = static_cast<int>(std::ceil(reach / h));
    for (int i = -m; i <= m; ++i)
      for (int j = -m; j <= m; ++j) out.push_back(foot + u * (i * h) + v * (j * h));
  }
  auto sphereSurface = [&](const Vec3d& c, double r) {
    const int n = static_cast<int>(std::ceil(M_PI * r / h));
    for (int i = 0; i <= n; ++i) {
      const double th = M_PI * i / n;
      const int m = std::max(1, static_cast<int>(std::ceil(2 * M_PI * r * std::sin(th) / h)));
      for (int j = 0; j < m; ++j) {
        const double ph = 2 * M_PI * j / m;
        out.push_back(c + Vec3d(std::sin(th) * std::cos(ph), std::sin(th) * std::sin(ph), std::cos(th)) * r);
      }
    }
  };
  if (auto* k = std::get_if<SphereSkeleton>(&s)) sphereSurface(k->center, k->radius);
  if (auto* k = std::get_if<SphereVolumeSkeleton>(&s)) {
    sphereSurface(k->center, k->radius);
    const int n = static_cast<int>(std::ceil(k->radius / h));
    for (int i = -n; i <= n; ++i)
      for (int j = -n; j <= n; ++j)
        for (int l = -n; l <= n; ++l) {
          const Vec3d d(i * h, j * h, l * h);
          if (norm(d) <= k->radius) out.push_back(k->center + d);
        }
  }
  if (auto* k = std::get_if<CylinderSkeleton>(&s)) {
    const Vec3d a = normalized(k->axis);
    const int n = static_cast<int>(std::ceil(k->height / h));
    for (int i = 0; i <= n; ++i) sampleDisk(k->base + a * (k->height * i / n), a, k->radius, h, out, true);
    sampleDisk(k->base, a, k->radius, h, out, false);
    sampleDisk(k->base + a * k->height, a, k->radius, h, out, false);
  }
  if (auto* k = std::get_if<BoxSkeleton>(&s)) {
    // A lattice over the box (its boundary included), mapped by the box's frame.
    const Mat3d rot = toMatrix(Quatd::fromAxisAngle(normalized(k->frameAxis), k->frameAngle * M_PI / 180.0));
    int n[3];
    for (int a = 0; a < 3; ++a) n[a] = std::max(1, static_cast<int>(std::ceil(2 * k->halfExtents[a] / h)));
    for (int i = 0; i <= n[0]; ++i)
      for (int j = 0; j <= n[1]; ++j)
        for (int l = 0; l <= n[2]; ++l) {
          const Vec3d local(-k->halfExtents.x + 2 * k->halfExtents.x * i / n[0], -k->halfExtents.y + 2 * k->halfExtents.y * j / n[1],
                            -k->halfExtents.z + 2 * k->halfExtents.z * l / n[2]);
          out.push_back(k->center + rot * local);
        }
  }
  return out;
}

std::vector<Skeleton> exampleSkeletons() {
  std::vector<Skeleton> out;
  PointSkeleton point;
  point.center = {0.1, -0.2, 0.3};
  out.push_back(point);
  SegmentSkeleton segment;
  segment.a = {-0.5, 0.1, 0.0};
  segment.b = {0.6, -0.3, 0.2};
  out.push_back(segment);
  LineSkeleton line;
  line.point = {0.0, 0.2, -0.1};
  line.direction = {1.0, 1.0, 0.5};
  out.push_back(line);
  PolylineSkeleton polyline;
  polyline.points = {{-0.6, 0, 0}, {-0.1, 0.5, 0.1}, {0.3, -0.2, 0}, {0.7, 0.3, -0.2}};
  out.push_back(polyline);
  CircleSkeleton circle;
  circle.center = {0.1, 0, 0};
  circle.normal = {0.3, 0.2, 1.0};
  circle.radius = 0.5;
  out.push_back(circle);
  BezierSkeleton bezier;
  bezier.controlPoints = {{-0.7, -0.3, 0}, {-0.3, 0.9, 0.2}, {0.2, -0.9, -0.1}, {0.7, 0.4, 0.3}};
  out.push_back(bezier);
  DiskSkeleton disk;
  disk.center = {0, 0.1, 0};
  disk.normal = {0.2, -0.3, 1.0};
  disk.radius = 0.45;
  out.push_back(disk);
  // A concave "L" in the tilted plane z = 0.2 x.
  PolygonSkeleton polygon;
  polygon.points = {{-0.5, -0.5, 0}, {0.5, -0.5, 0}, {0.5, -0.1, 0}, {-0.1, -0.1, 0}, {-0.1, 0.5, 0}, {-0.5, 0.5, 0}};
  for (Vec3d& p : polygon.points) p.z = 0.2 * p.x;
  out.push_back(polygon);
  PlaneSkeleton plane;
  plane.point = {0, 0, 0.1};
  plane.normal = {1.0, 0.0, 1.0};
  out.push_back(plane);
  SphereSkeleton sphere;
  sphere.center = {0.1, 0, 0};
  sphere.radius = 0.4;
  out.push_back(sphere);
  CylinderSkeleton cylinder;
  cylinder.base = {0, -0.1, -0.3};
  cylinder.axis = {0.2, 0.1, 1.0};
  cylinder.radius = 0.35;
  cylinder.height = 0.7;
  out.push_back(cylinder);
  SphereVolumeSkeleton ball;
  ball.center = {0, 0.1, 0};
  ball.radius = 0.35;
  out.push_back(ball);
  BoxSkeleton box;
  box.center = {0.05, 0, 0};
  box.halfExtents = {0.3, 0.2, 0.15};
  box.frameAxis = {1, 1, 0};
  box.frameAngle = 30.0;
  out.push_back(box);
  for (Skeleton& s : out) prepareSkeleton(s);
  return out;
}

}  // namespace flexure::deform::testing
