// The span pass of the run query (section 3.4's nearest point, for a run of neighbouring
// points at once; bezier_run_query.cpp has the piece pass it replaces where it applies).
//
// The piece pass certifies every lane on its own piece: g(s) = (R(s) - P) . R_s(s) increasing
// on the piece for P, a sign change from the piece's start to its end, then the neighbours
// (cover pass) and every other candidate (others pass) checked lane by lane, after Halley steps
// run stretch by stretch over the lanes that chose the same piece. Near a curve most runs'
// candidate pieces are a few consecutive pieces of one span, on each of which g is increasing
// for every point of the run's box (94 % of the benchmark's runs that reach the lanes). g is
// then increasing on their union — a polynomial of the span's parameter t, continuous across
// the pieces, and each piece's g is the span's rescaled by the piece's length — so it has at
// most one root there, which, when g(t0) < 0 < g(t1), is the union's only minimum of |R - P|^2,
// its ends being farther. Every candidate lies in the union, so nothing else is to be checked:
// one box test per piece and run replaces the per-lane monotone, cover and others tests, and
// the Halley steps run once over all the run's lanes on the span's power form instead of once
// per stretch on each piece's. Their starts need no pass over every lane and candidate either:
// the nearest point's parameter is a smooth function of P, so between the chord starts of the
// run's first and last lanes it is nearly linear in P along the run.
#include "bezier_span_pass.h"

#include <algorithm>
#include <cmath>

#include "../simd_clones.h"

