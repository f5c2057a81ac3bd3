// The mold queries answer exactly as they did before the polygon kept its per-edge data
// (mold_polygon.h, issue 17 item 3): classifyPoint and curveCrossesBoundary are compared, bit for
// bit, with the former implementations, kept here verbatim as the reference (normals, offsets and
// reflex flags recomputed at every question, every (edge, span) pair's roots isolated).
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include "flexure/curves/curve_basis_row.h"
#include "flexure/curves/curve_mold_geometry.h"
#include "flexure/curves/mold_polygon.h"

using namespace flexure;

namespace reference {

// --- mold_polygon.cpp before issue 17 item 3 ----------------------------------------------
Eigen::Vector2d vertex(const MoldPolygon& m, int i) { return m.vertices()[static_cast<std::size_t>((i % m.size() + m.size()) % m.size())]; }
Eigen::Vector2d edgeVector(const MoldPolygon& m, int i) { return vertex(m, i + 1) - vertex(m, i); }
Eigen::Vector2d inwardNormal(const MoldPolygon& m, int i) {
  const Eigen::Vector2d d = edgeVector(m, i).normalized();
  return {-d.y(), d.x()};
}
double edgeDistance(const MoldPolygon& m, int i, const Eigen::Vector2d& x) { return inwardNormal(m, i).dot(x - vertex(m, i)); }
bool isReflex(const MoldPolygon& m, int i) {
  const Eigen::Vector2d a = edgeVector(m, i - 1), b = edgeVector(m, i);
  return a.x() * b.y() - a.y() * b.x() < 0.0;
}

InclusionResult classifyPoint(const MoldPolygon& mold, const Eigen::Vector2d& p) {
  InclusionResult best;
  double bestAbs = std::numeric_limits<double>::infinity();
  const int n = mold.size();
  auto consider = [&](double signedDistance, MoldEntity entity, int index) {
    const double a = std::abs(signedDistance);
    if (a < bestAbs - 1e-15 || (a <= bestAbs + 1e-15 && signedDistance < best.distance)) {
      bestAbs = a;
      best.distance = signedDistance;
      best.entity = entity;
      best.index = index;
    }
  };
  for (int i = 0; i < n; ++i) {
    const Eigen::Vector2d a = vertex(mold, i), d = edgeVector(mold, i);
    const double len2 = d.squaredNorm();
    const double t = (p - a).dot(d) / len2;
    if (t >= 0.0 && t <= 1.0) consider(edgeDistance(mold, i, p), MoldEntity::Edge, i);
    const Eigen::Vector2d dp = edgeVector(mold, i - 1);
    const double tPrev = (p - vertex(mold, i - 1)).dot(dp) / dp.squaredNorm();
    if (t <= 0.0 && tPrev >= 1.0) {
      const double dist = (p - a).norm();
      consider(isReflex(mold, i) ? dist : -dist, MoldEntity::Vertex, i);
    }
  }
  best.inside = best.distance >= 0.0;
  return best;
}

// --- curve_mold_geometry.cpp before issue 17 item 3 ---------------------------------------
constexpr double kPower[4][4] = {{1.0 / 6, -0.5, 0.5, -1.0 / 6},
                                 {4.0 / 6, 0.0, -1.0, 0.5},
                                 {1.0 / 6, 0.5, 0.5, -0.5},
                                 {0.0, 0.0, 0.0, 1.0 / 6}};
using Cubic = std::array<double, 4>;
double evalCubic(const Cubic& c, double t) { return ((c[3] * t + c[2]) * t + c[1]) * t + c[0]; }
Cubic spanLineDistance(const BSplineShape& shape, const Eigen::VectorXd& q, int span, const Eigen::Vector2d& n, double offset) {
  Cubic c{-offset, 0.0, 0.0, 0.0};
  for (int k = 0; k < 4; ++k) {
    const int i = shape.controlIndex(span, k);
    const double np = n.x() * q[2 * i] + n.y() * q[2 * i + 1];
    for (int j = 0; j < 4; ++j) c[static_cast<std::size_t>(j)] += np * kPower[k][j];
  }
  return c;
}
std::vector<double> criticalPoints(const Cubic& c) {
  std::vector<double> out;
  const double a = 3.0 * c[3], b = 2.0 * c[2], d = c[1];
  if (std::abs(a) < 1e-300) {
    if (std::abs(b) > 1e-300) out.push_back(-d / b);
  } else {
    const double disc = b * b - 4.0 * a * d;
    if (disc >= 0.0) {
      const double s = std::sqrt(disc);
      out.push_back((-b - s) / (2.0 * a));
      out.push_back((-b + s) / (2.0 * a));
    }
  }
  std::vector<double> inside;
  for (double t : out)
    if (t > 0.0 && t < 1.0) inside.push_back(t);
  std::sort(inside.begin(), inside.end());
  return inside;
}
std::vector<double> rootsInUnit(const Cubic& c, double tolerance) {
  std::vector<double> breaks{0.0};
  for (double t : criticalPoints(c)) breaks.push_back(t);
  breaks.push_back(1.0);
  std::vector<double> roots;
  for (std::size_t k = 0; k + 1 < breaks.size(); ++k) {
    double lo = breaks[k], hi = breaks[k + 1];
    double flo = evalCubic(c, lo), fhi = evalCubic(c, hi);
    if (std::abs(flo) <= tolerance) { roots.push_back(lo); continue; }
    if (std::abs(fhi) <= tolerance) { roots.push_back(hi); continue; }
    if ((flo > 0.0) == (fhi > 0.0)) continue;
    for (int it = 0; it < 60; ++it) {
      const double mid = 0.5 * (lo + hi);
      const double fm = evalCubic(c, mid);
      if ((fm > 0.0) == (flo > 0.0)) { lo = mid; flo = fm; } else { hi = mid; }
    }
    roots.push_back(0.5 * (lo + hi));
  }
  return roots;
}
double edgeParameter(const MoldPolygon& mold, int e, const Eigen::Vector2d& x) {
  const Eigen::Vector2d d = edgeVector(mold, e);
  return (x - vertex(mold, e)).dot(d) / d.squaredNorm();
}
bool curveCrossesBoundary(const BSplineShape& shape, const Eigen::VectorXd& q, const MoldPolygon& mold) {
  const int m = shape.spanCount();
  double scale = 1.0;
  for (const Eigen::Vector2d& v : mold.vertices()) scale = std::max(scale, v.cwiseAbs().maxCoeff());
  const double depth = 1e-11 * scale;
  for (int e = 0; e < mold.size(); ++e) {
    const Eigen::Vector2d n = inwardNormal(mold, e);
    const double offset = n.dot(vertex(mold, e));
    for (int s = 0; s < m; ++s) {
      bool allAbove = true;
      for (int k = 0; k < 4 && allAbove; ++k) {
        const int i = shape.controlIndex(s, k);
        allAbove = n.x() * q[2 * i] + n.y() * q[2 * i + 1] - offset > depth;
      }
      if (allAbove) continue;
      const Cubic c = spanLineDistance(shape, q, s, n, offset);
      for (double t : rootsInUnit(c, depth)) {
        const double u = (s + t) / m;
        const Eigen::Vector2d x = curvePoint(shape, q, u);
        const double sigma = edgeParameter(mold, e, x);
        if (sigma < -1e-9 || sigma > 1.0 + 1e-9) continue;
        const double speed = std::max(curveDerivative(shape, q, u).norm(), 1e-300);
        const double du = 1e-8 * scale / speed;
        for (double side : {-du, du}) {
          const double us = shape.closed ? u + side : std::clamp(u + side, 0.0, 1.0);
          if (reference::classifyPoint(mold, curvePoint(shape, q, us)).distance < -depth) return true;
        }
      }
    }
  }
  return false;
}

}  // namespace reference

