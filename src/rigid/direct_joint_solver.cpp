#include "flexure/rigid/direct_joint_solver.h"

#include <cmath>

#include "flexure/rigid/joint_geometry.h"
#include "flexure/rigid/permitted_region.h"

namespace flexure {

namespace {

void addRow(std::vector<ConstraintRow>& rows, const RigidSystem& s, const JointRecord& j, const Vec3d& d,
            const Vec3d& at, double error) {
  ConstraintRow r;
  r.body1 = isMovable(s, j.body1) ? j.body1 : -1;
  r.body2 = isMovable(s, j.body2) ? j.body2 : -1;
  if (r.body1 < 0 && r.body2 < 0) return;
  const Vec3d g1 = j.body1 >= 0 ? s.bodies[static_cast<std::size_t>(j.body1)].com : Vec3d();
  const Vec3d g2 = j.body2 >= 0 ? s.bodies[static_cast<std::size_t>(j.body2)].com : Vec3d();
  r.linear1 = -d;
  r.angular1 = -cross(at - g1, d);
  r.linear2 = d;
  r.angular2 = cross(at - g2, d);
  r.error = error;
  rows.push_back(r);
}

void addAngularRow(std::vector<ConstraintRow>& rows, const RigidSystem& s, const JointRecord& j, const AngularRow& a,
                   bool pinned) {
  if (!a.violated && !pinned) return;
  ConstraintRow r;
  r.body1 = isMovable(s, j.body1) ? j.body1 : -1;
  r.body2 = isMovable(s, j.body2) ? j.body2 : -1;
  if (r.body1 < 0 && r.body2 < 0) return;
  r.angular1 = -a.axis;  // dθ = k·(ΔR2 - ΔR1)
  r.angular2 = a.axis;
  r.error = a.error;
  rows.push_back(r);
}

JointViolation appendHardRows(const RigidSystem& s, const JointRecord& j, std::vector<ConstraintRow>& rows) {
  JointViolation violation;
  const JointGeometry g = measureJointTranslation(s, j);
  if (g.hasTranslation) {
    // Both bodies are pushed at the midpoint of the gap: no couple, exact momenta.
    const Vec3d at = (g.moving + g.permitted) * 0.5;
    for (int k = 0; k < g.rows.rowCount; ++k) addRow(rows, s, j, g.rows.rowDirection[k], at, g.rows.rowError[k]);
    violation.translation = g.translationViolation;
  }
  if (j.angle.enabled && j.angle.max <= 0.0) {
    // Axes locked together (angle [0, 0], Appendix A's "max 0"): |a1 ∧ a2| is not smooth at 0,
    // so lock its two components instead, e_i·(a1 ∧ a2) for e_i ⟂ a1; to first order they
    // change by e_i·(ΔR2 - ΔR1).
    const Vec3d a1 = normalized(worldVectorOf(s, j.body1, j.angle.axis1));
    const Vec3d a2 = normalized(worldVectorOf(s, j.body2, j.angle.axis2));
    Vec3d e[2];
    orthonormalComplement(a1, e[0], e[1]);
    for (const Vec3d& axis : e) {
      AngularRow row;
      row.violated = true;
      row.axis = axis;
      row.error = dot(axis, cross(a1, a2));
      addAngularRow(rows, s, j, row, true);
    }
    violation.angle = std::fabs(measureJointAngle(s, j).error);
  } else if (j.angle.enabled) {
    const AngularRow angle = measureJointAngle(s, j);
    addAngularRow(rows, s, j, angle, j.angle.min == j.angle.max);
    violation.angle = std::fabs(angle.error);
  }
  if (j.twist.enabled) {
    const AngularRow twist = measureJointTwist(s, j);
    addAngularRow(rows, s, j, twist, j.twist.min == j.twist.max);
    violation.twist = std::fabs(twist.error);
  }
  return violation;
}

}  // namespace

JointViolation appendJointRows(const RigidSystem& s, const JointRecord& j, std::vector<ConstraintRow>& rows) {
  const std::size_t first = rows.size();
  const JointViolation violation = appendHardRows(s, j, rows);
  // A goal closes 80 % of its gap per iteration where nothing holds it back, and pulls with a
  // bounded multiplier where the joints cannot follow (ConstraintRow::compliance).
  constexpr double kGoalCompliance = 0.25;
  if (!j.goal) return violation;
  double gap = 0.0;
  for (std::size_t k = first; k < rows.size(); ++k) gap += rows[k].error * rows[k].error;
  gap = std::sqrt(gap);
  const double scale = gap > j.reach ? j.reach / gap : 1.0;  // RigidJoint::reach
  for (std::size_t k = first; k < rows.size(); ++k) {
    rows[k].compliance = kGoalCompliance;
    rows[k].error *= scale;
  }
  return violation;
}

// The pattern of J M⁻¹ Jᵀ: rows k and l couple when they act on a common solid. Consecutive
// rows on the same two solids (one joint's rows) form a group, and each solid adds a dense block
// for every pair of its groups. Stored in the upper triangle, the block's entries of one column
// are consecutive rows, hence consecutive values of the compressed matrix: one slot per column.
void DirectJointSolver::buildPattern(const RigidSystem& s, const std::vector<ConstraintRow>& rows) {
  const int n = static_cast<int>(rows.size());
  pattern_.resize(rows.size());
  struct RowGroup {
    int first, count;
  };
  std::vector<RowGroup> groups;
  for (int k = 0; k < n; ++k) {
    const ConstraintRow& r = rows[static_cast<std::size_t>(k)];
    pattern_[static_cast<std::size_t>(k)] = {r.body1, r.body2};
    if (k > 0 && pattern_[static_cast<std::size_t>(k)] == pattern_[static_cast<std::size_t>(k) - 1]) ++groups.back().count;
    else groups.push_back({k, 1});
  }
  std::vector<std::vector<std::pair<int, int>>> byBody(s.bodies.size());  // (group, side)
  for (std::size_t g = 0; g < groups.size(); ++g) {
    const std::pair<int, int> bodies = pattern_[static_cast<std::size_t>(groups[g].first)];
    if (bodies.first >= 0) byBody[static_cast<std::size_t>(bodies.first)].push_back({static_cast<int>(g), 0});
    if (bodies.second >= 0) byBody[static_cast<std::size_t>(bodies.second)].push_back({static_cast<int>(g), 1});
  }
  std::vector<Eigen::Triplet<double>> triplets;
  blocks_.clear();
  for (const auto& list : byBody)
    for (std::size_t x = 0; x < list.size(); ++x)
      for (std::size_t y = 0; y <= x; ++y) {
        int gi = list[x].first, si = list[x].second, gj = list[y].first, sj = list[y].second;
        if (groups[static_cast<std::size_t>(gi)].first < groups[static_cast<std::size_t>(gj)].first) {
          std::swap(gi, gj);
          std::swap(si, sj);
        }
        const RowGroup& a = groups[static_cast<std::size_t>(gi)];
        const RowGroup& b = groups[static_cast<std::size_t>(gj)];
        blocks_.push_back({a.first, a.count, si, b.first, b.count, sj, -1});
        for (int r = 0; r < a.count; ++r)
          for (int c = 0; c < (gi == gj ? r + 1 : b.count); ++c) triplets.emplace_back(b.first + c, a.first + r, 0.0);
      }
  for (int k = 0; k < n; ++k) triplets.emplace_back(k, k, 0.0);
  matrix_.resize(n, n);
  matrix_.setFromTriplets(triplets.begin(), triplets.end());
  matrix_.makeCompressed();
  const double* base = matrix_.valuePtr();
  slots_.clear();
  for (CouplingBlock& b : blocks_) {
    b.slots = static_cast<int>(slots_.size());
    for (int r = 0; r < b.countI; ++r) slots_.push_back(static_cast<int>(&matrix_.coeffRef(b.rowJ, b.rowI + r) - base));
  }
  diagonalSlots_.resize(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k) diagonalSlots_[static_cast<std::size_t>(k)] = static_cast<int>(&matrix_.coeffRef(k, k) - base);
  factor_.analyzePattern(matrix_);
}

bool DirectJointSolver::solve(const RigidSystem& s, const std::vector<ConstraintRow>& rows, std::vector<Vec3d>& dx,
                              std::vector<Vec3d>& dR) {
  Eigen::VectorXd lambda;
  if (!solveMultipliers(s, rows, lambda)) return false;
  distribute(s, rows, lambda, dx, dR);
  return true;
}

bool DirectJointSolver::solveMultipliers(const RigidSystem& s, const std::vector<ConstraintRow>& rows,
                                         Eigen::VectorXd& lambda) {
  const int n = static_cast<int>(rows.size());
  lambda.resize(n);
  if (n == 0) return true;
  bool same = pattern_.size() == rows.size();
  for (int k = 0; same && k < n; ++k)
    same = pattern_[static_cast<std::size_t>(k)] == std::make_pair(rows[static_cast<std::size_t>(k)].body1, rows[static_cast<std::size_t>(k)].body2);
  if (!same) buildPattern(s, rows);

  // M^{-1} Jᵀ for each row and side, in world frame.
  massLinear_.resize(2 * rows.size());
  massAngular_.resize(2 * rows.size());
  inverseInertia_.resize(s.bodies.size());
  for (std::size_t b = 0; b < s.bodies.size(); ++b)
    if (!s.bodies[b].fixed) inverseInertia_[b] = inverseInertiaWorld(s.bodies[b]);
  for (int k = 0; k < n; ++k) {
    const ConstraintRow& r = rows[static_cast<std::size_t>(k)];
    for (int side = 0; side < 2; ++side) {
      const int b = side == 0 ? r.body1 : r.body2;
      const std::size_t at = static_cast<std::size_t>(2 * k + side);
      if (b < 0) { massLinear_[at] = {}; massAngular_[at] = {}; continue; }
      massLinear_[at] = (side == 0 ? r.linear1 : r.linear2) * s.bodies[static_cast<std::size_t>(b)].inverseMass;
      massAngular_[at] = inverseInertia_[static_cast<std::size_t>(b)] * (side == 0 ? r.angular1 : r.angular2);
    }
  }
  double* values = matrix_.valuePtr();
  std::fill(values, values + matrix_.nonZeros(), 0.0);
  for (const CouplingBlock& b : blocks_) {
    const Vec3d ConstraintRow::*linear = b.sideI == 0 ? &ConstraintRow::linear1 : &ConstraintRow::linear2;
    const Vec3d ConstraintRow::*angular = b.sideI == 0 ? &ConstraintRow::angular1 : &ConstraintRow::angular2;
    const bool diagonal = b.rowI == b.rowJ;
    for (int r = 0; r < b.countI; ++r) {
      const ConstraintRow& row = rows[static_cast<std::size_t>(b.rowI + r)];
      const Vec3d li = row.*linear, ai = row.*angular;
      double* column = values + slots_[static_cast<std::size_t>(b.slots + r)];
      const int count = diagonal ? r + 1 : b.countJ;
      for (int c = 0; c < count; ++c) {
        const std::size_t j = static_cast<std::size_t>(2 * (b.rowJ + c) + b.sideJ);
        column[c] += dot(li, massLinear_[j]) + dot(ai, massAngular_[j]);
      }
    }
  }
  // A relative compliance of 1e-9 keeps redundant rows (closed loops) factorable.
  for (int k = 0; k < n; ++k)
    values[diagonalSlots_[static_cast<std::size_t>(k)]] *= 1.0 + 1e-9 + rows[static_cast<std::size_t>(k)].compliance;
  for (int k = 0; k < n; ++k) values[diagonalSlots_[static_cast<std::size_t>(k)]] += 1e-14;
  factor_.factorize(matrix_);
  if (factor_.info() != Eigen::Success) return false;
  rhs_.resize(n);
  for (int k = 0; k < n; ++k) rhs_[k] = -rows[static_cast<std::size_t>(k)].error;
  lambda = factor_.solve(rhs_);
  return lambda.allFinite();
}

void DirectJointSolver::distribute(const RigidSystem& s, const std::vector<ConstraintRow>& rows,
                                   const Eigen::VectorXd& lambda, std::vector<Vec3d>& dx, std::vector<Vec3d>& dR) const {
  dx.assign(s.bodies.size(), Vec3d());
  dR.assign(s.bodies.size(), Vec3d());
  const int n = static_cast<int>(rows.size());
  for (int k = 0; k < n; ++k) {
    const ConstraintRow& r = rows[static_cast<std::size_t>(k)];
    const double l = lambda[k];
    if (r.body1 >= 0) {
      dx[static_cast<std::size_t>(r.body1)] += massLinear_[static_cast<std::size_t>(2 * k)] * l;
      dR[static_cast<std::size_t>(r.body1)] += massAngular_[static_cast<std::size_t>(2 * k)] * l;
    }
    if (r.body2 >= 0) {
      dx[static_cast<std::size_t>(r.body2)] += massLinear_[static_cast<std::size_t>(2 * k + 1)] * l;
      dR[static_cast<std::size_t>(r.body2)] += massAngular_[static_cast<std::size_t>(2 * k + 1)] * l;
    }
  }
}

}  // namespace flexure
