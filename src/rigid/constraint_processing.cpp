#include "flexure/rigid/constraint_processing.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "flexure/rigid/goal_pull.h"
#include "flexure/rigid/joint_geometry.h"

namespace flexure {

namespace {

struct Corrections {
  std::vector<Vec3d> dx, dR;
  void reset(std::size_t n) { dx.assign(n, Vec3d()); dR.assign(n, Vec3d()); }
};

bool usesUserParameters(const RigidSystem& s, const JointRecord& j) {
  return (j.body1 >= 0 && !s.bodies[static_cast<std::size_t>(j.body1)].physical) ||
         (j.body2 >= 0 && !s.bodies[static_cast<std::size_t>(j.body2)].physical);
}

double rotationAbilityOf(const RigidSystem& s, int body) {
  return body >= 0 ? s.bodies[static_cast<std::size_t>(body)].rotationAbility : 0.0;
}

// Coefficients of Eqs. 18-19: physical data, or the user parameters of section 3.1.4.
CorrectionWeights weightsOf(const RigidSystem& s, const JointRecord& j, const CorrectionSide& s1,
                            const CorrectionSide& s2) {
  if (usesUserParameters(s, j))
    return userWeights(j.mobility, rotationAbilityOf(s, j.body1), isMovable(s, j.body1), rotationAbilityOf(s, j.body2),
                       isMovable(s, j.body2));
  return physicalWeights(s1, s2);
}

// The weight 1/max(n_i, n_j) of section 3.2 (n: active constraints on a movable solid).
double pairWeight(const std::vector<int>& counts, const JointRecord& j, bool weighted) {
  const double goal = j.goal ? 0.5 : 1.0;  // a goal pulls softly (RigidJoint::goal)
  if (!weighted) return goal;
  int n = 1;
  if (j.body1 >= 0) n = std::max(n, counts[static_cast<std::size_t>(j.body1)]);
  if (j.body2 >= 0) n = std::max(n, counts[static_cast<std::size_t>(j.body2)]);
  return goal / n;
}

void accumulate(std::vector<Vec3d>& into, int body, const Vec3d& v, double weight) {
  if (body >= 0) into[static_cast<std::size_t>(body)] += v * weight;
}

// Angle then twist rotations (section 4.2.3), measured after the rotations found so far.
void addAngularCorrections(const RigidSystem& s, const JointRecord& j, const CorrectionSide& s1,
                           const CorrectionSide& s2, Vec3d& r1, Vec3d& r2) {
  if (j.angle.enabled) {
    const PairRotation a = correctAngularRow(measureJointAngle(s, j, r1, r2), s1.inverseInertia, s2.inverseInertia);
    r1 += a.deltaR1;
    r2 += a.deltaR2;
  }
  if (j.twist.enabled) {
    const PairRotation t = correctAngularRow(measureJointTwist(s, j, r1, r2), s1.inverseInertia, s2.inverseInertia);
    r1 += t.deltaR1;
    r2 += t.deltaR2;
  }
}

// For angle and twist without physical data, J^{-1} becomes the ability to rotate.
CorrectionSide angularSide(const RigidSystem& s, int body, bool user) {
  CorrectionSide side = correctionSideOf(s, body);
  if (!user || !isMovable(s, body)) return side;
  side.inverseInertia = Mat3d();
  for (int i = 0; i < 3; ++i) side.inverseInertia.m[i][i] = rotationAbilityOf(s, body);
  return side;
}

double largestNorm(const std::vector<Vec3d>& v) {
  double m = 0.0;
  for (const Vec3d& x : v) m = std::max(m, norm(x));
  return m;
}

// Assembly (section 2.3): scale a correction so no rotation vector exceeds the bound.
double stepScale(const std::vector<Vec3d>& dR, double maxStep) {
  if (maxStep <= 0.0) return 1.0;
  const double largest = largestNorm(dR);
  return largest > maxStep ? maxStep / largest : 1.0;
}

void recordRotations(const RigidSystem& s, const std::vector<Vec3d>& dR, MomentumLedger* ledger) {
  if (!ledger) return;
  for (std::size_t b = 0; b < s.bodies.size(); ++b)
    if (!s.bodies[b].fixed) ledger->angular += inertiaWorld(s.bodies[b]) * dR[b];
}

void recordTranslations(const RigidSystem& s, const std::vector<Vec3d>& dx, MomentumLedger* ledger) {
  if (!ledger) return;
  for (std::size_t b = 0; b < s.bodies.size(); ++b) {
    if (s.bodies[b].fixed) continue;
    ledger->linear += dx[b] * s.bodies[b].mass;
    ledger->angular += cross(s.bodies[b].com, dx[b]) * s.bodies[b].mass;
  }
}

void applyRotations(RigidSystem& s, const std::vector<Vec3d>& dR, double scale) {
  for (std::size_t b = 0; b < s.bodies.size(); ++b)
    if (!s.bodies[b].fixed && squaredNorm(dR[b]) > 0.0) applyRotation(s.bodies[b], dR[b] * scale);
}

void applyTranslations(RigidSystem& s, const std::vector<Vec3d>& dx, double scale) {
  for (std::size_t b = 0; b < s.bodies.size(); ++b)
    if (!s.bodies[b].fixed) s.bodies[b].com += dx[b] * scale;
}

// The active joints that move a solid, and (inert) the active ones between solids that cannot
// move; with counts, how many of the former each solid has (the paper's schemes' weights).
std::vector<int> activeJoints(const RigidSystem& s, double time, std::vector<int>* counts, std::vector<int>& inert) {
  std::vector<int> active;
  if (counts) counts->assign(s.bodies.size(), 0);
  for (std::size_t k = 0; k < s.joints.size(); ++k) {
    const JointRecord& j = s.joints[k];
    if (!isJointActive(j, time)) continue;
    if (!isMovable(s, j.body1) && !isMovable(s, j.body2)) {
      inert.push_back(static_cast<int>(k));
      continue;
    }
    active.push_back(static_cast<int>(k));
    if (counts && isMovable(s, j.body1)) ++(*counts)[static_cast<std::size_t>(j.body1)];
    if (counts && isMovable(s, j.body2)) ++(*counts)[static_cast<std::size_t>(j.body2)];
  }
  return active;
}

// One iteration of the paper's scheme (Eq. 18 then Eq. 19, section 3.2 weights). Returns the
// largest correction applied.
double paperIteration(RigidSystem& s, const std::vector<int>& active, const std::vector<int>& counts,
                      const ProcessingOptions& o, Corrections& c) {
  c.reset(s.bodies.size());
  for (int k : active) {
    const JointRecord& j = s.joints[static_cast<std::size_t>(k)];
    const bool user = usesUserParameters(s, j);
    const CorrectionSide s1 = correctionSideOf(s, j.body1), s2 = correctionSideOf(s, j.body2);
    Vec3d r1, r2;
    const JointGeometry g = measureJointTranslation(s, j);
    if (g.hasTranslation) {
      const PairRotation r = eq18Rotations(weightsOf(s, j, s1, s2), s1.com, g.permitted, s2.com, g.moving);
      r1 = r.deltaR1 * o.alphaScale;
      r2 = r.deltaR2 * o.alphaScale;
    }
    addAngularCorrections(s, j, angularSide(s, j.body1, user), angularSide(s, j.body2, user), r1, r2);
    const double w = pairWeight(counts, j, o.weightByConstraintCount);
    accumulate(c.dR, j.body1, r1, w);
    accumulate(c.dR, j.body2, r2, w);
  }
  const double rotationScale = stepScale(c.dR, o.maxStep);
  recordRotations(s, c.dR, o.ledger);
  applyRotations(s, c.dR, rotationScale);
  double largest = largestNorm(c.dR) * rotationScale;
  // Eq. 19 from the points after rotation.
  for (int k : active) {
    const JointRecord& j = s.joints[static_cast<std::size_t>(k)];
    const JointGeometry g = measureJointTranslation(s, j);
    if (!g.hasTranslation) continue;
    const PairTranslation t =
        eq19Translations(weightsOf(s, j, correctionSideOf(s, j.body1), correctionSideOf(s, j.body2)), g.permitted, g.moving);
    const double w = pairWeight(counts, j, o.weightByConstraintCount);
    accumulate(c.dx, j.body1, t.deltaX1, w);
    accumulate(c.dx, j.body2, t.deltaX2, w);
  }
  recordTranslations(s, c.dx, o.ledger);
  applyTranslations(s, c.dx, 1.0);
  return std::max(largest, largestNorm(c.dx));
}

// One iteration of Eqs. 14-15: every correction from the same state, then applied together.
double momentumIteration(RigidSystem& s, const std::vector<int>& active, const std::vector<int>& counts,
                         const ProcessingOptions& o, Corrections& c) {
  c.reset(s.bodies.size());
  for (int k : active) {
    const JointRecord& j = s.joints[static_cast<std::size_t>(k)];
    const bool user = usesUserParameters(s, j);
    const CorrectionSide s1 = user ? angularSide(s, j.body1, true) : correctionSideOf(s, j.body1);
    const CorrectionSide s2 = user ? angularSide(s, j.body2, true) : correctionSideOf(s, j.body2);
    PairCorrection pc;
    const JointGeometry g = measureJointTranslation(s, j);
    if (g.hasTranslation && g.translationViolation > 0.0) pc = eq14and15Tensor(s1, g.permitted, s2, g.moving);
    addAngularCorrections(s, j, s1, s2, pc.deltaR1, pc.deltaR2);
    const double w = pairWeight(counts, j, o.weightByConstraintCount);
    accumulate(c.dR, j.body1, pc.deltaR1, w);
    accumulate(c.dR, j.body2, pc.deltaR2, w);
    accumulate(c.dx, j.body1, pc.deltaX1, w);
    accumulate(c.dx, j.body2, pc.deltaX2, w);
  }
  const double scale = stepScale(c.dR, o.maxStep);
  recordRotations(s, c.dR, o.ledger);
  recordTranslations(s, c.dx, o.ledger);
  applyRotations(s, c.dR, scale);
  applyTranslations(s, c.dx, scale);
  return std::max(largestNorm(c.dR), largestNorm(c.dx)) * scale;
}

// The direct scheme's rows at the current state (joints, then ground contacts) and the largest
// violation there, measured on the same geometry: what maxJointViolation returns, given `inert`,
// the largest violation of the active joints between two immovable solids (they have no rows and
// never move). One pass over the joints serves the stop rule and the next iteration.
double directRows(const RigidSystem& s, const std::vector<int>& active, const ProcessingOptions& o, double inert,
                  std::vector<ConstraintRow>& rows) {
  rows.clear();
  double worst = inert;
  for (int k : active) {
    const JointRecord& j = s.joints[static_cast<std::size_t>(k)];
    const JointViolation v = appendJointRows(s, j, rows);
    if (!j.goal) worst = std::max(worst, v.largest());
  }
  if (o.ground) {
    appendContactRows(s, *o.ground, o.friction, rows);
    worst = std::max(worst, deepestPenetration(s, *o.ground));
  }
  return worst;
}

// Applies a direct-scheme correction. Near a singular configuration (a leg stretched straight,
// redundant loop rows) the linear solve can ask for displacements far beyond the gaps it
// closes; the Newton step is then damped: rotation vectors within the step bound (assembly) or
// 0.25 rad. Returns the largest correction applied.
double applyDirectCorrection(RigidSystem& s, const ProcessingOptions& o, const Corrections& c) {
  const double scale = stepScale(c.dR, o.maxStep > 0.0 ? o.maxStep : 0.25);
  recordRotations(s, c.dR, o.ledger);
  recordTranslations(s, c.dx, o.ledger);
  applyRotations(s, c.dR, scale);
  applyTranslations(s, c.dx, scale);
  return std::max(largestNorm(c.dR), largestNorm(c.dx)) * scale;
}

// One iteration of the direct scheme on the rows directRows made at the current state.
double directIteration(RigidSystem& s, const ProcessingOptions& o, DirectJointSolver& solver, ContactBudget& budget,
                       Corrections& c, std::vector<ConstraintRow>& rows, Eigen::VectorXd& lambda) {
  // The contacts' active set, solved again after each change (each pass removes at least one
  // contact's rows): contacts whose friction leaves Coulomb's cone slide, their friction
  // impulse fixed on the cone's edge; then contacts where the floor would still pull are
  // dropped. (Friction first: a contact can ask for a pull only to provide friction it is not
  // entitled to; dropping it would also drop the normal row that keeps it out of the floor.)
  const std::size_t slidingBodies = o.ground ? s.bodies.size() : 0;  // only contacts slide
  std::vector<Vec3d> slidingDx(slidingBodies), slidingDR(slidingBodies);
  std::vector<std::pair<int, Vec3d>> sliding;
  for (int pass = 0;; ++pass) {
    if (!solver.solveMultipliers(s, rows, lambda)) throw std::runtime_error("rigid: the joint system could not be factored");
    if (!o.ground || pass == 8) break;
    if (o.friction && clipSlidingContacts(s, o.ground->friction, budget, lambda, rows, slidingDx, slidingDR, sliding)) continue;
    if (!dropPullingContacts(lambda, rows)) break;
  }
  if (o.ground) commitContactImpulses(rows, sliding, budget, lambda);
  solver.distribute(s, rows, lambda, c.dx, c.dR);
  if (o.ground)
    for (std::size_t b = 0; b < s.bodies.size(); ++b) {
      c.dx[b] += slidingDx[b];
      c.dR[b] += slidingDR[b];
    }
  return applyDirectCorrection(s, o, c);
}

}  // namespace

ProcessingScheme processingSchemeFromName(std::string_view name) {
  if (name == "direct" || name == "default") return ProcessingScheme::Direct;
  if (name == "paper") return ProcessingScheme::Paper;
  if (name == "paper-momentum") return ProcessingScheme::PaperMomentum;
  throw std::invalid_argument("unknown rigid scheme '" + std::string(name) + "'");
}

std::string_view processingSchemeName(ProcessingScheme scheme) {
  switch (scheme) {
    case ProcessingScheme::Direct: return "direct";
    case ProcessingScheme::Paper: return "paper";
    case ProcessingScheme::PaperMomentum: return "paper-momentum";
  }
  return "direct";
}

bool isJointActive(const JointRecord& j, double time) { return j.enabled && j.active.contains(time); }

double maxJointViolation(const RigidSystem& s, double time, const GroundPlane* ground) {
  double worst = ground ? deepestPenetration(s, *ground) : 0.0;
  for (const JointRecord& j : s.joints)
    if (isJointActive(j, time) && !j.goal) worst = std::max(worst, measureJointViolation(s, j).largest());
  return worst;
}

bool prepareDirectWorkspace(const RigidSystem& s, const ProcessingOptions& o) {
  if (!o.workspace || o.scheme != ProcessingScheme::Direct || o.ground || o.ledger) return false;
  std::vector<int> inert;
  return o.workspace->pointChain.prepare(s, activeJoints(s, o.time, nullptr, inert));
}

ProcessingResult processConstraints(RigidSystem& s, const ProcessingOptions& o) {
  ProcessingResult result;
  std::vector<int> counts, inertJoints;
  const std::vector<int> active =
      activeJoints(s, o.time, o.scheme == ProcessingScheme::Direct ? nullptr : &counts, inertJoints);
  DirectJointSolver localSolver;
  DirectJointSolver& solver = o.workspace ? *o.workspace : localSolver;
  ContactBudget localBudget;
  ContactBudget& budget = o.contactBudget ? *o.contactBudget : localBudget;
  if (o.ground && budget.normal.size() != s.bodies.size()) budget.reset(s.bodies.size());  // only contacts spend it
  Corrections c;
  std::vector<ConstraintRow> rows;
  Eigen::VectorXd lambda;
  // The direct scheme measures the violation while it makes its rows (directRows); joints that
  // have no rows count once, here. A chain or ring of plain point joints makes no rows
  // (point_joint_chain.h) and iterates on its own packed copy of the poses, stored back when
  // processing ends or a pivot fails; it keeps no momentum ledger.
  const bool direct = o.scheme == ProcessingScheme::Direct;
  bool pointChain = direct && !o.ground && !o.ledger && solver.pointChain.prepare(s, active);
  if (direct && !pointChain) rows.reserve(3 * active.size());  // a point joint's rows, grown once
  double inert = 0.0;
  if (direct)
    for (int k : inertJoints) {
      const JointRecord& j = s.joints[static_cast<std::size_t>(k)];
      if (!j.goal) inert = std::max(inert, measureJointViolation(s, j).largest());
    }
  const auto violation = [&] {
    if (pointChain) return std::max(inert, solver.pointChain.measure());
    return direct ? directRows(s, active, o, inert, rows) : maxJointViolation(s, o.time, o.ground);
  };
  result.maxViolation = violation();
  // With a goal, processing goes on until the solids come to rest against it as well: an
  // iteration moved nothing by more than the tolerance (the paper's schemes pull toward it at
  // half weight, without a reach).
  GoalPull goal(s, pointChain ? std::vector<int>() : active);  // (a goal is not a plain point joint)
  const auto atRest = [&] { return !goal.any() || (result.iterations > 0 && result.lastCorrection <= o.tolerance); };
  while (result.maxViolation > o.tolerance || !atRest()) {
    if (result.iterations >= o.maxIterations) {
      result.stopReason = "iteration limit";
      break;
    }
    double correction = 0.0;
    switch (o.scheme) {
      case ProcessingScheme::Paper: correction = paperIteration(s, active, counts, o, c); break;
      case ProcessingScheme::PaperMomentum: correction = momentumIteration(s, active, counts, o, c); break;
      case ProcessingScheme::Direct:
        if (pointChain) {  // (no goals: a goal is not a plain point joint)
          if (solver.pointChain.solve()) {
            correction = solver.pointChain.apply(o.maxStep > 0.0 ? o.maxStep : 0.25);
            break;
          }
          solver.pointChain.store(s);  // a pivot failed: the general path's rows from here on
          pointChain = false;
          directRows(s, active, o, inert, rows);
        }
        goal.before(s);
        correction = directIteration(s, o, solver, budget, c, rows, lambda);
        goal.after(s);  // may undo the iteration (a turn past the bound); sets the next one's reach
        break;
    }
    if (o.ground && o.scheme != ProcessingScheme::Direct) correction = std::max(correction, processGroundContacts(s, *o.ground, budget, o.friction));
    ++result.iterations;
    result.lastCorrection = correction;
    result.maxViolation = violation();
    if (!std::isfinite(result.maxViolation)) {
      result.stopReason = "diverged (non-finite configuration)";
      break;
    }
    if (result.maxViolation > o.tolerance && correction < 1e-3 * o.tolerance) {
      result.stopReason = "corrections below tolerance (over-constrained?)";
      break;
    }
  }
  if (pointChain) solver.pointChain.store(s);
  goal.finish(s);
  result.turnBounded = goal.bounded();
  result.converged = result.maxViolation <= o.tolerance && atRest() && !result.turnBounded;
  if (result.converged) result.stopReason = goal.any() ? "all constraints satisfied, at rest against the goal" : "all constraints satisfied";
  else if (result.turnBounded && result.maxViolation <= o.tolerance && atRest())
    result.stopReason = "turned by the most one call may turn a solid toward the goal; the next call pulls on";
  // (No joint is above the tolerance when the largest violation is not.)
  for (std::size_t a = 0; !(result.maxViolation <= o.tolerance) && a < active.size(); ++a) {
    const JointRecord& j = s.joints[static_cast<std::size_t>(active[a])];
    if (j.goal) continue;
    const double v = measureJointViolation(s, j).largest();
    if (v > o.tolerance) result.violated.push_back({j.name, j.kind, v});
  }
  if (o.ground) {
    const double depth = deepestPenetration(s, *o.ground);
    if (depth > o.tolerance) result.violated.push_back({"ground", "ground-contact", depth});
  }
  return result;
}

}  // namespace flexure