namespace {

bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

std::vector<MoldPolygon> molds() {
  return {MoldPolygon::fromFlat({0, 0, 1.5, 0, 2, 2, 2.5, 0, 4, 0, 4, 4, 0, 4}),  // Fig. 4
          // scenes/mold-concave.json (Fig. 5): teeth in the floor and the ceiling
          MoldPolygon::fromFlat({0, 0, 1.0, 0, 1.4, 1.6, 1.8, 0, 3.0, 0, 3.5, 1.3, 4.0, 0, 5, 0, 5, 3, 3.0, 3, 2.6, 1.9,
                                 2.2, 3, 0, 3}),
          MoldPolygon::fromFlat({0, 0.6, 0.6, 0, 3.4, 0, 4, 0.6, 4, 2.4, 3.4, 3, 0.6, 3, 0, 2.4}),  // convex octagon
          MoldPolygon::fromFlat({0, 0, 0, 2, 2, 2, 2, 0})};  // clockwise input
}

}  // namespace

TEST_CASE("the prepared polygon's per-edge data is what the queries computed each time", "[mold][queries]") {
  for (const MoldPolygon& m : molds()) {
    bool convex = true;
    for (int i = -2; i < m.size() + 2; ++i) {
      CHECK((m.inwardNormal(i) - reference::inwardNormal(m, i)).norm() == 0.0);
      CHECK((m.edgeVector(i) - reference::edgeVector(m, i)).norm() == 0.0);
      CHECK(sameBits(m.edgeLengthSquared(i), reference::edgeVector(m, i).squaredNorm()));
      CHECK(sameBits(m.edgeOffset(i), reference::inwardNormal(m, i).dot(reference::vertex(m, i))));
      CHECK(m.isReflex(i) == reference::isReflex(m, i));
      convex = convex && !reference::isReflex(m, i);
    }
    CHECK(m.isConvex() == convex);
  }
}

