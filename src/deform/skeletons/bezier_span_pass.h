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

// Whether some lane of v[0, n) is above `level` (flags 0/1 with level 0, a state with level
// 1.5): one vectorized pass, no branch per lane.
bool anyLaneAbove(const double* v, int n, double level);

// The run's candidate pieces as the span pass's chord tests read them (one array per quantity,
// indexed by candidate; count of them): piece[j] the piece of candidate j, its chord from
// (csx, csy, csz) along (chx, chy, chz) with 1 / |chord|^2, and far2[j] = (reach + the piece's
// deviation from its chord)^2 (a lane is near the piece when its chord distance is below it),
// with deviation[j] and reach themselves.
struct SpanChords {
  const int* piece;
  const double *csx, *csy, *csz, *chx, *chy, *chz, *invLength2, *far2, *deviation;
  int count;
  double reach;
};

// The squared distance from (x, y, z) to candidate j's chord; t: the parameter of the point's
// projection on it, clamped to [0, 1]. For single points (a run's box centre, its end lanes);
// the lane loops write the same arithmetic over arrays.
inline double chordDistance2(const SpanChords& pc, int j, double x, double y, double z, double& t) {
  const double px = x - pc.csx[j], py = y - pc.csy[j], pz = z - pc.csz[j];
  t = (px * pc.chx[j] + py * pc.chy[j] + pz * pc.chz[j]) * pc.invLength2[j];
  t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
  const double ex = px - pc.chx[j] * t, ey = py - pc.chy[j] * t, ez = pz - pc.chz[j] * t;
  return ex * ex + ey * ey + ez * ez;
}

}  // namespace flexure::deform
