#pragma once
// A ground plane {X : n·X = offset} with contact and Coulomb friction, both as displacement
// corrections between a solid and the fixed world (the paper's wheel gets its rotation from
// "friction with the floor"; here the floor is a displacement constraint too).
//
// For each surface sample P of a solid below the plane (depth δ = offset - n·P > 0):
//   contact:  Eqs. 14-15 with the world, along n, α = effective mass along n, so that P comes
//             back to the plane: Δx = α/m δ n, ΔR = α J^{-1} (P - G) ∧ δ n.
//   friction: the tangential displacement s of that material point during the step (from the
//             pose at the step's start) is undone the same way, along -s, but only up to
//             μ times the normal correction accumulated by the solid during the step (Coulomb's
//             cone in displacement form); beyond it the contact slides.
// Because the correction of the contact point is shared between translation and rotation by the
// effective mass, a wheel pushed at its axle rolls: for a uniform disc of radius r, a slip d is
// undone by Δx = -d/3 and a rotation 2d/(3r), and the velocities of step 3 give ω = v/r.
#include <vector>

#include <Eigen/Core>

#include "flexure/rigid/direct_joint_solver.h"
#include "flexure/rigid/rigid_system.h"

namespace flexure {

struct GroundPlane {
  Vec3d normal{0, 1, 0};
  double offset = 0.0;
  double friction = 0.8;
};

// Per-step totals per body: normal and tangential correction lengths used so far.
struct ContactBudget {
  std::vector<double> normal, tangential;
  void reset(std::size_t bodies) { normal.assign(bodies, 0.0); tangential.assign(bodies, 0.0); }
};

// One pass over every penetrating sample (Gauss-Seidel). friction: also undo slip (dynamics).
// Returns the largest depth found before correcting.
double processGroundContacts(RigidSystem& system, const GroundPlane& ground, ContactBudget& budget, bool friction);
// For the direct scheme: contacts as rows of the coupled solve. Per touching solid, one
// effective contact point (the centroid of its touching samples) with a normal row (error:
// minus the deepest depth) and, with friction, two tangential rows (error: the slip of that
// material point since the step's start).
void appendContactRows(const RigidSystem& system, const GroundPlane& ground, bool friction,
                       std::vector<ConstraintRow>& rows);
// Projects the solved multipliers of contact rows: λn ≥ 0 (no pull), and the friction
// impulse of each solid within μ times its normal impulse accumulated over the step (the
// budget, in impulse units here); the budget is updated.
void projectContactImpulses(const std::vector<ConstraintRow>& rows, double friction, ContactBudget& budget,
                            Eigen::VectorXd& lambda);
// Largest depth of any sample below the plane (0 if none).
double deepestPenetration(const RigidSystem& system, const GroundPlane& ground);

}  // namespace flexure