TEST_CASE("classifyPoint answers bit for bit as before, near and far from the boundary", "[mold][queries]") {
  std::mt19937 rng(17);
  std::uniform_real_distribution<double> coordinate(-1.0, 6.0), jitter(-1e-6, 1e-6);
  std::uniform_int_distribution<int> pick(0, 1000);
  for (const MoldPolygon& m : molds()) {
    std::vector<Eigen::Vector2d> points;
    for (int k = 0; k < 20000; ++k) points.emplace_back(coordinate(rng), coordinate(rng));
    // On and within round-off of every vertex and edge: where the ties are decided.
    for (int i = 0; i < m.size(); ++i)
      for (double t : {0.0, 1e-12, 0.25, 0.5, 1.0 - 1e-12}) {
        const Eigen::Vector2d on = m.vertex(i) + t * m.edgeVector(i);
        points.push_back(on);
        points.push_back(on + Eigen::Vector2d(jitter(rng), jitter(rng)));
        points.push_back(on + 1e-3 * m.inwardNormal(i));
        points.push_back(on - 1e-3 * m.inwardNormal(i));
      }
    for (const Eigen::Vector2d& p : points) {
      const InclusionResult a = classifyPoint(m, p), b = reference::classifyPoint(m, p);
      INFO("point " << p.transpose());
      REQUIRE(a.inside == b.inside);
      REQUIRE(sameBits(a.distance, b.distance));
      REQUIRE(a.entity == b.entity);
      REQUIRE(a.index == b.index);
    }
  }
}

TEST_CASE("the crossing test answers as before for curves in, across and around the molds", "[mold][queries]") {
  // Curves laid through the cavities at random (most cross somewhere) and curves shrunk about a
  // point inside the cavity until they lie inside, then nudged: both answers occur many times.
  std::mt19937 rng(23);
  std::uniform_real_distribution<double> coordinate(-0.5, 5.5), unit(0.0, 1.0), nudge(-0.05, 0.05);
  int crossing = 0, clear = 0;
  for (const MoldPolygon& m : molds())
    for (bool closed : {false, true})
      for (int trial = 0; trial < 400; ++trial) {
        const int count = 6 + trial % 15;
        const BSplineShape shape{count, closed};
        Eigen::VectorXd q(2 * count);
        const Eigen::Vector2d centre(1.0 + unit(rng), 0.5 + 0.6 * unit(rng));
        const double shrink = std::pow(unit(rng), 3.0);
        for (int j = 0; j < count; ++j) {
          const Eigen::Vector2d p(coordinate(rng), coordinate(rng));
          q.segment<2>(2 * j) = centre + shrink * (p - centre) + Eigen::Vector2d(nudge(rng), nudge(rng));
        }
        const bool a = curveCrossesBoundary(shape, q, m), b = reference::curveCrossesBoundary(shape, q, m);
        INFO("mold of " << m.size() << " vertices, " << count << " control points, closed " << closed << ", trial " << trial);
        REQUIRE(a == b);
        (a ? crossing : clear) += 1;
      }
  CHECK(crossing > 200);
  CHECK(clear > 200);
}

