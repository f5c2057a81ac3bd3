// Nearest points of a run of neighbouring points to a Bezier curve (section 3.4), in lanes.
//
// nearestParameter answers one point at a time: its branches (which piece first, root isolation
// or not, Newton or Halley, when to stop) differ from point to point, so it cannot use the
// processor's vector units. Here the same certified answer is reached for a whole run of points
// with straight-line arithmetic over arrays of them:
//   1. chord pass: for every candidate piece, the distance from each point to the piece's chord
//      (a lower bound of the distance to the piece once its control points' deviation is taken
//      off); each point keeps the piece with the nearest chord and its projection parameter;
//   2. Halley pass, over each stretch of points that chose the same piece: Halley's method on
//      g(s) = (R(s) - P) . R_s(s) from the projection, three steps on the piece's power form
//      (cubic convergence), then the piece's part of the certificate of nearestParameter: g is
//      increasing on the piece for P (sphere bound, or g_s's Bernstein coefficients positive),
//      g changes sign from the piece's start to its end (one root, a minimum; the ends are
//      farther), and the last step was below Halley's "done" threshold;
//   3. cover pass: a neighbouring piece on which g is increasing for P, with the sign at the
//      shared end that makes the distance grow away from it, cannot beat the answer;
//   4. retry: points whose root lies beyond their piece's start or end try the neighbour there
//      (junctions), points not yet converged continue on their piece;
//   5. others pass: every other candidate piece's lower bound lies beyond the distance found.
// A point that fails the certificate (where the curve bends tighter than the point's distance,
// or at a corner of pieces) is answered by nearestParameter, so the results are those of the
// scalar search whatever the input.
// Passes 2-5 are the piece pass. A run whose candidates are consecutive pieces of one span, with
// g increasing on each for the whole run's box, skips them: the span pass (bezier_span_pass.cpp)
// certifies it on the candidates' union at once, from starts interpolated between the chord
// starts of the run's first and last lanes (no chord pass over every lane).
#include <algorithm>
#include <array>
#include <cmath>

#include "../simd_clones.h"
#include "bezier_span_pass.h"
#include "flexure/deform/coordinate_bounds.h"
#include "flexure/deform/skeletons/bezier_skeleton.h"