namespace flexure::deform {

namespace {

// The union [t0, t1] (in the span's parameter) of the consecutive pieces k0..k1 of one span.
struct SpanUnion {
  double t0, t1;
  // Halley's and Newton's "converged" step thresholds in t: 1e-4 and 1e-6 of a piece, the
  // piece pass's thresholds in the piece's own parameter (Halley's iterates do not depend on
  // the parameter's scale, so the criterion is the same).
  double doneHalley, doneNewton;
  // g at the union's start and end: the first Bernstein coefficient of piece k0 and the last
  // of piece k1, a - P . b (their signs are g's; the pieces' parameters only rescale g).
  double g0a, g0x, g0y, g0z, g1a, g1x, g1y, g1z;
  double startX, startY, startZ, endX, endY, endZ;
  bool curveStart, curveEnd;  // the union starts (ends) the curve
};

constexpr int kSpanLanes = BezierSkeleton::kRunLength;

// The largest value of P . v over the box (a linear function is largest at a corner).
double largestDotOverBox(const Bounds3& box, double vx, double vy, double vz) {
  return (vx > 0.0 ? box.hi.x * vx : box.lo.x * vx) + (vy > 0.0 ? box.hi.y * vy : box.lo.y * vy) +
         (vz > 0.0 ? box.hi.z * vz : box.lo.z * vz);
}

// A margin far above the rounding of a - P . v for every P of the box.
double roundingMarginOverBox(const Bounds3& box, double a, double vx, double vy, double vz) {
  const double mx = std::max(std::fabs(box.lo.x), std::fabs(box.hi.x)), my = std::max(std::fabs(box.lo.y), std::fabs(box.hi.y));
  const double mz = std::max(std::fabs(box.lo.z), std::fabs(box.hi.z));
  return 1e-9 * (std::fabs(a) + mx * std::fabs(vx) + my * std::fabs(vy) + mz * std::fabs(vz));
}

// Lane answers of one pass over the union.
struct SpanAnswers {
  alignas(64) double nx[kSpanLanes], ny[kSpanLanes], nz[kSpanLanes], d2[kSpanLanes];
  // 1: settled (the answer is the nearest point of the union, hence of the curve); 2: the root
  // lies inside the union but the steps have not reached it (continue from s); 0: neither.
  alignas(64) double state[kSpanLanes], s[kSpanLanes];
};

// Halley's method on g over the union from startT, then each lane's part of the certificate
// (g(t0) < 0 < g(t1) and the last step below the threshold, or the union's end point when g
// keeps one sign on it). The steps as in the piece pass (halleyPass): one step at a time over
// all the lanes, numerator and denominator divided in a loop of their own.
FLEXURE_DEFORM_SIMD
void spanHalleyPass(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const SpanLanes& sl,
                    const SpanUnion& on, const double* __restrict startT, double cutoff2, SpanAnswers& out) {
  constexpr int kSteps = 3;
  const double ox = sl.ox, oy = sl.oy, oz = sl.oz;
  const double gA3 = sl.gA[3], gA4 = sl.gA[4], gA5 = sl.gA[5];
  const double a0x = sl.a[0][0], a0y = sl.a[0][1], a0z = sl.a[0][2];
  const double a1x = sl.a[1][0], a1y = sl.a[1][1], a1z = sl.a[1][2];
  const double a2x = sl.a[2][0], a2y = sl.a[2][1], a2z = sl.a[2][2];
  const double a3x = sl.a[3][0], a3y = sl.a[3][1], a3z = sl.a[3][2];
  const double t0 = on.t0, t1 = on.t1, doneHalley = on.doneHalley, doneNewton = on.doneNewton;
  alignas(64) double c0v[kSpanLanes], c1v[kSpanLanes], c2v[kSpanLanes], sv[kSpanLanes], stepv[kSpanLanes], denv[kSpanLanes],
      donev[kSpanLanes], okv[kSpanLanes];
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double px = xs[i] - ox, py = ys[i] - oy, pz = zs[i] - oz;
    // g's three lowest coefficients for this P (PieceLanes::gA's comment).
    c0v[i] = sl.gA[0] - (px * a1x + py * a1y + pz * a1z);
    c1v[i] = sl.gA[1] - 2.0 * (px * a2x + py * a2y + pz * a2z);
    c2v[i] = sl.gA[2] - 3.0 * (px * a3x + py * a3y + pz * a3z);
    sv[i] = startT[i];
    okv[i] = 1.0;
    stepv[i] = 0.0;
    donev[i] = doneNewton;
  }
  for (int it = 0; it < kSteps; ++it) {
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double c0 = c0v[i], c1 = c1v[i], c2 = c2v[i];
      double s = sv[i] - stepv[i];
      s = s < t0 ? t0 : (s > t1 ? t1 : s);
      const double g = ((((gA5 * s + gA4) * s + gA3) * s + c2) * s + c1) * s + c0;
      const double gs = (((5.0 * gA5 * s + 4.0 * gA4) * s + 3.0 * gA3) * s + 2.0 * c2) * s + c1;
      const double gss = ((20.0 * gA5 * s + 12.0 * gA4) * s + 6.0 * gA3) * s + 2.0 * c2;
      const double safe = gs > 0.0 ? gs : 1.0;
      // Halley's step while its correction factor stays below 2, else Newton's (halleyPass).
      const bool halley = safe * safe > g * gss;
      sv[i] = s;
      stepv[i] = halley ? 2.0 * g * safe : g;
      denv[i] = halley ? 2.0 * safe * safe - g * gss : safe;
      donev[i] = halley ? doneHalley : doneNewton;
      okv[i] = gs > 0.0 ? okv[i] : 0.0;
    }
#pragma omp simd
    for (int i = 0; i < n; ++i) stepv[i] = stepv[i] / denv[i];
  }
  const double g0a = on.g0a, g0x = on.g0x, g0y = on.g0y, g0z = on.g0z, g1a = on.g1a, g1x = on.g1x, g1y = on.g1y, g1z = on.g1z;
  const double startX = on.startX, startY = on.startY, startZ = on.startZ, endX = on.endX, endY = on.endY, endZ = on.endZ;
  const double atStart = on.curveStart ? 1.0 : 0.0, atEnd = on.curveEnd ? 1.0 : 0.0;
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const double px = xs[i], py = ys[i], pz = zs[i];
    const double s = sv[i], step = stepv[i], done = donev[i];
    const double next = s - step;
    const bool converged = (step < done) & (step > -done) & (next > t0) & (next < t1) & (okv[i] != 0.0);
    // R at the next iterate (kept in the union), by Horner's rule on the span's cubic: where the
    // lane converged, next is the root to ~1e-12 of a piece. The piece pass moves R, R_s, R_ss at
    // the last iterate by Taylor's formula instead (halleyPass); that is two more cubics' worth
    // of operations per lane for the same point to O(step^3) (below 1e-12 of a piece cubed).
    const double u = next < t0 ? t0 : (next > t1 ? t1 : next);
    double qx = ox + (((a3x * u + a2x) * u + a1x) * u + a0x), qy = oy + (((a3y * u + a2y) * u + a1y) * u + a0y),
           qz = oz + (((a3z * u + a2z) * u + a1z) * u + a0z);
    const double g0 = g0a - (px * g0x + py * g0y + pz * g0z);
    const double g1 = g1a - (px * g1x + py * g1y + pz * g1z);
    // g increasing with g(t0) >= 0 (g(t1) <= 0): the union's nearest point is its start (end).
    const bool before = g0 >= 0.0, after = g1 <= 0.0;
    qx = before ? startX : (after ? endX : qx);
    qy = before ? startY : (after ? endY : qy);
    qz = before ? startZ : (after ? endZ : qz);
    const double d2 = (qx - px) * (qx - px) + (qy - py) * (qy - py) + (qz - pz) * (qz - pz);
    const bool signChange = (g0 < 0.0) & (g1 > 0.0);
    // An end of the union that is not an end of the curve is shared with a piece that is not a
    // candidate (no point of the box has its nearest point within reach there): settled when
    // it lies beyond the cutoff — then nothing of the union, nor of the curve, is within reach.
    const bool beyond = d2 >= cutoff2;
    const bool endSettles = before ? ((atStart != 0.0) | beyond) : (after & ((atEnd != 0.0) | beyond));
    out.nx[i] = qx;
    out.ny[i] = qy;
    out.nz[i] = qz;
    out.d2[i] = d2;
    out.state[i] = signChange ? (converged ? 1.0 : 2.0) : (endSettles ? 1.0 : 0.0);
    out.s[i] = u;
  }
}

