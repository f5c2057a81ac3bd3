#pragma once
// The direct scheme's iteration (direct_joint_solver.h) for a chain or a ring of plain
// point-to-point joints, made straight from the solids: no constraint rows, no M⁻¹Jᵀ per row.
//
// A point joint's three rows are taken along the world axes instead of object1's (the gap
// P2 − P' of section 4.1, Eq. 19's point, measured in world): the same three rows up to a
// rotation of the row basis, so the same Newton step Δ = M⁻¹Jᵀλ with (J M⁻¹ Jᵀ) λ = −e
// (Eqs. 14-15 with the coupled multipliers). In world axes the block of two joints i, j that a
// solid b shares, pushed at the gaps' midpoints a_i, a_j from its centre of mass (so opposite
// impulses have no couple, as in Eqs. 14-15), is
//   A_ij = σ_i σ_j (m_b⁻¹ I − [a_i]× J_b⁻¹ [a_j]×),
// σ = −1 on the joint's object1 side and +1 on its object2 side ([a]× the cross-product
// matrix, J_b⁻¹ the world inverse inertia), and a joint's λ (a world vector) moves solid b by
//   Δx_b = m_b⁻¹ Σ σ λ,   ΔR_b = J_b⁻¹ Σ σ a ∧ λ.
// Per iteration this streams a joint's three vectors and a solid's inverse inertia instead of
// three 128-byte rows and their M⁻¹Jᵀ (the general path), which is what the time of a long
// chain went to once the elimination was linear (docs/performance.md, issue 29). The blocks are
// eliminated by BorderedBlockTridiagonal; anything else (angle or twist limits, other regions,
// goals, contacts, trees) takes the general path.
#include <vector>

#include "flexure/rigid/bordered_block_tridiagonal.h"
#include "flexure/rigid/rigid_system.h"

namespace flexure {

class PointJointChain {
 public:
  // Whether the active joints (in this order) are plain point joints forming a chain or a ring
  // (every joint couples only with its neighbours in the list, the last one possibly with any).
  // The layout is kept while the active joints and their solids are unchanged.
  // Then (when true) reads what the iterations need of the joints (their points, from each
  // movable solid's centre of mass) and of their solids (poses, masses, inverse inertias) into
  // the chain's own packed arrays, in one pass: measure, solve and apply work on those alone,
  // and store writes the poses back. A long chain's solid and joint records are about 500 bytes
  // each, most of it never read by an iteration: streaming them in every pass was what made a
  // link dearer once the chain left the caches (docs/performance.md, issue 29).
  bool prepare(const RigidSystem& system, const std::vector<int>& active);
  void store(RigidSystem& system) const;
  // Measures every joint (gaps and lever arms for the next solve) and returns the largest gap,
  // what measureJointViolation gives for a point joint.
  double measure();
  // The Newton step from the last measure(); false when a pivot block is not positive definite
  // (the caller then stores the poses and takes the general path).
  bool solve();
  // Moves the solids by the last solve's step, the rotation vectors scaled down to at most
  // maxStep as applyDirectCorrection does; returns the largest correction applied.
  double apply(double maxStep);
  // The last solve's step of each solid (zero for the others), before apply scales it.
  void step(std::vector<Vec3d>& dx, std::vector<Vec3d>& dR) const;

  // A symmetric 3×3 matrix (an inverse inertia) by its upper triangle.
  struct Symmetric3 {
    double xx = 0.0, yy = 0.0, zz = 0.0, xy = 0.0, xz = 0.0, yz = 0.0;
  };

 private:
  struct Gap {
    Vec3d arm[2];  // the midpoint from each side's centre of mass (world)
    Vec3d error;   // P2 − P', world
  };
  // Whether the layout is unchanged, reading the joints and their solids on the way.
  bool sameLayout(const RigidSystem& system, const std::vector<int>& active);
  void readJoint(const RigidSystem& system, const JointRecord& joint, std::size_t k);
  void resizeState(const RigidSystem& system);
  bool buildLayout(const RigidSystem& system, const std::vector<int>& active);
  void fillBlocks();
  void stepOf(int body, Vec3d& dx, Vec3d& dR) const;

  // What an iteration reads and writes of a solid, packed in one cache line (movable solids
  // only): the rotation matrix is made from the quaternion where it is needed.
  struct Pose {
    Vec3d com;
    double inverseMass = 0.0;
    Quatd orientation;
  };
  // A joint's points: from the centre of mass in the solid's frame for a movable solid, else
  // the fixed point in world.
  struct Ends {
    Vec3d point[2];
  };

  std::vector<int> joints_;                  // system joint index, in the solve's order
  std::vector<std::pair<int, int>> bodies_;  // movable (body1, body2) per joint, −1 otherwise
  // Each solid's ends (joint, side: 0 the joint's body1, 1 its body2), in the joints' order:
  // solid b's are solidEnds_[solidFirst_[b] .. solidFirst_[b + 1]). A solid's pairs of ends are
  // the blocks it adds to: a joint with itself, with its predecessor, or the border with any.
  std::vector<int> solidFirst_;
  std::vector<std::pair<int, int>> solidEnds_;
  std::vector<int> movable_;                 // the solids the joints move, as first named
  std::vector<unsigned char> firstOf_;       // per joint: bit e, the first joint of its side e's solid
  bool chain_ = false;                       // the last prepare() succeeded
  std::vector<Ends> ends_;
  std::vector<Gap> gaps_;
  std::vector<Pose> poses_;                  // per system solid (movable ones filled)
  std::vector<Symmetric3> inverseInertia_;   // J_b⁻¹, world, of each movable solid
  struct Step {
    Vec3d dx, dR;
  };
  std::vector<Step> steps_;                  // the last solve's step, per solid of movable_
  BorderedBlockTridiagonal system_;
  Eigen::VectorXd lambda_;
};

}  // namespace flexure
