#include "flexure/rigid/ground_contact.h"

#include <algorithm>
#include <cmath>

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

Vec3d worldPointAtStepStart(const RigidBody& b, const Vec3d& local) {
  return b.comAtStepStart + toMatrix(b.orientationAtStepStart) * (local - b.localCom);
}

}  // namespace

double deepestPenetration(const RigidSystem& s, const GroundPlane& g) {
  double deepest = 0.0;
  const Vec3d n = normalized(g.normal);
  for (std::size_t i = 0; i < s.bodies.size(); ++i)
    for (const Vec3d& local : s.contactSamples[i]) deepest = std::max(deepest, g.offset - dot(n, worldPoint(s.bodies[i], local)));
  return deepest;
}

double processGroundContacts(RigidSystem& s, const GroundPlane& g, ContactBudget& budget, bool friction) {
  const Vec3d n = normalized(g.normal);
  double deepest = 0.0;
  if (budget.normal.size() != s.bodies.size()) budget.reset(s.bodies.size());
  for (std::size_t i = 0; i < s.bodies.size(); ++i) {
    RigidBody& b = s.bodies[i];
    if (b.fixed || s.contactSamples[i].empty()) continue;
    for (const Vec3d& local : s.contactSamples[i]) {
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

}  // namespace flexure