namespace flexure::deform {

namespace {

constexpr int kLanes = BezierSkeleton::kRunLength;
constexpr int kMaxRunPieces = BezierSkeleton::kMaxPieces;

// The candidate pieces of a run, flat (one array per quantity, indexed by candidate).
struct RunPieces {
  // Only the first `count` entries are written and read (no zeroing per run).
  int count = 0;
  double cutoff2 = 0.0;
  std::array<int, kMaxRunPieces> piece;
  std::array<double, kMaxRunPieces> csx, csy, csz, chx, chy, chz, invLength2, deviation, far2;
};

// Each lane's answer on its piece and what it certifies.
struct LaneAnswers {
  alignas(64) double nx[kLanes], ny[kLanes], nz[kLanes], d2[kLanes], ok[kLanes], side[kLanes], s[kLanes];
  // Pieces the lane's answer already covers (piece index, or -1): its own, and a neighbour on
  // which the distance runs monotonically towards the shared end point.
  alignas(64) double own[kLanes], coveredPrev[kLanes], coveredNext[kLanes];
};

struct LaneState {
  alignas(64) double bestD2[kLanes], bestT[kLanes], bestJ[kLanes], near[kLanes];
  alignas(64) double d2c[kMaxRunPieces][kLanes];
  LaneAnswers answers;
};

// Pass 1: chord distances of every lane to every candidate piece; the nearest chord per lane;
// near[i] = 1 when some piece may come within the cutoff.
FLEXURE_DEFORM_SIMD
void chordPass(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const RunPieces& pc,
               LaneState& st) {
  for (int i = 0; i < n; ++i) {
    st.bestD2[i] = 1e300;
    st.bestT[i] = 0.0;
    st.bestJ[i] = 0.0;
    st.near[i] = 0.0;
  }
  for (int j = 0; j < pc.count; ++j) {
    const double csx = pc.csx[j], csy = pc.csy[j], csz = pc.csz[j], chx = pc.chx[j], chy = pc.chy[j], chz = pc.chz[j];
    const double inv = pc.invLength2[j], far2 = pc.far2[j], jd = j;
    double* __restrict d2c = st.d2c[j];
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double px = xs[i] - csx, py = ys[i] - csy, pz = zs[i] - csz;
      double t = (px * chx + py * chy + pz * chz) * inv;
      t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
      const double ex = px - chx * t, ey = py - chy * t, ez = pz - chz * t;
      const double d2 = ex * ex + ey * ey + ez * ez;
      d2c[i] = d2;
      const bool better = d2 < st.bestD2[i];
      st.bestD2[i] = better ? d2 : st.bestD2[i];
      st.bestT[i] = better ? t : st.bestT[i];
      st.bestJ[i] = better ? jd : st.bestJ[i];
      st.near[i] = d2 < far2 ? 1.0 : st.near[i];
    }
  }
}

// Whether no point of the run's box can be near any candidate (the chord pass's near[i] 0 for
// every lane), from the box's centre c and half diagonal h: the distance to a chord (a segment,
// convex) is 1-Lipschitz, so a point p of the box is at least dist(c) - h from it, and that is
// beyond reach + deviation. A relative margin of 1e-9 covers the lanes' rounding. About a fifth
// of the runs that have candidates have no lane near one (runs along the reach's edge); they
// skip the chord pass and the span test. Compared in squares (both sides are positive), with
// far = reach + the piece's deviation, as far2's root.
bool boxBeyondChords(const SpanChords& pc, const Bounds3& box) {
  const double cx = 0.5 * (box.lo.x + box.hi.x), cy = 0.5 * (box.lo.y + box.hi.y), cz = 0.5 * (box.lo.z + box.hi.z);
  const double hx = 0.5 * (box.hi.x - box.lo.x), hy = 0.5 * (box.hi.y - box.lo.y), hz = 0.5 * (box.hi.z - box.lo.z);
  const double h = std::sqrt(hx * hx + hy * hy + hz * hz);
  for (int j = 0; j < pc.count; ++j) {
    double t = 0.0;
    const double beyond = (pc.reach + pc.deviation[j]) * (1.0 + 1e-9) + 1e-12 + h;
    if (!(chordDistance2(pc, j, cx, cy, cz, t) > beyond * beyond)) return false;
  }
  return true;
}

}  // namespace

inline bool increasingFor(const MonotoneTest& m, double px, double py, double pz) {
  const double mx = px - m.cx, my = py - m.cy, mz = pz - m.cz;
  bool positive = true;
#pragma GCC unroll 5
  for (int k = 0; k < 5; ++k) positive = positive & (m.sa[k] - (px * m.sx[k] + py * m.sy[k] + pz * m.sz[k]) > 0.0);
  return (mx * mx + my * my + mz * mz < m.monotone2) | positive;
}

