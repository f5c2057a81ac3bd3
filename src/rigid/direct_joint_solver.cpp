#include "flexure/rigid/direct_joint_solver.h"

#include <cmath>

#include "flexure/rigid/joint_geometry.h"
#include "flexure/rigid/permitted_region.h"

namespace flexure {

namespace {

// The rows of one translation part, all at the same point `at` (the gap's midpoint): the same
// two solids, their lever arms computed once.
void addTranslationRows(std::vector<ConstraintRow>& rows, const RigidSystem& s, const JointRecord& j,
                        const RegionProjection& region, const Vec3d& at) {
  const int body1 = isMovable(s, j.body1) ? j.body1 : -1;
  const int body2 = isMovable(s, j.body2) ? j.body2 : -1;
  if (body1 < 0 && body2 < 0) return;
  const Vec3d arm1 = at - (j.body1 >= 0 ? s.bodies[static_cast<std::size_t>(j.body1)].com : Vec3d());
  const Vec3d arm2 = at - (j.body2 >= 0 ? s.bodies[static_cast<std::size_t>(j.body2)].com : Vec3d());
  for (int k = 0; k < region.rowCount; ++k) {
    const Vec3d& d = region.rowDirection[k];
    ConstraintRow& r = rows.emplace_back();
    r.body1 = body1;
    r.body2 = body2;
    r.linear1 = -d;
    r.angular1 = -cross(arm1, d);
    r.linear2 = d;
    r.angular2 = cross(arm2, d);
    r.error = region.rowError[k];
  }
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
    addTranslationRows(rows, s, j, g.rows, (g.moving + g.permitted) * 0.5);
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
// for every pair of its groups. A chain or a ring of point-to-point joints (every group three
// rows, each coupling with its neighbours, the last one possibly with any: the ring's closing
// joint) is solved by block elimination (bordered_block_tridiagonal.h); anything else by the
// sparse LDLᵀ.
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
        blocks_.push_back({a.first, a.count, si, b.first, b.count, sj, gi, gj, -1});
      }
  // Block elimination when every group is a point joint's three rows and couples only with its
  // neighbours, or is the last group (the border).
  const int last = static_cast<int>(groups.size()) - 1;
  bool blocks = !groups.empty();
  bool bordered = false;
  for (const RowGroup& g : groups) blocks = blocks && g.count == 3;
  for (const CouplingBlock& b : blocks_) {
    if (!blocks) break;
    if (b.groupI == b.groupJ || b.groupI == b.groupJ + 1) continue;
    if (b.groupI == last) bordered = true;
    else blocks = false;
  }
  blockPath_ = blocks;
  sparseReady_ = false;
  if (blockPath_) chain_.resize(last + 1, bordered);
}

void DirectJointSolver::buildSparsePattern() {
  const int n = static_cast<int>(pattern_.size());
  std::vector<Eigen::Triplet<double>> triplets;
  for (const CouplingBlock& b : blocks_)
    for (int r = 0; r < b.countI; ++r)
      for (int c = 0; c < (b.groupI == b.groupJ ? r + 1 : b.countJ); ++c) triplets.emplace_back(b.rowJ + c, b.rowI + r, 0.0);
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
  sparseReady_ = true;
}

bool DirectJointSolver::solve(const RigidSystem& s, const std::vector<ConstraintRow>& rows, std::vector<Vec3d>& dx,
                              std::vector<Vec3d>& dR) {
  Eigen::VectorXd lambda;
  if (!solveMultipliers(s, rows, lambda)) return false;
  distribute(s, rows, lambda, dx, dR);
  return true;
}

namespace {

// A relative compliance of 1e-9 keeps redundant rows (closed loops) factorable; a goal's rows
// are softer (ConstraintRow::compliance).
double softenedDiagonal(double value, const ConstraintRow& row) { return value * (1.0 + 1e-9 + row.compliance) + 1e-14; }

}  // namespace

// The chain's 3×3 blocks: each solid's share J_a M_b⁻¹ J_bᵀ of a pair of its joints, as the
// product of the joints' 3×3 row blocks (rows of J on one side, and of M⁻¹Jᵀ transposed), then
// the block elimination.
bool DirectJointSolver::solveByBlocks(const std::vector<ConstraintRow>& rows, Eigen::VectorXd& lambda) {
  for (Eigen::Matrix3d& m : chain_.diagonal) m.setZero();
  for (Eigen::Matrix3d& m : chain_.below) m.setZero();
  for (Eigen::Matrix3d& m : chain_.border) m.setZero();
  const int border = chain_.bordered() ? chain_.joints() - 1 : -1;
  Eigen::Matrix3d linearI, angularI, massLinearJ, massAngularJ;
  const auto setRow = [](Eigen::Matrix3d& m, int r, const Vec3d& v) {
    m(r, 0) = v.x;
    m(r, 1) = v.y;
    m(r, 2) = v.z;
  };
  for (const CouplingBlock& b : blocks_) {
    for (int r = 0; r < 3; ++r) {
      const ConstraintRow& row = rows[static_cast<std::size_t>(b.rowI + r)];
      setRow(linearI, r, b.sideI == 0 ? row.linear1 : row.linear2);
      setRow(angularI, r, b.sideI == 0 ? row.angular1 : row.angular2);
      const std::size_t j = static_cast<std::size_t>(2 * (b.rowJ + r) + b.sideJ);
      setRow(massLinearJ, r, massLinear_[j]);
      setRow(massAngularJ, r, massAngular_[j]);
    }
    // The pair's block: D_i, B_j (i = j + 1) or the border's C_j (bordered_block_tridiagonal.h).
    Eigen::Matrix3d& target = b.groupI == b.groupJ ? chain_.diagonal[static_cast<std::size_t>(b.groupI)]
                              : b.groupI == border ? chain_.border[static_cast<std::size_t>(b.groupJ)]
                                                   : chain_.below[static_cast<std::size_t>(b.groupJ)];
    target.noalias() += linearI * massLinearJ.transpose();
    target.noalias() += angularI * massAngularJ.transpose();
  }
  for (std::size_t g = 0; g < chain_.diagonal.size(); ++g)
    for (int r = 0; r < 3; ++r)
      chain_.diagonal[g](r, r) = softenedDiagonal(chain_.diagonal[g](r, r), rows[3 * g + static_cast<std::size_t>(r)]);
  if (!chain_.factorize()) return false;
  for (std::size_t k = 0; k < rows.size(); ++k) lambda[static_cast<Eigen::Index>(k)] = -rows[k].error;
  chain_.solve(lambda);
  return lambda.allFinite();
}

bool DirectJointSolver::solveSparse(const std::vector<ConstraintRow>& rows, Eigen::VectorXd& lambda) {
  if (!sparseReady_) buildSparsePattern();
  const int n = static_cast<int>(rows.size());
  double* values = matrix_.valuePtr();
  std::fill(values, values + matrix_.nonZeros(), 0.0);
  for (const CouplingBlock& b : blocks_) {
    const Vec3d ConstraintRow::*linear = b.sideI == 0 ? &ConstraintRow::linear1 : &ConstraintRow::linear2;
    const Vec3d ConstraintRow::*angular = b.sideI == 0 ? &ConstraintRow::angular1 : &ConstraintRow::angular2;
    const bool diagonal = b.groupI == b.groupJ;
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
  for (int k = 0; k < n; ++k) {
    double& d = values[diagonalSlots_[static_cast<std::size_t>(k)]];
    d = softenedDiagonal(d, rows[static_cast<std::size_t>(k)]);
  }
  factor_.factorize(matrix_);
  if (factor_.info() != Eigen::Success) return false;
  rhs_.resize(n);
  for (int k = 0; k < n; ++k) rhs_[k] = -rows[static_cast<std::size_t>(k)].error;
  lambda = factor_.solve(rhs_);
  return lambda.allFinite();
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
  // A pivot block that is not positive definite in floating point (a nearly redundant loop)
  // falls back to the sparse LDLᵀ, which does not need one.
  if (blockPath_ && solveByBlocks(rows, lambda)) return true;
  return solveSparse(rows, lambda);
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
