#pragma once
// The rotation corrections of angle and twist limits (section 4.2) share one form. A limit
// measures an angle θ that changes, to first order, as dθ = k·(ΔR2 - ΔR1) for an axis k; its
// error e = θ - clamp(θ, min, max). The corrections are opposite angular impulses L = λ k
// applied through each inertia ("we use their inertia J1 and J2 to conserve angular
// momenta"):
//   ΔR1 = J1^{-1} k λ,   ΔR2 = -J2^{-1} k λ,   λ = e / (k·(J1^{-1} + J2^{-1}) k),
// so J1 ΔR1 + J2 ΔR2 = 0 and dθ = -e: the limit holds after one correction when nothing else
// moves.
#include "flexure/rigid/point_correction.h"

namespace flexure {

struct AngularRow {
  bool violated = false;
  Vec3d axis;          // k, unit, world frame
  double error = 0.0;  // θ - clamp(θ)
  double angle = 0.0;  // θ, for reports
};

PairRotation correctAngularRow(const AngularRow& row, const Mat3d& inverseInertia1, const Mat3d& inverseInertia2);

}  // namespace flexure
