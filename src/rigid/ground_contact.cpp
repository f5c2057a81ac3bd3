#include "flexure/rigid/ground_contact.h"

#include <algorithm>
#include <cmath>

#include "flexure/rigid/permitted_region.h"

namespace flexure {

namespace {

// Eqs. 14-15 between a solid and the world, closing the displacement `gap` of point P.
void correctPointAgainstWorld(RigidBody& b, const Vec3d& p, const Vec3d& gap) {
  const double length = norm(gap);
  if (length <= 0.0) return;
  CorrectionSide self{b.com, b.inverseMass, inverseInertiaWorld(b)};
  const CorrectionSide world;
  const double alpha = effectiveMassAlong(self, p, world, p, gap / length);
  const PairCorrection c = eq14and15(self, p, world, p + gap, alpha);
  applyRotation(b, c.deltaR1);
  b.com += c.deltaX1;
}

bool touchesGround(const RigidSystem& s, std::size_t i) {
  return !s.contactSamples[i].empty() || !s.roundContacts[i].empty();
}

Vec3d worldPointAtStepStart(const RigidBody& b, const Vec3d& local) {
  return b.comAtStepStart + toMatrix(b.orientationAtStepStart) * (local - b.localCom);
}

}  // namespace

double deepestPenetration(const RigidSystem& s, const GroundPlane& g) {
  double deepest = 0.0;
  const Vec3d n = normalized(g.normal);
  std::vector<Vec3d> points;
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    if (!touchesGround(s, i) || dot(n, s.bodies[i].com) - s.contactRadius[i] > g.offset) continue;  // too high to touch
    contactPointsOf(s, i, n, points);
    for (const Vec3d& local : points) deepest = std::max(deepest, g.offset - dot(n, worldPoint(s.bodies[i], local)));
  }
  return deepest;
}

double processGroundContacts(RigidSystem& s, const GroundPlane& g, ContactBudget& budget, bool friction) {
  const Vec3d n = normalized(g.normal);
  double deepest = 0.0;
  if (budget.normal.size() != s.bodies.size()) budget.reset(s.bodies.size());
  std::vector<Vec3d> points;
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    RigidBody& b = s.bodies[i];
    if (b.fixed || !touchesGround(s, i)) continue;
    if (dot(n, b.com) - s.contactRadius[i] > g.offset) continue;  // too high to touch
    contactPointsOf(s, i, n, points);
    for (const Vec3d& local : points) {
      const Vec3d p = worldPoint(b, local);
      const double depth = g.offset - dot(n, p);
      if (depth <= 0.0) continue;
      deepest = std::max(deepest, depth);
      correctPointAgainstWorld(b, p, n * depth);
      budget.normal[i] += depth;
      if (!friction) continue;
      const Vec3d q = worldPoint(b, local);
      Vec3d slip = q - worldPointAtStepStart(b, local);
      slip -= n * dot(n, slip);
      const double slipLength = norm(slip);
      const double allowed = g.friction * budget.normal[i] - budget.tangential[i];
      if (slipLength <= 0.0 || allowed <= 0.0) continue;
      const double undo = std::min(slipLength, allowed);
      correctPointAgainstWorld(b, q, slip * (-undo / slipLength));
      budget.tangential[i] += undo;
    }
  }
  return deepest;
}

void appendContactRows(const RigidSystem& s, const GroundPlane& g, bool friction, std::vector<ConstraintRow>& rows) {
  const Vec3d n = normalized(g.normal);
  Vec3d t1, t2;
  orthonormalComplement(n, t1, t2);
  std::vector<Vec3d> points;
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    const RigidBody& b = s.bodies[i];
    if (b.fixed || !touchesGround(s, i)) continue;
    if (dot(n, b.com) - s.contactRadius[i] > g.offset) continue;
    // One effective contact point per solid: the centroid of its touching samples (the middle
    // of a wheel's contact line, of a block's face), with the depth of the deepest. Several
    // rows per solid would be redundant (more rows than degrees of freedom) and their
    // projected impulses ill-defined.
    double deepest = -1.0, weight = 0.0;
    Vec3d centroid;
    contactPointsOf(s, i, n, points);
    for (const Vec3d& local : points) {
      const double depth = g.offset - dot(n, worldPoint(b, local));
      if (depth <= -1e-9) continue;
      deepest = std::max(deepest, depth);
      centroid += local;
      weight += 1.0;
    }
    if (weight == 0.0) continue;
    const Vec3d local = centroid / weight;
    const Vec3d p = worldPoint(b, local);
    const Vec3d r = p - b.com;
    auto add = [&](const Vec3d& d, double error, bool tangent) {
      ConstraintRow row;
      row.body2 = static_cast<int>(i);
      row.linear2 = d;
      row.angular2 = cross(r, d);
      row.error = error;
      row.contactBody = static_cast<int>(i);
      row.frictionRow = tangent;
      rows.push_back(row);
    };
    add(n, -std::max(0.0, deepest), false);
    if (friction) {
      const Vec3d slip = p - worldPointAtStepStart(b, local);
      add(t1, dot(slip, t1), true);
      add(t2, dot(slip, t2), true);
    }
  }
}

void projectContactImpulses(const std::vector<ConstraintRow>& rows, double friction, ContactBudget& budget,
                            Eigen::VectorXd& lambda) {
  const int n = static_cast<int>(rows.size());
  for (int k = 0; k < n; ++k) {
    const ConstraintRow& r = rows[static_cast<std::size_t>(k)];
    if (r.contactBody < 0 || r.frictionRow) continue;
    lambda[k] = std::max(0.0, lambda[k]);
    budget.normal[static_cast<std::size_t>(r.contactBody)] += lambda[k];
  }
  for (int k = 0; k + 1 < n; ++k) {
    const ConstraintRow& r = rows[static_cast<std::size_t>(k)];
    if (r.contactBody < 0 || !r.frictionRow) continue;
    const std::size_t b = static_cast<std::size_t>(r.contactBody);
    const double magnitude = std::hypot(lambda[k], lambda[k + 1]);
    const double allowed = std::max(0.0, friction * budget.normal[b] - budget.tangential[b]);
    if (magnitude > allowed) {
      const double scale = magnitude > 0.0 ? allowed / magnitude : 0.0;
      lambda[k] *= scale;
      lambda[k + 1] *= scale;
    }
    budget.tangential[b] += std::min(magnitude, allowed);
    ++k;  // the pair's second row
  }
}

}  // namespace flexure