TEST_CASE("the crossing test answers as before for small curves at the boundary's vertices and edges",
          "[mold][queries]") {
  // A small curve around a point of the boundary crosses (or not) only there: near a vertex, the
  // two edges' ends are the only candidates, which is where a wrong skip of an (edge, span) pair
  // would show.
  std::mt19937 rng(29);
  std::uniform_real_distribution<double> unit(0.0, 1.0), angle(0.0, 2.0 * M_PI);
  int crossing = 0, clear = 0;
  for (const MoldPolygon& m : molds())
    for (int trial = 0; trial < 3000; ++trial) {
      const int count = 5 + trial % 6;
      const BSplineShape shape{count, trial % 3 == 0};
      const int edge = trial % m.size();
      const double t = trial % 2 ? 0.5 * std::pow(unit(rng), 4.0) : 1.0 - 0.5 * std::pow(unit(rng), 4.0);
      const Eigen::Vector2d centre = m.vertex(edge) + t * m.edgeVector(edge) + 0.05 * (unit(rng) - 0.3) * m.inwardNormal(edge);
      const double size = 0.02 + 0.3 * unit(rng);
      Eigen::VectorXd q(2 * count);
      for (int j = 0; j < count; ++j) {
        const double a = angle(rng), r = size * unit(rng);
        q.segment<2>(2 * j) = centre + r * Eigen::Vector2d(std::cos(a), std::sin(a));
      }
      const bool a = curveCrossesBoundary(shape, q, m), b = reference::curveCrossesBoundary(shape, q, m);
      INFO("mold of " << m.size() << " vertices, edge " << edge << ", t " << t << ", trial " << trial);
      REQUIRE(a == b);
      (a ? crossing : clear) += 1;
    }
  CHECK(crossing > 1000);
  CHECK(clear > 1000);
}

TEST_CASE("restricted to a path's candidates, the crossing and inclusion tests answer as the full ones at "
          "every state of the path", "[mold][queries][path]") {
  // The mold solver's event search tests states q0 + s (q1 − q0) of one path (curve_mold_geometry.h,
  // crossingCandidates, leavingCandidates). Paths of random curves across the cavities, short and
  // long, tested at random s and at the bisection's s values.
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> unit(0.0, 1.0), coordinate(-0.5, 5.5);
  int crossings = 0, legal = 0, outsidePoints = 0, skippedPairs = 0, pairs = 0;
  for (const MoldPolygon& m : molds())
    for (int trial = 0; trial < 300; ++trial) {
      const int count = 6 + trial % 12;
      const BSplineShape shape{count, trial % 4 == 0};
      const Eigen::Vector2d centre(1.0 + 2.0 * unit(rng), 0.4 + 1.2 * unit(rng));
      const double size = 0.1 + 2.0 * std::pow(unit(rng), 2.0), step = trial % 2 ? 0.02 : 0.5;
      Eigen::VectorXd q0(2 * count), q1(2 * count);
      for (int j = 0; j < count; ++j) {
        const Eigen::Vector2d p(coordinate(rng), coordinate(rng));
        q0.segment<2>(2 * j) = centre + size / 6.0 * (p - Eigen::Vector2d(2.5, 2.5));
        q1.segment<2>(2 * j) = q0.segment<2>(2 * j) + step * Eigen::Vector2d(unit(rng) - 0.5, unit(rng) - 0.5);
      }
      const std::vector<EdgeSpan> candidates = crossingCandidates(shape, q0, q1, m);
      const std::vector<int> leaving = leavingCandidates(count, q0, q1, m);
      pairs += m.size() * shape.spanCount();
      skippedPairs += m.size() * shape.spanCount() - static_cast<int>(candidates.size());
      std::vector<double> states{0.0, 1.0};
      for (int k = 1; k < 8; ++k) states.push_back(k / 8.0);
      double lo = 0.0, hi = 1.0;
      for (int it = 0; it < 30; ++it) states.push_back(0.5 * (lo + hi)), (unit(rng) < 0.5 ? lo : hi) = 0.5 * (lo + hi);
      for (int k = 0; k < 20; ++k) states.push_back(unit(rng));
      for (double s : states) {
        const Eigen::VectorXd q = q0 + s * (q1 - q0);
        const bool full = curveCrossesBoundary(shape, q, m);
        INFO("mold of " << m.size() << " vertices, trial " << trial << ", s " << s);
        REQUIRE(curveCrossesBoundary(shape, q, m, candidates) == full);
        (full ? crossings : legal) += 1;
        for (int j = 0; j < count; ++j) {
          if (std::find(leaving.begin(), leaving.end(), j) != leaving.end()) continue;
          INFO("control point " << j << " at " << q.segment<2>(2 * j).transpose());
          REQUIRE(classifyPoint(m, q.segment<2>(2 * j)).distance >= 0.0);
        }
        for (int j : leaving) outsidePoints += classifyPoint(m, q.segment<2>(2 * j)).inside ? 0 : 1;
      }
    }
  INFO(crossings << " crossing states, " << legal << " not; " << skippedPairs << " of " << pairs << " pairs skipped");
  CHECK(crossings > 1000);
  CHECK(legal > 1000);
  CHECK(outsidePoints > 1000);
  CHECK(skippedPairs > pairs / 4);
}
