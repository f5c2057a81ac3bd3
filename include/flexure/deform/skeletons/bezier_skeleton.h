#pragma once
// Bezier-curve constraint of any degree n (section 3.4). The nearest point is at an end point or
// at a root of g(u) = (R(u) - P) . R'(u), a polynomial of degree 2n - 1. The roots are isolated
// in Bernstein form by subdivision (the variation-diminishing property bounds the number of roots
// in an interval by the sign changes of its Bernstein coefficients, the principle of Bezier
// clipping, refs [27-29]) and polished by safeguarded Newton iteration.
//
// For speed the curve is split once into pieces, each with a bounding sphere of its control
// points (convex hull property); a query visits pieces nearest first and skips a piece whose
// lower bound is farther than the best distance found so far. A piece also knows how close a
// point must be for g to be increasing on the whole piece (g' = |R'|^2 + (R - P).R'' > 0,
// bounded from the hodographs): such a point has at most one root there, found by Newton from
// the projection on the piece's chord after checking g's signs at the piece's ends, with no
// subdivision at all.
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

// A piece as the lane loops of bezier_run_query.cpp read it (prepared once per piece).
// Whether g is increasing on a piece for a point P: by the sphere bound of prepare()
// (|P - c| below the monotone radius), or by g_s's Bernstein coefficients sa_k - P . s_k all
// positive (convex hull property; tighter near bends).
struct MonotoneTest {
  double cx, cy, cz, monotone2;
  double sa[5], sx[5], sy[5], sz[5];
};

// What the Halley pass reads of one piece, as plain values (built once per piece by prepare()
// and passed by reference: a copy per stretch cost more than the loads): the cubic's power form, g's values at the piece's ends, the
// monotone test, and whether the piece's start or end is an end of the curve.
struct PieceLanes {
  double a[4][3];
  // g(s) = (R(s) - P) . R_s(s) in power form, sum_m (gA[m] - P . B_m) s^m: gA[m] = the sum over
  // j + k - 1 = m of k a_j . a_k, B_m = (m + 1) a_{m+1} for m <= 2 and 0 above (P enters the
  // three lowest coefficients only).
  double gA[6];
  MonotoneTest monotone;
  double g0a, g0x, g0y, g0z, g1a, g1x, g1y, g1z;
  double startX, startY, startZ, endX, endY, endZ;
  bool curveStart, curveEnd;
};

// What the cover pass reads of a neighbouring piece: its monotone test
// and g at the end it shares with the lane's piece.
struct NeighbourLanes {
  MonotoneTest monotone;
  double ga, gx, gy, gz;
  double sign;   // +1: the next piece (covered when g >= 0 at its start); -1: the previous one
  double index;  // the neighbour's piece index
};

// A span of a cubic curve (chain) as the span pass of bezier_span_pass.cpp reads it: the span in
// power form in its own parameter t in [0, 1], about an origin o near the span (so that P - o,
// not P, enters g: no cancellation between large terms far from the coordinates' origin), and
// g(t) = (R(t) - P) . R_t(t) = sum_m (gA[m] - (P - o) . B_m) t^m as in PieceLanes.
struct SpanLanes {
  double ox, oy, oz;
  double a[4][3];  // R(t) - o = sum_k a[k] t^k
  double gA[6];
};

struct SpanChords;  // bezier_span_pass.h

struct BezierSkeleton {
  static constexpr std::string_view kType = "bezier";
  std::vector<Vec3d> controlPoints{{0, 0, 0}, {1, 0, 0}};  // degree n = count - 1, n >= 1
  // Optional: the name of an "mes-curve" node this skeleton follows. The operator then replaces
  // the control points, on every evaluation, by the curve's current shape from Psi, converted
  // exactly into cubic Bezier spans (followUniformBSpline); editing or solving the curve moves
  // the deformation.
  std::string curve;

