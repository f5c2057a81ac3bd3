#pragma once
// The displacements that re-establish a "point to point" constraint P1 = P2 between two
// solids (section 3.1). Pure functions: the state of the two solids in, small rotations
// (rotation vectors) and small translations out. A fixed solid or the world has inverse mass
// and inverse inertia zero.
//
// The rubber of stiffness k pulling P1 to P2 (Eqs. 5-8) acting during Δt gives (Eqs. 11-12)
//   ΔR1 = J1^{-1} (kΔt²/2) (P1 - G1) ∧ (P2 - P1),   Δx1 = (kΔt²/2)/m1 (P2 - P1),
// rewritten with one free scalar α (Eqs. 14-15):
//   ΔR1 = α J1^{-1} (P1 - G1) ∧ (P2 - P1)           (14)
//   Δx1 = α/m1 (P2 - P1)                              (15)
// and symmetrically for S2. Both come from opposite forces at the same points, so the
// first-order linear and angular momenta of (S1, S2) are conserved exactly.
//
// The paper's fast scheme (section 3.1.3) takes α = m1 m2/(m1 + m2) (Eq. 17), applies
//   ΔR1 = α J1^{-1} (P1 - G1) ∧ (P2 - P1),  ΔR2 = α J2^{-1} (P2 - G2) ∧ (P1 - P2)     (18)
// and then, from the points P1', P2' after rotation, the translations that satisfy the
// constraint exactly:
//   Δx1 = m2/(m1 + m2) (P2' - P1'),         Δx2 = m1/(m1 + m2) (P1' - P2')           (19)
// Linear momentum is still conserved (m1Δx1 + m2Δx2 = 0); angular momentum is not exactly,
// because the translations no longer act at the points the rotations were computed from.
//
// Without physical data (section 3.1.4), m2/(m1+m2) becomes the user's "ability to move"
// μ12 ∈ (0, 1) (μ21 = 1 - μ12) and m1 J1^{-1} becomes the scalar "ability to rotate" k1, so
// α J1^{-1} = μ12 k1.
#include "flexure/core/vec.h"

namespace flexure {

// What Eqs. 18-19 need to know of one solid.
struct CorrectionSide {
  Vec3d com;                       // G
  double inverseMass = 0.0;        // 1/m, 0 if fixed
  Mat3d inverseInertia;            // J^{-1}, world frame, zero if fixed
};

// Coefficients of Eqs. 18-19 for one pair: translation shares (m2/(m1+m2), m1/(m1+m2)) and
// rotation gains (α J1^{-1}, α J2^{-1}).
struct CorrectionWeights {
  double share1 = 0.0, share2 = 0.0;
  Mat3d rotationGain1, rotationGain2;
};

struct PairRotation {
  Vec3d deltaR1, deltaR2;
};
struct PairTranslation {
  Vec3d deltaX1, deltaX2;
};

// Eq. 17: α = m1 m2/(m1 + m2) = 1/(1/m1 + 1/m2); shares m2/(m1+m2) = (1/m1)/(1/m1 + 1/m2).
CorrectionWeights physicalWeights(const CorrectionSide& s1, const CorrectionSide& s2);
// Section 3.1.4: μ12 (ability of S1 to move relative to S2) and the abilities to rotate;
// a fixed side (movable = false) gets no share.
CorrectionWeights userWeights(double mu12, double rotationAbility1, bool movable1, double rotationAbility2,
                              bool movable2);

// Eq. 18, with the gains of physicalWeights or userWeights.
PairRotation eq18Rotations(const CorrectionWeights& w, const Vec3d& g1, const Vec3d& p1, const Vec3d& g2,
                           const Vec3d& p2);
// Eq. 19, from the points after rotation.
PairTranslation eq19Translations(const CorrectionWeights& w, const Vec3d& p1Rotated, const Vec3d& p2Rotated);

// Eqs. 14-15 together, from one state: translations and rotations of both solids for a
// given α.
struct PairCorrection {
  Vec3d deltaR1, deltaR2, deltaX1, deltaX2;
};
PairCorrection eq14and15(const CorrectionSide& s1, const Vec3d& p1, const CorrectionSide& s2, const Vec3d& p2,
                         double alpha);
// The α of Eqs. 14-15 that closes the gap along d = P2 - P1 to first order: the effective
// mass 1/(n·K n), K = (1/m1 + 1/m2) I - [r1]ₓ J1^{-1} [r1]ₓ - [r2]ₓ J2^{-1} [r2]ₓ, n = d/|d|.
// (The paper leaves α free; this choice gives its "one iteration" property to Eqs. 14-15
// while keeping both momenta exact.) Returns 0 when both solids are fixed.
double effectiveMassAlong(const CorrectionSide& s1, const Vec3d& p1, const CorrectionSide& s2, const Vec3d& p2,
                          const Vec3d& direction);

// Eqs. 14-15 with the scalar α replaced by the 3x3 effective mass K^{-1} of the pair at the
// point X where both are pushed (the gap's midpoint): impulse λ = K^{-1} (P2 - P1),
//   ΔR1 = J1^{-1} (X - G1) ∧ λ,  Δx1 = λ/m1,  ΔR2 = -J2^{-1} (X - G2) ∧ λ,  Δx2 = -λ/m2,
//   K = (1/m1 + 1/m2) I - [X - G1]ₓ J1^{-1} [X - G1]ₓ - [X - G2]ₓ J2^{-1} [X - G2]ₓ.
// The impulses are opposite and act at one point: both momenta are conserved exactly, and the
// gap closes to first order in one iteration even for very anisotropic K (a small ball on a
// long arm), where the scalar α along the gap converges slowly.
PairCorrection eq14and15Tensor(const CorrectionSide& s1, const Vec3d& p1, const CorrectionSide& s2, const Vec3d& p2);

}  // namespace flexure
