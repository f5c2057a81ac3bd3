#pragma once
// Step 2 of the animation algorithm (section 2.2) and the assembly mode (section 2.3): the
// solids are displaced by small rotations and translations until every active constraint holds.
//
//   paper           the paper's scheme: per constraint the rotations of Eq. 18 (then the angle
//                   and twist rotations of section 4.2, in the order of section 4.2.3), combined
//                   over constraints with the weights 1/max(n_i, n_j) of section 3.2 and
//                   applied; then the translations of Eq. 19 from the rotated points, combined
//                   and applied the same way.
//   paper-momentum  Eqs. 14-15 from one state per iteration (α = the pair's 3x3 effective mass
//                   at the gap's midpoint, point_correction.h),
//                   same weights: both first-order momenta conserved exactly.
//   direct          beyond the paper (direct_joint_solver.h): all rows closed together by one
//                   sparse solve per iteration.
// Iterations stop when every violation is below the tolerance, when the corrections become
// negligible (an over-constrained set cannot improve), or at the iteration limit; the result
// lists the constraints still violated and by how much (the paper's warning). Never hangs.
#include <string>
#include <string_view>
#include <vector>

#include "flexure/rigid/direct_joint_solver.h"
#include "flexure/rigid/ground_contact.h"
#include "flexure/rigid/rigid_system.h"

namespace flexure {

enum class ProcessingScheme { Direct, Paper, PaperMomentum };
ProcessingScheme processingSchemeFromName(std::string_view name);  // throws std::invalid_argument
std::string_view processingSchemeName(ProcessingScheme scheme);

// First-order momenta carried by the corrections, movable solids only:
//   linear  Σ m Δx,   angular  Σ (J ΔR + m G ∧ Δx)   (footnote 5 of section 3.1.1)
struct MomentumLedger {
  Vec3d linear, angular;
};

struct ProcessingOptions {
  ProcessingScheme scheme = ProcessingScheme::Direct;
  int maxIterations = 30;
  double tolerance = 1e-6;
  double time = 0.0;                    // constraints are active if their interval holds it
  double maxStep = 0.0;                 // > 0 (assembly): bound |ΔR| per iteration (radians)
  bool weightByConstraintCount = true;  // section 3.2; false sums corrections (van Overveld)
  // Scales α in the rotations of Eq. 18 (section 2.3: "the convergence speed can be controlled
  // by the user, through a parameter α"). Below 1 damps the rotation overshoot of slender
  // solids in closed loops; Eq. 19 still closes each gap exactly.
  double alphaScale = 1.0;
  const GroundPlane* ground = nullptr;  // contacts corrected each iteration when set
  ContactBudget* contactBudget = nullptr;
  bool friction = false;
  MomentumLedger* ledger = nullptr;
  DirectJointSolver* workspace = nullptr;  // reuse between calls (keeps the symbolic analysis)
};

struct ViolatedConstraint {
  std::string name;
  std::string kind;
  double violation = 0.0;  // distance or radians
};

struct ProcessingResult {
  int iterations = 0;
  bool converged = false;
  double maxViolation = 0.0;
  double lastCorrection = 0.0;  // largest |Δx| or |ΔR| of the last iteration
  std::string stopReason;
  std::vector<ViolatedConstraint> violated;  // above the tolerance when processing stopped
  // A goal stopped pulling at the turn bound of one call (goal_pull.h): the joints hold, the
  // solids have not reached the goal yet, and the next call pulls on (one bounded turn a frame).
  bool turnBounded = false;
};

bool isJointActive(const JointRecord& joint, double time);
// Largest violation over the active joints (and the ground, when given).
double maxJointViolation(const RigidSystem& system, double time, const GroundPlane* ground = nullptr);

ProcessingResult processConstraints(RigidSystem& system, const ProcessingOptions& options);
// The direct scheme's one-time analysis of the joints active at options.time, into
// options.workspace: the layout of a chain or ring of plain point joints and every buffer its
// iterations use (point_joint_chain.h), which the first processConstraints call with that
// workspace otherwise builds and first touches, page by page, inside its frame. A simulation
// may call it once when it builds its system, so that its first frame costs what the others do;
// processConstraints then finds the layout unchanged and moves the solids exactly as without it.
// Returns whether the chain path applies (false without a workspace, for the paper's schemes,
// with a floor or a momentum ledger).
bool prepareDirectWorkspace(const RigidSystem& system, const ProcessingOptions& options);

}  // namespace flexure