  void visitFields(FieldVisitor& v);
  void prepare();
  Vec3d pivot() const;
  Bounds3 bounds() const;
  // Degree of each span (the whole curve when it has a single span).
  int degree() const { return (static_cast<int>(controlPoints.size()) - 1) / spans_; }
  int spanCount() const { return spans_; }
  bool closed() const { return closed_; }
  // Makes this skeleton the uniform cubic B-spline with control points `bspline` (open: n >= 4
  // points, n - 3 spans; closed: n >= 3, n spans), as a chain of cubic Bezier spans that share
  // their end points (span s of the B-spline = Bezier (P0 + 4P1 + P2)/6, (2P1 + P2)/3,
  // (P1 + 2P2)/3, (P1 + 4P2 + P3)/6 of its four control points). The global parameter u is the
  // B-spline's: span s covers [s/m, (s+1)/m]. Then prepares it; throws FieldError.
  void followUniformBSpline(const std::vector<Vec3d>& bspline, bool closed);

  // R(u), R'(u), R''(u) in double.
  Vec3d point(double u) const;
  Vec3d derivative(double u) const;
  Vec3d secondDerivative(double u) const;
  // R, R', R'' at u in one de Casteljau pass.
  void evaluate(double u, Vec3d& r, Vec3d& r1, Vec3d& r2) const;
  // Parameter of the nearest point of the curve to p (ends included). With a finite cutoff2,
  // only points closer than sqrt(cutoff2) are sought and -1 is returned when there is none
  // (the batch path passes the metaball's reach: beyond it the potential is 0 anyway).
  // pieceMask (bit k: piece k) restricts the search to pieces known to come within the cutoff.
  // `nearest` (optional) receives R(u*) itself.
  // `hint` (optional) carries the last root found from one query to the next (a batch visits
  // neighbouring vertices in turn): Newton on the same piece then starts from that root moved
  // to first order, s + (ds/dP) . (P - P_last) with ds/dP = R_s / g_s (implicit function
  // theorem), and usually stops after one evaluation. It changes where the iteration starts,
  // never the certified answer.
  struct Hint {
    const BezierSkeleton* owner = nullptr;
    int piece = -1;
    double s = 0.0;
    Vec3d p, dsdp;
  };
  double nearestParameter(const Vec3d& p, double cutoff2 = 1e300, std::uint32_t pieceMask = ~std::uint32_t(0),
                          Vec3d* nearest = nullptr, Hint* hint = nullptr) const;
  // The curve is split into at most kMaxPieces pieces (about 16, a whole number per span) of
  // equal parameter length within each span, for pruning.
  static constexpr int kMaxPieces = 32;
  int pieceCount() const { return static_cast<int>(pieces_.size()); }
  // Bounds of piece k's bounding sphere grown by `reach`.
  Bounds3 pieceBounds(int k, double reach) const;
  // The pieces that can hold the nearest point, within `reach`, of some point of `cell` (bit k:
  // piece k): a piece is left out when even its closest point to the cell is farther than an
  // upper bound of every cell point's distance to the curve (from sample points of the curve).
  std::uint32_t candidatePieces(const Bounds3& cell, double reach) const;
  // Whether some piece's bounding sphere comes within `reach` of `box` (candidatePieces' first
  // test): false for a box means candidatePieces is 0 for the box and for every box inside it.
  bool reachesBox(const Bounds3& box, double reach) const;
  // Nearest points within sqrt(cutoff2) of a run of `count` <= kRunLength points, given as
  // coordinate arrays (the batch deformer's blocks of consecutive, hence neighbouring, vertices).
  // `pieceMask` must hold every piece that can carry the nearest point, within the cutoff, of
  // any point of the run (candidatePieces of the run's box). The points are processed in lanes
  // (bezier_run_query.cpp): each takes the piece nearest to it by chord distance, iterates
  // Halley's method there a fixed number of times, and keeps the result only under the same
  // certificate nearestParameter uses (g increasing on the piece, a sign change of g inside it,
  // converged, and every other piece's lower bound beyond the distance found); a point the
  // certificate does not settle goes through nearestParameter. Output per point: found[i] = 1
  // and (nx, ny, nz)[i] = R(u*), or found[i] = 0 when nothing lies within the cutoff. Returns
  // how many points needed nearestParameter.
  // `box` (optional): the run's box, when the caller has it (coordinateBounds of the points).
  // With it, a run whose candidate pieces are consecutive pieces of one cubic span, on each of
  // which g is increasing for every point of the box, is answered on their union at once (the
  // span pass, bezier_span_pass.cpp: one root, no per-piece stretches, neighbours or others);
  // a run of more than half kRunLength that does not qualify is cut in two, each part with its
  // own box and candidates.
  static constexpr int kRunLength = 64;
  int nearestPointsOfRun(const double* xs, const double* ys, const double* zs, int count, double cutoff2, std::uint32_t pieceMask,
                         double* nx, double* ny, double* nz, unsigned char* found, Hint* hint = nullptr, const Bounds3* box = nullptr) const;
  // Whether nearestPointsOfRun answers a run with these candidate pieces (candidatePieces of
  // `box`) and this box by the span pass: the candidates are consecutive pieces k0..k1 of one
  // span of a cubic, and g is increasing on each for every point of the box (a box test per
  // piece, increasingForBox in bezier_span_pass.h).
  bool spanUnionOfRun(std::uint32_t candidates, const Bounds3& box, int& k0, int& k1) const;
  // Same by brute force: dense sampling plus Newton polish (for tests and comparison).
  double nearestParameterBySampling(const Vec3d& p, int samples) const;