namespace {

// Pass 2 on the lanes [0, n) that chose the same piece: Halley's method from the chord
// projection (or from a given parameter), then the piece's part of the certificate. The answer
// of a lane is the root inside the piece, or the curve's end point when the piece starts (ends)
// the curve and g >= 0 (<= 0) on all of it. ok[i] = 1 when the answer is the minimum of the distance over the piece.
FLEXURE_DEFORM_SIMD
void halleyPass(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const PieceLanes& pl,
                const double* __restrict startT, double* __restrict nx, double* __restrict ny, double* __restrict nz,
                double* __restrict d2out, double* __restrict okOut, double* __restrict sideOut, double* __restrict sOut) {
  // Three steps settle all but a few lanes from the chord projection (two steps left 4 % more
  // unsettled and cost more than they saved); the rest (side 2) get three more from where they
  // stopped (retryLanes).
  constexpr int kSteps = 3;
  const double gA3 = pl.gA[3], gA4 = pl.gA[4], gA5 = pl.gA[5];
  const double a0x = pl.a[0][0], a0y = pl.a[0][1], a0z = pl.a[0][2];
  const double a1x = pl.a[1][0], a1y = pl.a[1][1], a1z = pl.a[1][2];
  const double a2x = pl.a[2][0], a2y = pl.a[2][1], a2z = pl.a[2][2];
  const double a3x = pl.a[3][0], a3y = pl.a[3][1], a3z = pl.a[3][2];
  const double g0a = pl.g0a, g0x = pl.g0x, g0y = pl.g0y, g0z = pl.g0z, g1a = pl.g1a, g1x = pl.g1x, g1y = pl.g1y, g1z = pl.g1z;
  const double startX = pl.startX, startY = pl.startY, startZ = pl.startZ, endX = pl.endX, endY = pl.endY, endZ = pl.endZ;
  const double atStart = pl.curveStart ? 1.0 : 0.0, atEnd = pl.curveEnd ? 1.0 : 0.0;
  // The steps run one at a time over all the lanes (the lane loop inside): a lane's steps are a
  // chain of dependent operations ending in a division, and with the whole chain in the loop
  // body the processor kept only one or two iterations in flight; one step per iteration lets it
  // overlap many lanes' steps. c0..c2, s, step, done and ok wait in arrays between the loops.
  alignas(64) double c0v[kLanes], c1v[kLanes], c2v[kLanes], sv[kLanes], stepv[kLanes], denv[kLanes], donev[kLanes], okv[kLanes];
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double px = xs[i], py = ys[i], pz = zs[i];
    // g's three lowest coefficients for this P (the others are the piece's): one dot product
    // each, then every step evaluates the quintic g and its two derivatives by Horner's rule
    // instead of R, R_s, R_ss in three coordinates and three dot products.
    c0v[i] = pl.gA[0] - (px * a1x + py * a1y + pz * a1z);
    c1v[i] = pl.gA[1] - 2.0 * (px * a2x + py * a2y + pz * a2z);
    c2v[i] = pl.gA[2] - 3.0 * (px * a3x + py * a3y + pz * a3z);
    sv[i] = startT[i];
    okv[i] = 1.0;
    stepv[i] = 0.0;
    donev[i] = 1e-6;
  }
  for (int it = 0; it < kSteps; ++it) {
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double c0 = c0v[i], c1 = c1v[i], c2 = c2v[i];
      double s = sv[i] - stepv[i];
      s = s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
      const double g = ((((gA5 * s + gA4) * s + gA3) * s + c2) * s + c1) * s + c0;
      const double gs = (((5.0 * gA5 * s + 4.0 * gA4) * s + 3.0 * gA3) * s + 2.0 * c2) * s + c1;
      const double gss = ((20.0 * gA5 * s + 12.0 * gA4) * s + 6.0 * gA3) * s + 2.0 * c2;
      const double safe = gs > 0.0 ? gs : 1.0;
      // Halley's step 2 g g_s / (2 g_s^2 - g g_ss) while its correction factor
      // 1 / (1 - g g_ss / (2 g_s^2)) stays below 2 (g_s^2 > g g_ss); farther out, Newton's g / g_s.
      // One division either way, in a loop of its own below: with the numerator and the
      // denominator both selects on the same condition in one expression, GCC splits the
      // quotient into two divisions, one per branch, for every lane.
      const bool halley = safe * safe > g * gss;
      sv[i] = s;
      stepv[i] = halley ? 2.0 * g * safe : g;
      denv[i] = halley ? 2.0 * safe * safe - g * gss : safe;
      donev[i] = halley ? 1e-4 : 1e-6;
      okv[i] = gs > 0.0 ? okv[i] : 0.0;
    }
#pragma omp simd
    for (int i = 0; i < n; ++i) stepv[i] = stepv[i] / denv[i];
  }
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double px = xs[i], py = ys[i], pz = zs[i];
    const double s = sv[i], step = stepv[i], done = donev[i], ok = okv[i];
    // Converged as in polishPiece: after a step below `done` the next iterate is at the root to
    // ~1e-12, and R there follows by Taylor's formula to O(step^3).
    // R, R_s, R_ss of the cubic a3 s^3 + a2 s^2 + a1 s + a0 (Horner) at the last iterate.
    const double rx = ((a3x * s + a2x) * s + a1x) * s + a0x;
    const double ry = ((a3y * s + a2y) * s + a1y) * s + a0y;
    const double rz = ((a3z * s + a2z) * s + a1z) * s + a0z;
    const double r1x = (3.0 * a3x * s + 2.0 * a2x) * s + a1x;
    const double r1y = (3.0 * a3y * s + 2.0 * a2y) * s + a1y;
    const double r1z = (3.0 * a3z * s + 2.0 * a2z) * s + a1z;
    const double r2x = 6.0 * a3x * s + 2.0 * a2x;
    const double r2y = 6.0 * a3y * s + 2.0 * a2y;
    const double r2z = 6.0 * a3z * s + 2.0 * a2z;
    const double next = s - step;
    const double converged = ((step < done) & (step > -done) & (next > 0.0) & (next < 1.0)) ? ok : 0.0;
    const double h = next - s;
    double qx = rx + (r1x + r2x * (0.5 * h)) * h, qy = ry + (r1y + r2y * (0.5 * h)) * h, qz = rz + (r1z + r2z * (0.5 * h)) * h;
    const bool monotone = increasingFor(pl.monotone, px, py, pz);  // g increasing on the whole piece
    // g at the piece's ends (its first and last Bernstein coefficients).
    const double g0 = g0a - (px * g0x + py * g0y + pz * g0z);
    const double g1 = g1a - (px * g1x + py * g1y + pz * g1z);
    // A monotone g with g(0) >= 0 (g(1) <= 0): the distance grows (falls) over the whole piece,
    // whose nearest point is then its start (end); certified when that is an end of the curve.
    const bool before = g0 >= 0.0, after = g1 <= 0.0;
    qx = before ? startX : (after ? endX : qx);
    qy = before ? startY : (after ? endY : qy);
    qz = before ? startZ : (after ? endZ : qz);
    const bool signChange = (g0 < 0.0) & (g1 > 0.0);
    const double inside = signChange ? converged : 0.0;
    const double atCurveEnd = before ? atStart : (after ? atEnd : 0.0);
    nx[i] = qx;
    ny[i] = qy;
    nz[i] = qz;
    d2out[i] = (qx - px) * (qx - px) + (qy - py) * (qy - py) + (qz - pz) * (qz - pz);
    okOut[i] = monotone ? (inside + atCurveEnd) : 0.0;
    // Where the lane's nearest point lies when not inside this piece: before its start (-1) or
    // beyond its end (+1), the neighbour there being the piece to try; or inside but not reached
    // yet (2), to continue from sOut.
    sideOut[i] = monotone ? (before ? -1.0 : (after ? 1.0 : ((signChange & (converged == 0.0)) ? 2.0 : 0.0))) : 0.0;
    sOut[i] = next < 0.0 ? 0.0 : (next > 1.0 ? 1.0 : next);
  }
}


