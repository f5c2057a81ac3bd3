#pragma once
// A ground plane {X : n·X = offset} with contact and Coulomb friction, both as displacement
// corrections between a solid and the fixed world (the paper's wheel gets its rotation from
// "friction with the floor"; here the floor is a displacement constraint too).
//
// For each contact point P of a solid below the plane (surface samples, or the exact lowest
// points of its spheres and cylinders, round_contact.h) (depth δ = offset - n·P > 0):
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
// The direct scheme also keeps the accumulated friction impulse of each solid as a vector in
// the plane (components along the plane's two tangents, third component unused), so that
// Coulomb's bound holds on the step's net friction impulse, not on the sum of its iterations'
// magnitudes.
struct ContactBudget {
  std::vector<double> normal, tangential;
  std::vector<Vec3d> frictionImpulse;
  void reset(std::size_t bodies) {
    normal.assign(bodies, 0.0);
    tangential.assign(bodies, 0.0);
    frictionImpulse.assign(bodies, Vec3d());
  }
};

// One pass over every penetrating sample (Gauss-Seidel). friction: also undo slip (dynamics).
// Returns the largest depth found before correcting.
double processGroundContacts(RigidSystem& system, const GroundPlane& ground, ContactBudget& budget, bool friction);
// For the direct scheme: contacts as rows of the coupled solve. Per solid touching the floor
// or within 2% of its size above it, one effective contact point (the centroid of its lowest
// samples) with a normal row (error: minus the signed depth of the deepest) and, with friction,
// two tangential rows (error: the slip of that material point since the step's start).
void appendContactRows(const RigidSystem& system, const GroundPlane& ground, bool friction,
                       std::vector<ConstraintRow>& rows);
// Active set of the contacts: removes every contact (normal and friction rows) whose normal
// multiplier is negative, i.e. where the floor would have to pull. Returns whether any was
// removed (then the system is solved again without them).
bool dropPullingContacts(const Eigen::VectorXd& lambda, std::vector<ConstraintRow>& rows);
// Coulomb's cone for the direct scheme. For each solid whose friction rows ask for more than
// μ × its normal impulse (accumulated over the step, this solve's included), the accumulated
// friction impulse is clipped to the cone (the contact slides), its two rows leave `rows`,
// their displacement M⁻¹Jᵀλ is added to (dx, dR), and the errors of the remaining rows are
// moved by that displacement (e += J Δ), so that the next solve closes the joints given the
// sliding contact instead of assuming it sticks. `applied` receives the clipped impulses (per
// solid, tangent components). Returns whether any contact was clipped.
bool clipSlidingContacts(const RigidSystem& system, double friction, const ContactBudget& budget,
                         const Eigen::VectorXd& lambda, std::vector<ConstraintRow>& rows, std::vector<Vec3d>& dx,
                         std::vector<Vec3d>& dR, std::vector<std::pair<int, Vec3d>>& applied);
// Adds the final multipliers of the contact rows still in `rows` (λn clamped at 0) and the
// clipped friction impulses to the step's budget.
void commitContactImpulses(const std::vector<ConstraintRow>& rows, const std::vector<std::pair<int, Vec3d>>& clipped,
                           ContactBudget& budget, Eigen::VectorXd& lambda);
// Largest depth of any sample below the plane (0 if none).
double deepestPenetration(const RigidSystem& system, const GroundPlane& ground);

}  // namespace flexure