  // P - R(u*). For jets, u* is refined by one Newton step on g carried out in S: at the root
  // this gives du*/dP = -g_P / g_u exactly (implicit function theorem).
  template <class S> Vec3<S> offset(const Vec3<S>& p) const { return offsetAt(p, nearestParameter(valueOf(p))); }
  // Offset to the curve point at the nearest parameter u0 (from nearestParameter).
  template <class S> Vec3<S> offsetAt(const Vec3<S>& p, double u0) const {
    Vec3d r, r1, r2;
    evaluate(u0, r, r1, r2);
    if constexpr (std::is_same_v<S, double>) {
      return p - r;
    } else {
      if (!closed_ && (u0 <= 0.0 || u0 >= 1.0)) return minus(p, r);  // an end: no tangential motion
      const Vec3<S> rp = minus(p, r);  // P - R(u0), in S
      const S g = -dotd(rp, r1);       // (R - P) . R'
      const S gu = squaredNorm(r1) - dotd(rp, r2);
      const S du = -g / gu;  // zero in value at the root, carries du*/dP in its lanes
      // R(u0 + du) to first order: R(u0) + R'(u0) du.
      return rp - along(r1, du);
    }
  }

 private:
  struct Piece {
    double u0 = 0, u1 = 1;
    std::vector<Vec3d> control;  // the piece as a Bezier curve over s in [0, 1]
    std::vector<Vec3d> hodograph;  // n (c_{j+1} - c_j)
    std::vector<double> coefA;     // g's Bernstein coefficients are coefA_k - P . coefB_k
    std::vector<Vec3d> coefB;
    Vec3d sphereCenter;
    double sphereRadius = 0;
    Vec3d chordStart, chord;
    double chordInvLength2 = 0, deviation = 0;
    // g is increasing on the piece for every P with |P - sphereCenter| < monotoneRadius (<= 0:
    // never certified; the piece then goes through root isolation).
    double monotoneRadius = 0;
    // The piece in power form R(s) = sum_k power[k] s^k (degrees <= kMaxPowerDegree, where
    // Horner's rule is accurate on [0, 1]): the certified Newton iterations evaluate it directly.
    std::array<Vec3d, 6> power{};
    bool hasPower = false;
  };
  static constexpr int kMaxPowerDegree = 5;
  // What the per-point search reads of every piece, flat and contiguous (no pointer chasing).
  struct PieceBound {
    Vec3d chordStart, chord, sphereCenter, start, end;
    double chordInvLength2, deviation, monotone2;  // monotone2: monotoneRadius^2, or -1
    double a0, ad;  // g at the piece's ends is a0 - P . b0 and ad - P . bd (signs only)
    Vec3d b0, bd;
    std::array<Vec3d, 6> power{};  // the piece's power form (when the degree allows it)
    // Cubics: g_s's Bernstein coefficients (degree 4, up to the factor 5) are
    // slopeA_k - P . slopeB_k; all positive certifies g increasing on the piece for P.
    std::array<double, 5> slopeA{};
    std::array<Vec3d, 5> slopeB{};
  };
  std::vector<PieceBound> bounds_;
  // The ends of pieces first..last as the lane loops read them (PieceLanes, the span pass's
  // union): g at the start and at the end, the end points, whether they end the curve.
  template <class Lanes>
  void setRangeEnds(Lanes& out, int first, int last) const {
    const PieceBound& a = bounds_[static_cast<std::size_t>(first)];
    const PieceBound& b = bounds_[static_cast<std::size_t>(last)];
    out.g0a = a.a0;
    out.g0x = a.b0.x;
    out.g0y = a.b0.y;
    out.g0z = a.b0.z;
    out.g1a = b.ad;
    out.g1x = b.bd.x;
    out.g1y = b.bd.y;
    out.g1z = b.bd.z;
    out.startX = a.start.x;
    out.startY = a.start.y;
    out.startZ = a.start.z;
    out.endX = b.end.x;
    out.endY = b.end.y;
    out.endZ = b.end.z;
    out.curveStart = !closed_ && first == 0;
    out.curveEnd = !closed_ && last + 1 == pieceCount();
  }
  // Piece k for the lane loops (bezier_run_query.cpp); `next`: k follows the lane's piece.
  // Built once by prepare() (cubics) into pieceLanes_, previousLanes_ and nextLanes_.
  MonotoneTest monotoneTest(int k) const;
  PieceLanes pieceLanes(int k) const;
  std::vector<PieceLanes> pieceLanes_;
  std::vector<NeighbourLanes> previousLanes_, nextLanes_;  // piece k as the previous (next) neighbour
  std::vector<SpanLanes> spanLanes_;  // cubics: span s for the span pass
  SpanLanes spanLanes(int span) const;
  // nearestPointsOfRun for count <= kRunLength points; mayCut: a run with its box that the span
  // pass does not take may be answered as two shorter runs with their own boxes and candidates.
  int answerRun(const double* xs, const double* ys, const double* zs, int count, double cutoff2, std::uint32_t pieceMask, double* nx,
                double* ny, double* nz, unsigned char* found, Hint* hint, const Bounds3* box, bool mayCut) const;
  // The span pass itself on the union k0..k1 (bezier_span_pass.cpp), the candidates' chords
  // giving the starts and the reach: false when no lane comes near a candidate (found all 0,
  // pending not written); else found[i] = 1 and the nearest point where it lies within the
  // cutoff, and pending[i] = 1 for the near lanes it does not settle (they go to nearestParameter).
  bool answerRunOnSpan(const double* xs, const double* ys, const double* zs, int count, int k0, int k1, const SpanChords& chords,
                       double cutoff2, double* nx, double* ny, double* nz, unsigned char* found, double* pending) const;
  std::uint32_t piecesNearBox(const Bounds3& cell, double limit) const;  // bit k: sphere k within limit of the cell
  NeighbourLanes neighbourLanes(int k, bool next) const;
  // Safeguarded Newton on g in the piece's own parameter s over [lo, hi] with g(lo) < 0 < g(hi)
  // and a single root there, from `start`; keeps the root when it beats the best so far.
  void polishPiece(const Piece& piece, double lo, double hi, double start, const Vec3d& p, double& bestU, double& bestD2,
                   Vec3d& bestPoint, Hint* hint = nullptr) const;
  void polishRoot(double ua, double ub, double start, const Vec3d& p, double& bestU, double& bestD2, Vec3d& bestPoint) const;
  void isolateRoots(const Piece& piece, const Vec3d& p, double& bestU, double& bestD2, Vec3d& bestPoint) const;
  // Control points of span s and the local parameter of u in it.
  const Vec3d* spanControls(double u, double& t) const;
  int spans_ = 1;
  bool closed_ = false;
  std::vector<Piece> pieces_;
  std::vector<double> productWeights_;  // C(n,i) C(n-1,j) / C(2n-1,i+j), row-major (n+1) x n
  // For candidatePieces, as coordinate arrays: R at the pieces' quarter points and the curve's
  // end (distance upper bounds), and the pieces' bounding spheres (lower bounds).
  std::vector<double> sampleX_, sampleY_, sampleZ_;
  std::vector<double> sphereX_, sphereY_, sphereZ_, sphereR_;
};

}  // namespace flexure::deform
