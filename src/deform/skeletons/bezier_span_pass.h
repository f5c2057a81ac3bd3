#pragma once
// The span pass of BezierSkeleton::nearestPointsOfRun (bezier_span_pass.cpp): a run of points
// answered at once on a union of consecutive pieces of one cubic span, where g is increasing
// for every point of the run's box.
#include "flexure/deform/skeletons/bezier_skeleton.h"

namespace flexure::deform {

// Whether g is increasing on the piece for every point of `box` (a run's): the box inside the
// piece's monotone sphere (its farthest corner), or each of g_s's Bernstein coefficients
// sa_k - P . s_k positive at the corner where it is smallest (a linear function of P is extreme
// at a corner of the box), with a margin of 1e-9 relative to the terms' size against rounding.
// True proves increasingFor for every point of the box; false says nothing.
bool increasingForBox(const MonotoneTest& m, const Bounds3& box);

// The chord pass's choice per lane, as the span pass reads it: near[i] != 0 when some candidate
// piece may come within the cutoff; the nearest chord's candidate index bestJ[i] and its
// projection parameter bestT[i] in that piece; piece[j] the piece of candidate j (count of them).
struct ChordChoice {
  const double* near;
  const double* bestJ;
  const double* bestT;
  const int* piece;
  int count;
};

}  // namespace flexure::deform
