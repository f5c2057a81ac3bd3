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

// Rows are kept for solids within this fraction of their size above the floor.
constexpr double kContactMargin = 0.02;

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
    // projected impulses ill-defined. A solid slightly above the floor (within the margin)
    // gets a row too, whose error is its (negative) depth: the solve then decides whether the
    // floor has to push (λ ≥ 0, the contact holds) or would have to pull (the caller drops the
    // row and solves again). Without it, a contact closed exactly by one iteration is absent
    // from the next, whose joint corrections push the solid back in: the rows flicker on and
    // off and the iteration cycles (the monocycle's wheel at t = 3.5 s).
    contactPointsOf(s, i, n, points);
    double deepest = -1e300;
    for (const Vec3d& local : points) deepest = std::max(deepest, g.offset - dot(n, worldPoint(b, local)));
    if (deepest <= -kContactMargin * s.contactRadius[i]) continue;
    const double touching = std::min(deepest, 0.0) - 1e-9;
    double weight = 0.0;
    Vec3d centroid;
    for (const Vec3d& local : points) {
      if (g.offset - dot(n, worldPoint(b, local)) <= touching) continue;
      centroid += local;
      weight += 1.0;
    }
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
    add(n, -deepest, false);
    if (friction) {
      const Vec3d slip = p - worldPointAtStepStart(b, local);
      add(t1, dot(slip, t1), true);
      add(t2, dot(slip, t2), true);
    }
  }
}

bool dropPullingContacts(const Eigen::VectorXd& lambda, std::vector<ConstraintRow>& rows) {
  std::vector<int> pulling;
  for (std::size_t k = 0; k < rows.size(); ++k)
    if (rows[k].contactBody >= 0 && !rows[k].frictionRow && lambda[static_cast<Eigen::Index>(k)] < 0.0)
      pulling.push_back(rows[k].contactBody);
  if (pulling.empty()) return false;
  std::erase_if(rows, [&](const ConstraintRow& r) {
    return r.contactBody >= 0 && std::find(pulling.begin(), pulling.end(), r.contactBody) != pulling.end();
  });
  return true;
}

namespace {

// J_k Δ for the displacement (dx, dR) of one solid.
double rowChange(const ConstraintRow& r, int body, const Vec3d& dx, const Vec3d& dR) {
  double change = 0.0;
  if (r.body1 == body) change += dot(r.linear1, dx) + dot(r.angular1, dR);
  if (r.body2 == body) change += dot(r.linear2, dx) + dot(r.angular2, dR);
  return change;
}

}  // namespace

bool clipSlidingContacts(const RigidSystem& s, double friction, const ContactBudget& budget,
                         const Eigen::VectorXd& lambda, std::vector<ConstraintRow>& rows, std::vector<Vec3d>& dx,
                         std::vector<Vec3d>& dR, std::vector<std::pair<int, Vec3d>>& applied) {
  std::vector<std::pair<int, Vec3d>> clippedNow;
  std::vector<std::pair<Vec3d, Vec3d>> displacement;
  const std::size_t n = rows.size();
  for (std::size_t k = 0; k + 2 < n; ++k) {  // a normal row followed by its two friction rows
    const ConstraintRow& normalRow = rows[k];
    if (normalRow.contactBody < 0 || normalRow.frictionRow) continue;
    if (!rows[k + 1].frictionRow || !rows[k + 2].frictionRow) continue;
    const auto b = static_cast<std::size_t>(normalRow.contactBody);
    const auto i = static_cast<Eigen::Index>(k);
    const double normalTotal = budget.normal[b] + std::max(0.0, lambda[i]);
    const Vec3d before = budget.frictionImpulse[b];
    const Vec3d total = before + Vec3d(lambda[i + 1], lambda[i + 2], 0.0);
    const double bound = friction * normalTotal;
    const double magnitude = norm(total);
    if (magnitude <= bound) continue;
    const Vec3d change = total * (bound / magnitude) - before;  // the cone's edge, as an increment
    Vec3d ddx, ddR;
    const RigidBody& body = s.bodies[b];
    for (int t = 0; t < 2; ++t) {
      const ConstraintRow& f = rows[k + 1 + static_cast<std::size_t>(t)];
      const double l = t == 0 ? change.x : change.y;
      ddx += f.linear2 * (body.inverseMass * l);
      ddR += inverseInertiaWorld(body) * f.angular2 * l;
    }
    clippedNow.push_back({normalRow.contactBody, change});
    displacement.push_back({ddx, ddR});
  }
  if (clippedNow.empty()) return false;
  for (std::size_t c = 0; c < clippedNow.size(); ++c) {
    const int b = clippedNow[c].first;
    dx[static_cast<std::size_t>(b)] += displacement[c].first;
    dR[static_cast<std::size_t>(b)] += displacement[c].second;
    std::erase_if(rows, [b](const ConstraintRow& r) { return r.frictionRow && r.contactBody == b; });
    for (ConstraintRow& r : rows) r.error += rowChange(r, b, displacement[c].first, displacement[c].second);
    applied.push_back(clippedNow[c]);
  }
  return true;
}

void commitContactImpulses(const std::vector<ConstraintRow>& rows, const std::vector<std::pair<int, Vec3d>>& clipped,
                           ContactBudget& budget, Eigen::VectorXd& lambda) {
  const std::size_t n = rows.size();
  for (std::size_t k = 0; k < n; ++k) {
    const ConstraintRow& r = rows[k];
    if (r.contactBody < 0) continue;
    const auto b = static_cast<std::size_t>(r.contactBody);
    const auto i = static_cast<Eigen::Index>(k);
    if (!r.frictionRow) {
      lambda[i] = std::max(0.0, lambda[i]);
      budget.normal[b] += lambda[i];
    } else if (k > 0 && !rows[k - 1].frictionRow) {
      budget.frictionImpulse[b] += Vec3d(lambda[i], k + 1 < n ? lambda[i + 1] : 0.0, 0.0);
    }
  }
  for (const auto& [body, impulse] : clipped) budget.frictionImpulse[static_cast<std::size_t>(body)] += impulse;
}

}  // namespace flexure
