#include "flexure/curves/mold_polygon.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flexure {

MoldPolygon MoldPolygon::fromFlat(const std::vector<double>& xy) {
  MoldPolygon m;
  for (std::size_t i = 0; i + 1 < xy.size(); i += 2) m.vertices.emplace_back(xy[i], xy[i + 1]);
  if (m.size() >= 3 && m.signedArea() < 0.0) std::reverse(m.vertices.begin(), m.vertices.end());
  return m;
}

double MoldPolygon::signedArea() const {
  double a = 0.0;
  for (int i = 0; i < size(); ++i) {
    const Eigen::Vector2d& p = vertex(i);
    const Eigen::Vector2d& q = vertex(i + 1);
    a += p.x() * q.y() - q.x() * p.y();
  }
  return 0.5 * a;
}

Eigen::Vector2d MoldPolygon::inwardNormal(int i) const {
  const Eigen::Vector2d d = edgeVector(i).normalized();
  return {-d.y(), d.x()};
}

bool MoldPolygon::isReflex(int i) const {
  const Eigen::Vector2d a = edgeVector(i - 1), b = edgeVector(i);
  return a.x() * b.y() - a.y() * b.x() < 0.0;  // a right turn on a counter-clockwise boundary
}

bool MoldPolygon::isConvex() const {
  for (int i = 0; i < size(); ++i)
    if (isReflex(i)) return false;
  return true;
}

InclusionResult classifyPoint(const MoldPolygon& mold, const Eigen::Vector2d& p) {
  InclusionResult best;
  double bestAbs = std::numeric_limits<double>::infinity();
  const int n = mold.size();
  auto consider = [&](double signedDistance, MoldEntity entity, int index) {
    const double a = std::abs(signedDistance);
    // Ties prefer an edge over a vertex, and an outside verdict over an inside one.
    if (a < bestAbs - 1e-15 || (a <= bestAbs + 1e-15 && signedDistance < best.distance)) {
      bestAbs = a;
      best.distance = signedDistance;
      best.entity = entity;
      best.index = index;
    }
  };
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector2d a = mold.vertex(i), d = mold.edgeVector(i);
    const double len2 = d.squaredNorm();
    const double t = (p - a).dot(d) / len2;
    // The slab over edge i.
    if (t >= 0.0 && t <= 1.0) consider(mold.edgeDistance(i, p), MoldEntity::Edge, i);
    // The sector around the starting vertex v_i: beyond edge i-1 and before edge i.
    const Eigen::Vector2d dp = mold.edgeVector(i - 1);
    const double tPrev = (p - mold.vertex(i - 1)).dot(dp) / dp.squaredNorm();
    if (t <= 0.0 && tPrev >= 1.0) {
      const double dist = (p - a).norm();
      // Points of the sector lie inside the cavity at a reflex vertex, outside at a convex one.
      consider(mold.isReflex(i) ? dist : -dist, MoldEntity::Vertex, i);
    }
  }
  best.inside = best.distance >= 0.0;
  return best;
}

}  // namespace flexure