// One point's start as the piece pass's chord pass chooses it: the projection on the nearest
// candidate chord, in the span's parameter (pieceT0[j]: candidate j's start, w: a piece's
// length); near = some candidate's chord comes within its far2 of the point; margin = how far
// the point is from being near, min over j of (chord distance - reach - deviation), which is
// positive when it is not.
struct ChordStart {
  double t;
  bool near;
  double margin;
};
ChordStart chordStartOf(double x, double y, double z, const SpanChords& pc, const double* pieceT0, double w) {
  double best = 1e300, start = 0.0, margin = 1e300;
  bool near = false;
  for (int j = 0; j < pc.count; ++j) {
    double t = 0.0;
    const double d2 = chordDistance2(pc, j, x, y, z, t);
    near = near || d2 < pc.far2[j];
    margin = std::min(margin, std::sqrt(d2) - (pc.reach + pc.deviation[j]));
    if (d2 < best) {
      best = d2;
      start = pieceT0[j] + w * t;
    }
  }
  return {start, near, margin};
}

// The lanes from `from` on (step +1 or -1) that lie within `margin` of lane `from`, which is
// that far from being near every candidate: each chord distance is 1-Lipschitz in the point, so
// none of them is near either (a relative 1e-9 of the margin against rounding). The count of
// them; the run's vertices being neighbours in a row, they are the lanes at that end of the run
// that are beyond reach.
int lanesBeyondReachFrom(const double* xs, const double* ys, const double* zs, int from, int step, int n, double margin) {
  if (!(margin > 0.0)) return 0;
  const double r = margin * (1.0 - 1e-9), r2 = r * r;
  const double ax = xs[from], ay = ys[from], az = zs[from];
  int count = 0;
  for (int i = from; i >= 0 && i < n; i += step, ++count) {
    const double dx = xs[i] - ax, dy = ys[i] - ay, dz = zs[i] - az;
    if (!(dx * dx + dy * dy + dz * dz < r2)) break;
  }
  return count;
}