// Pass 2b: a neighbour on which g is increasing for the lane's point and has, at the end it
// shares with the lane's piece, the sign that makes the distance grow away from that end: its
// nearest point is the shared end, a point of the lane's piece, so it cannot beat the answer.
// This settles points whose nearest point lies near a junction of pieces, where the
// neighbour's chord bound alone is too weak. covered[i] = the neighbour's index, or -1.
FLEXURE_DEFORM_SIMD
void coverPass(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const NeighbourLanes& nb,
               double* __restrict covered) {
  const double ga = nb.ga, gx = nb.gx, gy = nb.gy, gz = nb.gz, sign = nb.sign, index = nb.index;
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double px = xs[i], py = ys[i], pz = zs[i];
    const bool monotone = increasingFor(nb.monotone, px, py, pz);
    const double g = (ga - (px * gx + py * gy + pz * gz)) * sign;
    covered[i] = (monotone & (g >= 0.0)) ? index : -1.0;
  }
}

// Pass 3: every other candidate piece's lower bound (chord distance less the deviation) must
// not come below the distance found (or the cutoff, whichever is smaller).
FLEXURE_DEFORM_SIMD
void othersPass(int n, const RunPieces& pc, LaneState& st) {
  const double cutoff2 = pc.cutoff2;
  LaneAnswers& a = st.answers;
  alignas(64) double dist[kLanes];
#pragma omp simd
  for (int i = 0; i < n; ++i) dist[i] = std::sqrt(a.d2[i] < cutoff2 ? a.d2[i] : cutoff2);
  for (int j = 0; j < pc.count; ++j) {
    const double dev = pc.deviation[j], piece = pc.piece[static_cast<std::size_t>(j)];
    const double* __restrict d2c = st.d2c[j];
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double d = dist[i] + dev;
      const bool covered = (a.own[i] == piece) | (a.coveredPrev[i] == piece) | (a.coveredNext[i] == piece);
      a.ok[i] = (covered | (d2c[i] >= d * d)) ? a.ok[i] : 0.0;
    }
  }
}

