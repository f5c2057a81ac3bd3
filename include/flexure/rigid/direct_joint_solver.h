#pragma once
// Beyond the paper: one sparse direct solve of the linearized constraint system per
// iteration. Each constraint row k (a direction of a point-to-point gap, a region row, an
// angle or twist row) is linear in the small displacements (Δx_b, ΔR_b) of its two bodies,
//   δe_k = J_k Δ,
// and the displacements are taken of the impulse form of Eqs. 14-15, Δ = M^{-1} Jᵀ λ
// (Δx_b = λ/m_b along the row, ΔR_b = J_b^{-1} r ∧ λ), with one λ per row chosen so that all
// rows close together:
//   (J M^{-1} Jᵀ) λ = -e.
// This is Eqs. 14-15 with the scalar α of each constraint replaced by the coupled solution of
// all of them, which is why it converges in a few iterations on long chains where the
// Jacobi-like iteration of section 3.2 needs hundreds. Rows act at one point for both bodies
// (the midpoint of the gap), so opposite impulses have no couple and both first-order momenta
// are conserved exactly, as in Eqs. 14-15. The matrix is sparse (block tridiagonal for a
// chain, one 3×3 block per point-to-point joint). A chain or a ring of point joints is solved by
// block elimination in linear time (bordered_block_tridiagonal.h); any other pattern is
// assembled block by block into the upper triangle of a compressed matrix and factored by a
// sparse LDLᵀ. The layout and the symbolic analysis are kept while the row pattern is unchanged
// (docs/ARCHITECTURE.md, "rigid").
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <vector>

#include "flexure/rigid/bordered_block_tridiagonal.h"
#include "flexure/rigid/joint_geometry.h"
#include "flexure/rigid/point_joint_chain.h"
#include "flexure/rigid/rigid_system.h"

namespace flexure {

struct ConstraintRow {
  int body1 = -1, body2 = -1;
  Vec3d linear1, angular1, linear2, angular2;  // J_k for each body (world frame)
  double error = 0.0;                          // e_k
  // Ground contact rows (ground_contact.h): λ ≥ 0 for the normal row, and the two friction
  // rows of the same point within Coulomb's bound; -1 for equality rows.
  int contactBody = -1;
  bool frictionRow = false;
  // Softness of a goal's row (RigidJoint::goal) relative to its effective mass: the row then
  // closes 1/(1 + compliance) of its gap when nothing else holds it, and where the joints
  // cannot follow, its multiplier stays bounded (e / (compliance · A_kk)) instead of growing
  // without limit in a singular direction; the solids come to rest where the joints' reactions
  // balance its pull. 0: a hard row.
  double compliance = 0.0;
};

// Appends the rows of one active joint: every region row, and the angle / twist rows when
// they are violated or pinned (min = max). A goal's rows are soft (compliance) and ask for at
// most its reach (RigidJoint::goal, RigidJoint::reach). Returns the joint's violation measured
// on the geometry the rows were made from (what measureJointViolation returns), so the stop
// rule needs no second measurement.
JointViolation appendJointRows(const RigidSystem& system, const JointRecord& joint, std::vector<ConstraintRow>& rows);

class DirectJointSolver {
 public:
  // Solves (J M^{-1} Jᵀ) λ = -e and returns each body's correction (zero for fixed bodies).
  // Returns false if the factorization failed.
  bool solve(const RigidSystem& system, const std::vector<ConstraintRow>& rows, std::vector<Vec3d>& deltaX,
             std::vector<Vec3d>& deltaR);
  // The two halves of solve(): the multipliers λ, then Δ = M^{-1} Jᵀ λ (after a caller may
  // have projected λ, e.g. onto the contact and friction bounds).
  bool solveMultipliers(const RigidSystem& system, const std::vector<ConstraintRow>& rows, Eigen::VectorXd& lambda);
  void distribute(const RigidSystem& system, const std::vector<ConstraintRow>& rows, const Eigen::VectorXd& lambda,
                  std::vector<Vec3d>& deltaX, std::vector<Vec3d>& deltaR) const;

  // The iteration of a chain or ring of plain point joints without rows (point_joint_chain.h),
  // its layout kept with the workspace between calls.
  PointJointChain pointChain;

 private:
  void buildPattern(const RigidSystem& system, const std::vector<ConstraintRow>& rows);
  void buildSparsePattern();
  bool solveByBlocks(const std::vector<ConstraintRow>& rows, Eigen::VectorXd& lambda);
  bool solveSparse(const std::vector<ConstraintRow>& rows, Eigen::VectorXd& lambda);
  // One solid's share of the couplings between two groups of rows (a group: consecutive rows on
  // the same two solids, one joint's rows), J_a M_b⁻¹ J_bᵀ: rows [rowI, rowI + countI) of the
  // later group groupI against [rowJ, rowJ + countJ) of the earlier groupJ, on the given sides
  // (0: body1 of the rows, 1: body2). Sparse path: in the upper triangle, column rowI + r holds
  // rows rowJ.. consecutively from values()[slots_[slots + r]].
  struct CouplingBlock {
    int rowI, countI, sideI, rowJ, countJ, sideJ;
    int groupI, groupJ;
    int slots;
  };
  std::vector<std::pair<int, int>> pattern_;  // (body1, body2) per row
  std::vector<CouplingBlock> blocks_;
  bool blockPath_ = false;    // a chain or ring of point joints: chain_
  bool sparseReady_ = false;  // matrix_'s layout and factor_'s analysis are for pattern_
  BorderedBlockTridiagonal chain_;
  std::vector<int> slots_;
  std::vector<int> diagonalSlots_;
  Eigen::SparseMatrix<double> matrix_;  // upper triangle: the LDLᵀ reads it without a copy
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Upper, Eigen::NaturalOrdering<int>> factor_;
  Eigen::VectorXd rhs_;
  std::vector<Mat3d> inverseInertia_;            // J⁻¹ of each solid, world frame
  std::vector<Vec3d> massLinear_, massAngular_;  // M^{-1} Jᵀ per (row, side)
};

}  // namespace flexure