// near[i] = 1 when some candidate's chord comes within its far2 of lane i (chordStartOf's near
// for every lane, without the start).
FLEXURE_DEFORM_SIMD
void nearLanes(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const SpanChords& pc,
               double* __restrict near) {
  for (int i = 0; i < n; ++i) near[i] = 0.0;
  alignas(64) double tv[kSpanLanes];
  for (int j = 0; j < pc.count; ++j) {
    const double csx = pc.csx[j], csy = pc.csy[j], csz = pc.csz[j], chx = pc.chx[j], chy = pc.chy[j], chz = pc.chz[j];
    const double inv = pc.invLength2[j], far2 = pc.far2[j];
    // The clamped projections wait in an array between two loops: with the clamp and the
    // products that follow in one loop body, GCC moved the products into the clamp's arms
    // (three compares and nine blends per candidate and vector of lanes).
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double t = ((xs[i] - csx) * chx + (ys[i] - csy) * chy + (zs[i] - csz) * chz) * inv;
      tv[i] = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
    }
#pragma omp simd
    for (int i = 0; i < n; ++i) {
      const double ex = xs[i] - csx - chx * tv[i], ey = ys[i] - csy - chy * tv[i], ez = zs[i] - csz - chz * tv[i];
      near[i] = ex * ex + ey * ey + ez * ez < far2 ? 1.0 : near[i];
    }
  }
}

// The lanes [begin, end) of a run that the Halley steps take, from the chord tests of its first
// and last lane: those at either end within the end lane's margin are beyond reach
// (lanesBeyondReachFrom). When neither end lane is near, the run mostly runs along the edge of
// the reach, where the margins are thin: the lanes left are tested one by one (nearLanes) and
// cut to the first and last near one. False when no lane is left.
bool lanesWithinReach(const double* xs, const double* ys, const double* zs, int n, const SpanChords& chords, const ChordStart& first,
                      const ChordStart& last, int& begin, int& end) {
  begin = lanesBeyondReachFrom(xs, ys, zs, 0, 1, n, first.margin);
  if (begin == n) return false;
  end = n - lanesBeyondReachFrom(xs, ys, zs, n - 1, -1, n, last.margin);
  // The two ends' lanes can overlap in a run that is not a row (its last point back near its
  // first): then every lane is beyond reach by one of the two margins.
  if (end <= begin) return false;
  if (first.near || last.near) return true;
  alignas(64) double near[kSpanLanes];
  nearLanes(xs + begin, ys + begin, zs + begin, end - begin, chords, near);
  int a = 0, b = end - begin;
  while (a < b && near[a] == 0.0) ++a;
  if (a == b) return false;
  while (near[b - 1] == 0.0) --b;
  end = begin + b;
  begin += a;
  return true;
}

// Every lane's start from the chord starts ta, tb of two anchor points a, b: the nearest
// point's parameter is a smooth function of P, so along the run (neighbouring points, mostly in
// a row) it is nearly linear in the position of P between the anchors.
FLEXURE_DEFORM_SIMD
void interpolatedStarts(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const Vec3d& a,
                        const Vec3d& b, double ta, double tb, double* __restrict startT) {
  const double ax = a.x, ay = a.y, az = a.z;
  const double dx = b.x - ax, dy = b.y - ay, dz = b.z - az;
  const double length2 = dx * dx + dy * dy + dz * dz;
  const double slope = length2 > 0.0 ? (tb - ta) / length2 : 0.0;
#pragma omp simd
  for (int i = 0; i < n; ++i) startT[i] = ta + slope * ((xs[i] - ax) * dx + (ys[i] - ay) * dy + (zs[i] - az) * dz);
}

// The lanes whose root was not reached take the second pass's answer.
FLEXURE_DEFORM_SIMD
void mergeUnreached(int n, const SpanAnswers& again, SpanAnswers& a) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const bool take = a.state[i] == 2.0;
    a.nx[i] = take ? again.nx[i] : a.nx[i];
    a.ny[i] = take ? again.ny[i] : a.ny[i];
    a.nz[i] = take ? again.nz[i] : a.nz[i];
    a.d2[i] = take ? again.d2[i] : a.d2[i];
    a.state[i] = take ? again.state[i] : a.state[i];
  }
}