// The output of the lanes the certificate settled: found[i] = 1 and the nearest point where it
// lies within the cutoff; pending[i] = 1 for the lanes within reach of a piece that it did not
// settle (they go to nearestParameter).
FLEXURE_DEFORM_SIMD
void writeSettled(int n, double cutoff2, const LaneState& st, double* __restrict nx, double* __restrict ny, double* __restrict nz,
                  unsigned char* __restrict found, double* __restrict pending) {
  const LaneAnswers& a = st.answers;
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const bool near = st.near[i] != 0.0, settled = a.ok[i] != 0.0;
    const bool inside = near & settled & (a.d2[i] < cutoff2);
    if (inside) {
      nx[i] = a.nx[i];
      ny[i] = a.ny[i];
      nz[i] = a.nz[i];
    }
    found[i] = inside ? 1 : 0;
    pending[i] = (near & !settled) ? 1.0 : 0.0;
  }
}

// One more pass for two kinds of unsettled lanes: those whose nearest point lies before their
// piece's start or beyond its end (side -1 or +1: g monotone without a sign change there) try
// the neighbour on that side, from the shared end — the points whose nearest chord belongs to
// the other of two pieces meeting at a junction; those whose root is inside but whose Halley
// steps had not converged (side 2) continue on the same piece from where they stopped. Their
// answers replace the first ones; the lanes are gathered by piece so that each piece is solved
// over a contiguous range.
template <class NeighbourOn, class Solve>
void retryLanes(const double* xs, const double* ys, const double* zs, int count, LaneState& st, const NeighbourOn& neighbourOn,
                     const Solve& solve) {
  LaneAnswers& ans = st.answers;
  // Most runs have no lane to retry: one vectorized test instead of a branch per lane.
  alignas(64) double retrying[kLanes];
#pragma omp simd
  for (int i = 0; i < count; ++i) retrying[i] = ((st.near[i] != 0.0) & (ans.ok[i] == 0.0) & (ans.side[i] != 0.0)) ? 1.0 : 0.0;
  if (!anyLaneAbove(retrying, count, 0.0)) return;
  alignas(64) double x[kLanes], y[kLanes], z[kLanes], t[kLanes];
  std::array<int, kLanes> lane{}, piece{};
  int n = 0;
  for (int i = 0; i < count; ++i) {
    if (st.near[i] == 0.0 || ans.ok[i] != 0.0 || ans.side[i] == 0.0) continue;
    const int own = static_cast<int>(ans.own[i]);
    const int k = ans.side[i] == 2.0 ? own : neighbourOn(own, ans.side[i]);
    if (k < 0) continue;
    // Insertion by piece keeps equal pieces together (n <= kLanes, and few distinct pieces).
    int m = n++;
    for (; m > 0 && piece[static_cast<std::size_t>(m - 1)] > k; --m) {
      lane[static_cast<std::size_t>(m)] = lane[static_cast<std::size_t>(m - 1)];
      piece[static_cast<std::size_t>(m)] = piece[static_cast<std::size_t>(m - 1)];
    }
    lane[static_cast<std::size_t>(m)] = i;
    piece[static_cast<std::size_t>(m)] = k;
  }
  if (n == 0) return;
  for (int m = 0; m < n; ++m) {
    const int i = lane[static_cast<std::size_t>(m)];
    x[m] = xs[i];
    y[m] = ys[i];
    z[m] = zs[i];
    // Where it stopped, or the end shared with the first piece.
    t[m] = ans.side[i] == 2.0 ? ans.s[i] : (ans.side[i] < 0.0 ? 1.0 : 0.0);
  }
  LaneAnswers retry;
  for (int m0 = 0; m0 < n;) {
    int m1 = m0 + 1;
    while (m1 < n && piece[static_cast<std::size_t>(m1)] == piece[static_cast<std::size_t>(m0)]) ++m1;
    solve(x, y, z, t, m0, m1, piece[static_cast<std::size_t>(m0)], retry);
    m0 = m1;
  }
  for (int m = 0; m < n; ++m) {
    const int i = lane[static_cast<std::size_t>(m)];
    ans.nx[i] = retry.nx[m];
    ans.ny[i] = retry.ny[m];
    ans.nz[i] = retry.nz[m];
    ans.d2[i] = retry.d2[m];
    ans.ok[i] = retry.ok[m];
    ans.side[i] = retry.side[m];
    ans.s[i] = retry.s[m];
    ans.own[i] = retry.own[m];
    ans.coveredPrev[i] = retry.coveredPrev[m];
    ans.coveredNext[i] = retry.coveredNext[m];
  }
}

