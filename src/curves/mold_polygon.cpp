#include "flexure/curves/mold_polygon.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace flexure {

MoldPolygon MoldPolygon::fromFlat(const std::vector<double>& xy) {
  MoldPolygon m;
  for (std::size_t i = 0; i + 1 < xy.size(); i += 2) m.vertices_.emplace_back(xy[i], xy[i + 1]);
  if (m.size() >= 3 && m.signedArea() < 0.0) std::reverse(m.vertices_.begin(), m.vertices_.end());
  const int n = m.size();
  m.edges_.resize(m.vertices_.size());
  for (int i = 0; i < n; ++i) {
    Edge& e = m.edges_[static_cast<std::size_t>(i)];
    e.vector = m.vertex(i + 1) - m.vertex(i);
    e.lengthSquared = e.vector.squaredNorm();
    const Eigen::Vector2d d = e.vector.normalized();
    e.normal = {-d.y(), d.x()};
    e.offset = e.normal.dot(m.vertex(i));
  }
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector2d& a = m.edgeVector(i - 1);
    const Eigen::Vector2d& b = m.edgeVector(i);
    m.edges_[static_cast<std::size_t>(i)].reflex = a.x() * b.y() - a.y() * b.x() < 0.0;  // a right turn on a counter-clockwise boundary
    m.convex_ = m.convex_ && !m.edges_[static_cast<std::size_t>(i)].reflex;
  }
  for (const Eigen::Vector2d& v : m.vertices_) m.scale_ = std::max(m.scale_, v.cwiseAbs().maxCoeff());
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

InclusionResult classifyPoint(const MoldPolygon& mold, const Eigen::Vector2d& p) {
  InclusionResult best;
  double bestAbs = std::numeric_limits<double>::infinity();
  const int n = mold.size();
  if (n == 0) return best;
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
  const std::vector<Eigen::Vector2d>& v = mold.vertices();
  // The projection parameter of p on edge i - 1 is the one computed for that edge in the previous
  // pass (the same expression), so each edge's is computed once.
  double tPrev = (p - v[static_cast<std::size_t>(n - 1)]).dot(mold.edgeVector(n - 1)) / mold.edgeLengthSquared(n - 1);
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector2d& a = v[static_cast<std::size_t>(i)];
    const double t = (p - a).dot(mold.edgeVector(i)) / mold.edgeLengthSquared(i);
    // The slab over edge i.
    if (t >= 0.0 && t <= 1.0) consider(mold.edgeDistance(i, p), MoldEntity::Edge, i);
    // The sector around the starting vertex v_i: beyond edge i-1 and before edge i.
    if (t <= 0.0 && tPrev >= 1.0) {
      const double dist = (p - a).norm();
      // Points of the sector lie inside the cavity at a reflex vertex, outside at a convex one.
      consider(mold.isReflex(i) ? dist : -dist, MoldEntity::Vertex, i);
    }
    tPrev = t;
  }
  best.inside = best.distance >= 0.0;
  return best;
}

}  // namespace flexure