// found[i] = 1 with the nearest point for the settled lanes within the cutoff (a settled
// answer is the union's nearest point, and every candidate lies in the union); unsettled[i] = 1
// for the others.
FLEXURE_DEFORM_SIMD
void writeSpanAnswers(int n, double cutoff2, const SpanAnswers& a, double* __restrict nx, double* __restrict ny, double* __restrict nz,
                      unsigned char* __restrict found, double* __restrict unsettled) {
#pragma omp simd
  for (int i = 0; i < n; ++i) {
    const bool settled = a.state[i] == 1.0;
    const bool inside = settled & (a.d2[i] < cutoff2);
    if (inside) {
      nx[i] = a.nx[i];
      ny[i] = a.ny[i];
      nz[i] = a.nz[i];
    }
    found[i] = inside ? 1 : 0;
    unsettled[i] = settled ? 0.0 : 1.0;
  }
}

}  // namespace

FLEXURE_DEFORM_SIMD
bool anyLaneAbove(const double* __restrict v, int n, double level) {
  double any = 0.0;
#pragma omp simd reduction(max : any)
  for (int i = 0; i < n; ++i) any = v[i] > level ? 1.0 : any;
  return any != 0.0;
}

bool increasingForBox(const MonotoneTest& m, const Bounds3& box) {
  const double fx = std::max(std::fabs(box.lo.x - m.cx), std::fabs(box.hi.x - m.cx));
  const double fy = std::max(std::fabs(box.lo.y - m.cy), std::fabs(box.hi.y - m.cy));
  const double fz = std::max(std::fabs(box.lo.z - m.cz), std::fabs(box.hi.z - m.cz));
  if ((fx * fx + fy * fy + fz * fz) * (1.0 + 1e-9) < m.monotone2) return true;
  for (int k = 0; k < 5; ++k)
    if (m.sa[k] - largestDotOverBox(box, m.sx[k], m.sy[k], m.sz[k]) <= roundingMarginOverBox(box, m.sa[k], m.sx[k], m.sy[k], m.sz[k]))
      return false;
  return true;
}

SpanLanes BezierSkeleton::spanLanes(int span) const {
  const Vec3d* c = controlPoints.data() + span * 3;
  // The origin: the control polygon's centroid, near every point the span answers.
  const Vec3d o = (c[0] + c[1] + c[2] + c[3]) * 0.25;
  SpanLanes sl{};
  sl.ox = o.x;
  sl.oy = o.y;
  sl.oz = o.z;
  // Power form of the cubic Bezier span about o: a0 = c0 - o, a1 = 3 (c1 - c0),
  // a2 = 3 (c0 - 2 c1 + c2), a3 = c3 - 3 c2 + 3 c1 - c0.
  const Vec3d a[4] = {c[0] - o, (c[1] - c[0]) * 3.0, (c[0] - c[1] * 2.0 + c[2]) * 3.0, c[3] - c[2] * 3.0 + c[1] * 3.0 - c[0]};
  for (std::size_t d = 0; d < 4; ++d) {
    sl.a[d][0] = a[d].x;
    sl.a[d][1] = a[d].y;
    sl.a[d][2] = a[d].z;
  }
  // g's coefficients as pieceLanes computes them (PieceLanes::gA).
  sl.gA[0] = dot(a[0], a[1]);
  sl.gA[1] = 2.0 * dot(a[0], a[2]) + dot(a[1], a[1]);
  sl.gA[2] = 3.0 * (dot(a[0], a[3]) + dot(a[1], a[2]));
  sl.gA[3] = 4.0 * dot(a[1], a[3]) + 2.0 * dot(a[2], a[2]);
  sl.gA[4] = 5.0 * dot(a[2], a[3]);
  sl.gA[5] = 3.0 * dot(a[3], a[3]);
  return sl;
}