// Where to cut a run that the span pass does not take: at its largest step from one point to
// the next when that is more than a quarter of the box's diagonal (a run that jumps, as from the
// end of a grid's row to the start of the next: two far apart pieces of a mesh in one box), else
// in the middle (two runs of half the box each, more likely each on one span with g increasing).
int cutLane(const double* xs, const double* ys, const double* zs, int n, const Bounds3& box) {
  double largest = 0.0;
  int at = n / 2;
  for (int i = 1; i < n; ++i) {
    const double dx = xs[i] - xs[i - 1], dy = ys[i] - ys[i - 1], dz = zs[i] - zs[i - 1];
    const double step2 = dx * dx + dy * dy + dz * dz;
    if (step2 > largest) {
      largest = step2;
      if (16.0 * step2 > squaredNorm(box.hi - box.lo)) at = i;
    }
  }
  return at;
}

}  // namespace

MonotoneTest BezierSkeleton::monotoneTest(int k) const {
  const PieceBound& b = bounds_[static_cast<std::size_t>(k)];
  MonotoneTest m{};
  m.cx = b.sphereCenter.x;
  m.cy = b.sphereCenter.y;
  m.cz = b.sphereCenter.z;
  m.monotone2 = b.monotone2;
  for (std::size_t d = 0; d < 5; ++d) {
    m.sa[d] = b.slopeA[d];
    m.sx[d] = b.slopeB[d].x;
    m.sy[d] = b.slopeB[d].y;
    m.sz[d] = b.slopeB[d].z;
  }
  return m;
}

PieceLanes BezierSkeleton::pieceLanes(int k) const {
  const PieceBound& b = bounds_[static_cast<std::size_t>(k)];
  PieceLanes pl{};
  for (std::size_t d = 0; d < 4; ++d)
    for (int a = 0; a < 3; ++a) pl.a[d][a] = b.power[d][a];
  auto dotA = [&pl](int j, int k) { return pl.a[j][0] * pl.a[k][0] + pl.a[j][1] * pl.a[k][1] + pl.a[j][2] * pl.a[k][2]; };
  pl.gA[0] = dotA(0, 1);
  pl.gA[1] = 2.0 * dotA(0, 2) + dotA(1, 1);
  pl.gA[2] = 3.0 * (dotA(0, 3) + dotA(1, 2));
  pl.gA[3] = 4.0 * dotA(1, 3) + 2.0 * dotA(2, 2);
  pl.gA[4] = 5.0 * dotA(2, 3);
  pl.gA[5] = 3.0 * dotA(3, 3);
  pl.monotone = monotoneTest(k);
  setRangeEnds(pl, k, k);
  return pl;
}

NeighbourLanes BezierSkeleton::neighbourLanes(int k, bool next) const {
  const PieceBound& b = bounds_[static_cast<std::size_t>(k)];
  NeighbourLanes nb{};
  nb.monotone = monotoneTest(k);
  const Vec3d& v = next ? b.b0 : b.bd;
  nb.ga = next ? b.a0 : b.ad;
  nb.gx = v.x;
  nb.gy = v.y;
  nb.gz = v.z;
  nb.sign = next ? 1.0 : -1.0;
  nb.index = k;
  return nb;
}

