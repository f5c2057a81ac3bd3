#pragma once
// One MES curve's mechanical problem, independent of the scene: its B-spline shape, material
// (α, β of Eq. 1), loads (Eq. 3, Eq. 4-6), penalty springs (rubberbands, section 4.1) and which
// control-point coordinates are frozen. The scene's curve solver fills it from a curve node and
// the constraints that name it; tests and benchmarks build it directly.
#include <Eigen/Core>
#include <vector>

#include "flexure/curves/cubic_bspline.h"

namespace flexure {

// A concentrated force f applied at r(u*) (Eq. 3).
struct PointLoad {
  double u = 0.5;
  Eigen::Vector2d force = Eigen::Vector2d::Zero();
};

// Distributed pressure over [u0, u1] along the right-hand normal (Eq. 4-6); p varies linearly
// from p0 at u0 to p1 at u1. Positive p pushes towards the right-hand side n̂ of Eq. 5.
struct PressureLoad {
  double u0 = 0.0, u1 = 1.0;
  double p0 = 0.0, p1 = 0.0;
  double at(double u) const { return u1 > u0 ? p0 + (p1 - p0) * (u - u0) / (u1 - u0) : p0; }
};

// Rubberband (section 5.1): penalty spring ½ k_p |r(u*) - p*|² pulling r(u*) towards p*.
struct Rubberband {
  double u = 0.5;
  Eigen::Vector2d target = Eigen::Vector2d::Zero();
  double stiffness = 1.0;
};

struct CurveProblem {
  BSplineShape shape;
  // α(u), β(u) of Eq. 1: one value (homogeneous) or one per span (piecewise constant).
  std::vector<double> alpha{1.0};
  std::vector<double> beta{1.0};
  std::vector<PointLoad> forces;
  std::vector<PressureLoad> pressures;
  std::vector<Rubberband> rubberbands;
  // Per coordinate of q (size 2n, or empty: nothing frozen).
  std::vector<bool> frozen;

  int dimension() const { return 2 * shape.count; }
  bool isFrozen(int i) const { return !frozen.empty() && frozen[static_cast<std::size_t>(i)]; }
  double alphaOf(int span) const { return alpha.size() == 1 ? alpha[0] : alpha[static_cast<std::size_t>(span)]; }
  double betaOf(int span) const { return beta.size() == 1 ? beta[0] : beta[static_cast<std::size_t>(span)]; }
};

}  // namespace flexure