bool BezierSkeleton::spanUnionOfRun(std::uint32_t candidates, const Bounds3& box, int& k0, int& k1) const {
  if (spanLanes_.empty() || candidates == 0) return false;
  k0 = __builtin_ctz(candidates);
  k1 = 31 - __builtin_clz(candidates);
  const int perSpan = pieceCount() / spans_;
  // Consecutive pieces of one span (a closed curve's candidates around its start are not).
  if (__builtin_popcount(candidates) != k1 - k0 + 1 || k0 / perSpan != k1 / perSpan) return false;
  for (int k = k0; k <= k1; ++k)
    if (!increasingForBox(pieceLanes_[static_cast<std::size_t>(k)].monotone, box)) return false;
  return true;
}

bool BezierSkeleton::answerRunOnSpan(const double* xs, const double* ys, const double* zs, int n, int k0, int k1, const SpanChords& chords,
                                     double cutoff2, double* nx, double* ny, double* nz, unsigned char* found, double* pending) const {
  const int perSpan = pieceCount() / spans_;
  const double w = 1.0 / perSpan;
  alignas(64) double pieceT0[kMaxPieces];
  for (int j = 0; j < chords.count; ++j) pieceT0[j] = (chords.piece[j] % perSpan) * w;
  // Starts: the piece pass's chord choice for the first and the last lane, and in between by
  // their positions (interpolatedStarts). Three Halley steps from them settle nearly as many
  // lanes as from each lane's own chord start (the benchmark: 34 of 5 388 runs need the second
  // pass, against 22 of 5 378), without a pass over every lane and candidate.
  const ChordStart first = chordStartOf(xs[0], ys[0], zs[0], chords, pieceT0, w);
  const ChordStart last = chordStartOf(xs[n - 1], ys[n - 1], zs[n - 1], chords, pieceT0, w);
  int begin = 0, end = n;
  if (!lanesWithinReach(xs, ys, zs, n, chords, first, last, begin, end)) return false;
  // Widened to a whole number of vectors of the AVX-512 clone (8 lanes) within the run, so that
  // the lane loops below end without a remainder: its scalar code cost more than the lanes added
  // (points of the run like the others: the lanes answer them as they would be answered anyway).
  const int padded = std::min(n, (end - begin + 7) & ~7);
  end = std::min(n, begin + padded);
  begin = end - padded;
  std::fill(pending, pending + begin, 0.0);
  std::fill(pending + end, pending + n, 0.0);
  const int m = end - begin;
  const double *x = xs + begin, *y = ys + begin, *z = zs + begin;
  alignas(64) double startT[kSpanLanes];
  interpolatedStarts(x, y, z, m, Vec3d(xs[0], ys[0], zs[0]), Vec3d(xs[n - 1], ys[n - 1], zs[n - 1]), first.t, last.t, startT);
  SpanUnion on{};
  on.t0 = (k0 % perSpan) * w;
  on.t1 = (k1 % perSpan + 1) * w;
  on.doneHalley = 1e-4 * w;
  on.doneNewton = 1e-6 * w;
  setRangeEnds(on, k0, k1);
  const SpanLanes& span = spanLanes_[static_cast<std::size_t>(k0 / perSpan)];
  SpanAnswers answers;
  spanHalleyPass(x, y, z, m, span, on, startT, cutoff2, answers);
  // Lanes whose root lies inside but was not reached in three steps (few) continue from
  // where they stopped, three more steps; the others keep their first answer.
  if (anyLaneAbove(answers.state, m, 1.5)) {  // some lane's state is 2
    SpanAnswers again;
    spanHalleyPass(x, y, z, m, span, on, answers.s, cutoff2, again);
    mergeUnreached(m, again, answers);
  }
  writeSpanAnswers(m, cutoff2, answers, nx + begin, ny + begin, nz + begin, found + begin, pending + begin);
  // The lanes left unsettled (usually none) go to nearestParameter, but only those near a
  // candidate: the others have no point of the curve within reach.
  if (!anyLaneAbove(pending + begin, m, 0.0)) return true;
  for (int i = begin; i < end; ++i)
    if (pending[i] != 0.0) pending[i] = chordStartOf(xs[i], ys[i], zs[i], chords, pieceT0, w).near ? 1.0 : 0.0;
  return true;
}

}  // namespace flexure::deform