int BezierSkeleton::nearestPointsOfRun(const double* xs, const double* ys, const double* zs, int count, double cutoff2,
                                       std::uint32_t pieceMask, double* nx, double* ny, double* nz, unsigned char* found, Hint* hint,
                                       const Bounds3* box) const {
  return answerRun(xs, ys, zs, std::min(count, kRunLength), cutoff2, pieceMask, nx, ny, nz, found, hint, box, true);
}

int BezierSkeleton::answerRun(const double* xs, const double* ys, const double* zs, int count, double cutoff2, std::uint32_t pieceMask,
                              double* nx, double* ny, double* nz, unsigned char* found, Hint* hint, const Bounds3* box, bool mayCut) const {
  RunPieces pc;
  pc.cutoff2 = cutoff2;
  const double reach = std::sqrt(cutoff2);
  for (std::uint32_t bits = pieceMask & static_cast<std::uint32_t>((std::uint64_t(1) << pieceCount()) - 1); bits != 0; bits &= bits - 1) {
    const int k = __builtin_ctz(bits);
    const PieceBound& b = bounds_[static_cast<std::size_t>(k)];
    const int j = pc.count++;
    pc.piece[static_cast<std::size_t>(j)] = k;
    pc.csx[static_cast<std::size_t>(j)] = b.chordStart.x;
    pc.csy[static_cast<std::size_t>(j)] = b.chordStart.y;
    pc.csz[static_cast<std::size_t>(j)] = b.chordStart.z;
    pc.chx[static_cast<std::size_t>(j)] = b.chord.x;
    pc.chy[static_cast<std::size_t>(j)] = b.chord.y;
    pc.chz[static_cast<std::size_t>(j)] = b.chord.z;
    pc.invLength2[static_cast<std::size_t>(j)] = b.chordInvLength2;
    pc.deviation[static_cast<std::size_t>(j)] = b.deviation;
    const double far = reach + b.deviation;
    pc.far2[static_cast<std::size_t>(j)] = far * far;
  }
  std::fill(found, found + count, static_cast<unsigned char>(0));
  if (pc.count == 0 || count <= 0) return 0;
  // The candidates' chords as the scalar tests and the span pass read them (views of pc's arrays).
  const SpanChords chords{pc.piece.data(), pc.csx.data(), pc.csy.data(),        pc.csz.data(),  pc.chx.data(),          pc.chy.data(),
                          pc.chz.data(),   pc.invLength2.data(), pc.far2.data(), pc.deviation.data(), pc.count, reach};
  if (box && boxBeyondChords(chords, *box)) return 0;  // no lane near a candidate (the chord pass's early return)
  alignas(64) double pending[kLanes];
  const std::uint32_t candidates = pieceMask & static_cast<std::uint32_t>((std::uint64_t(1) << pieceCount()) - 1);
  int k0 = 0, k1 = 0;
  if (box && spanUnionOfRun(candidates, *box, k0, k1)) {
    // The span pass: the candidates are one stretch of a span with g increasing on each for the
    // whole box (bezier_span_pass.cpp). It takes the chords for its starts and for the lanes
    // within reach, and the reach and deviations for the margins of its end lanes.
    if (!answerRunOnSpan(xs, ys, zs, count, k0, k1, chords, cutoff2, nx, ny, nz, found, pending)) return 0;
  } else if (box && mayCut && count > kLanes / 2 && !spanLanes_.empty()) {
    // A run the span pass does not take, cut in two (cutLane), each part with its own box and
    // candidates (those of the run that come within reach of the part's box): parts of a run
    // that jumps have small boxes, mostly with no candidate at all (the benchmark: 204 runs
    // straddle two rows of its grid, 18 of them with a point near the curve), and the halves of
    // a run at a tight bend of the curve often pass the span test on their own (182 of 894).
    const int cut = cutLane(xs, ys, zs, count, *box);
    int fallbacks = 0;
    for (int half = 0; half < 2; ++half) {
      const int from = half == 0 ? 0 : cut, n = half == 0 ? cut : count - cut;
      const Bounds3 part = coordinateBounds(xs + from, ys + from, zs + from, n);
      const std::uint32_t partCandidates = candidatePieces(part, reach) & candidates;
      if (partCandidates == 0) continue;
      fallbacks += answerRun(xs + from, ys + from, zs + from, n, cutoff2, partCandidates, nx + from, ny + from, nz + from, found + from, hint,
                             &part, false);
    }
    return fallbacks;
  } else {
    LaneState st;
    chordPass(xs, ys, zs, count, pc, st);
    if (!anyLaneAbove(st.near, count, 0.0)) return 0;  // every piece's lower bound is beyond the cutoff for every point
    // The piece pass: each lane on its nearest chord's piece, then its neighbours and the other
    // candidates, lane by lane.
    // The lanes certify cubics in power form; other degrees go to nearestParameter.
    LaneAnswers& ans = st.answers;
    if (degree() == 3) {
      auto previousPiece = [&](int k) { return k > 0 ? k - 1 : (closed_ && pieceCount() > 1 ? pieceCount() - 1 : -1); };
      auto nextPiece = [&](int k) { return k + 1 < pieceCount() ? k + 1 : (closed_ && pieceCount() > 1 ? 0 : -1); };
      auto candidate = [candidates](int k) { return k >= 0 && ((candidates >> k) & 1u) != 0 ? k : -1; };
      auto neighbourOn = [&](int k, double side) { return side < 0.0 ? previousPiece(k) : nextPiece(k); };
      // Passes 2 and 2b for lanes [i0, i1) of (x, y, z, t) on piece k, into `out` at i0.
      auto solveOnPiece = [&](const double* x, const double* y, const double* z, const double* t, int i0, int i1, int k, LaneAnswers& out) {
        const int n = i1 - i0;
        halleyPass(x + i0, y + i0, z + i0, n, pieceLanes_[static_cast<std::size_t>(k)], t + i0, out.nx + i0, out.ny + i0, out.nz + i0, out.d2 + i0, out.ok + i0,
                   out.side + i0, out.s + i0);
        std::fill(out.own + i0, out.own + i1, double(k));
        // A neighbour that is not a candidate of the run is never checked by the others pass:
        // whether the answer covers it does not matter.
        const int prev = candidate(previousPiece(k)), next = candidate(nextPiece(k));
        if (prev >= 0) coverPass(x + i0, y + i0, z + i0, n, previousLanes_[static_cast<std::size_t>(prev)], out.coveredPrev + i0);
        else std::fill(out.coveredPrev + i0, out.coveredPrev + i1, -1.0);
        if (next >= 0 && next != prev) coverPass(x + i0, y + i0, z + i0, n, nextLanes_[static_cast<std::size_t>(next)], out.coveredNext + i0);
        else std::fill(out.coveredNext + i0, out.coveredNext + i1, -1.0);
      };
      for (int i0 = 0; i0 < count;) {  // runs of neighbours mostly share their nearest chord
        int i1 = i0 + 1;
        while (i1 < count && st.bestJ[i1] == st.bestJ[i0]) ++i1;
        solveOnPiece(xs, ys, zs, st.bestT, i0, i1, pc.piece[static_cast<std::size_t>(st.bestJ[i0])], ans);
        i0 = i1;
      }
      retryLanes(xs, ys, zs, count, st, neighbourOn, solveOnPiece);
      othersPass(count, pc, st);
    } else {
      std::fill(ans.ok, ans.ok + count, 0.0);
    }
    // The settled lanes' answers in one branch-free pass; the rest, usually none, one at a time.
    writeSettled(count, cutoff2, st, nx, ny, nz, found, pending);
  }
  if (!anyLaneAbove(pending, count, 0.0)) return 0;
  int fallbacks = 0;
  for (int i = 0; i < count; ++i) {
    if (pending[i] == 0.0) continue;
    ++fallbacks;
    Vec3d nearest;
    if (nearestParameter(Vec3d(xs[i], ys[i], zs[i]), cutoff2, pieceMask, &nearest, hint) >= 0.0) {
      found[i] = 1;
      nx[i] = nearest.x;
      ny[i] = nearest.y;
      nz[i] = nearest.z;
    }
  }
  return fallbacks;
}

}  // namespace flexure::deform
