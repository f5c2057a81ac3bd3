#include "flexure/deform/skeletons/bezier_skeleton.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "../simd_clones.h"

namespace flexure::deform {

namespace {

constexpr int kMaxDegree = 16;          // curve degree n; g has degree 2n - 1 <= 31
constexpr int kPieces = BezierSkeleton::kMaxPieces;
constexpr int kPiecesWanted = 16;  // per curve; a whole number per span, at most kMaxPieces
constexpr int kMaxSubdivisionDepth = 40;

double binomial(int n, int k) {
  double r = 1.0;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// Left half of a split at t: the control points of the curve over [0, t].
std::vector<Vec3d> splitLeft(std::vector<Vec3d> tri, double t) {
  const std::size_t n = tri.size();
  std::vector<Vec3d> left(n);
  for (std::size_t level = 0; level < n; ++level) {
    left[level] = tri[0];
    for (std::size_t j = 0; j + 1 < n - level; ++j) tri[j] = tri[j] * (1.0 - t) + tri[j + 1] * t;
  }
  return left;
}

// The control points of the curve restricted to [u0, u1].
std::vector<Vec3d> subCurve(const std::vector<Vec3d>& c, double u0, double u1) {
  // [u0, 1] is the reversed left half of the reversed curve split at 1 - u0.
  std::vector<Vec3d> right = splitLeft(std::vector<Vec3d>(c.rbegin(), c.rend()), 1.0 - u0);
  std::reverse(right.begin(), right.end());
  const double t = u0 < 1.0 ? (u1 - u0) / (1.0 - u0) : 1.0;
  return splitLeft(right, t);
}

// min_i |q_i - c|^2 over points given as coordinate arrays.
FLEXURE_DEFORM_SIMD
double nearestSquaredDistance(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs, int n, const Vec3d& c) {
  const double cx = c.x, cy = c.y, cz = c.z;
  double best = 1e300;
#pragma omp simd reduction(min : best)
  for (int i = 0; i < n; ++i) {
    const double dx = xs[i] - cx, dy = ys[i] - cy, dz = zs[i] - cz;
    const double d2 = dx * dx + dy * dy + dz * dz;
    best = d2 < best ? d2 : best;
  }
  return best;
}

// Bit k set when the box comes within `limit` of sphere k (centre, radius), of n <= 32 spheres.
// The bits are gathered in the lanes (an OR reduction): as doubles copied into a mask one piece
// at a time afterwards, that copy was half of candidatePieces' time.
FLEXURE_DEFORM_SIMD
std::uint32_t spheresNearBox(const double* __restrict xs, const double* __restrict ys, const double* __restrict zs,
                             const double* __restrict rs, int n, const Bounds3& box, double limit) {
  const double lx = box.lo.x, ly = box.lo.y, lz = box.lo.z, hx = box.hi.x, hy = box.hi.y, hz = box.hi.z;
  std::uint32_t mask = 0;
  // GCC vectorizes the OR of shifted bits; clang 14 reports the `omp simd` it cannot honour and
  // gets the plain loop (as coordinate_bounds.cpp's reductions).
#if !defined(__clang__)
#pragma omp simd reduction(| : mask)
#endif
  for (int k = 0; k < n; ++k) {
    const double gx = xs[k] < lx ? lx - xs[k] : (xs[k] > hx ? xs[k] - hx : 0.0);
    const double gy = ys[k] < ly ? ly - ys[k] : (ys[k] > hy ? ys[k] - hy : 0.0);
    const double gz = zs[k] < lz ? lz - zs[k] : (zs[k] > hz ? zs[k] - hz : 0.0);
    const double far = limit + rs[k];
    mask |= (gx * gx + gy * gy + gz * gz <= far * far ? 1u : 0u) << k;
  }
  return mask;
}

int signChanges(const double* h, int count) {
  int changes = 0, last = 0;
  for (int k = 0; k < count; ++k) {
    const int s = h[k] > 0.0 ? 1 : (h[k] < 0.0 ? -1 : 0);
    if (s == 0) continue;
    if (last != 0 && s != last) ++changes;
    last = s;
  }
  return changes;
}

// A distance limit widened past rounding, so that a piece exactly at the limit is kept.
inline double withRoundingMargin(double limit) { return limit * (1.0 + 1e-12) + 1e-12; }

}  // namespace

void BezierSkeleton::visitFields(FieldVisitor& v) {
  v.field("curve", curve);
  // A skeleton following a curve node takes its shape from the curve: no control points then.
  if (!curve.empty()) {
    if (v.isReading()) {
      controlPoints = {{0, 0, 0}, {1, 0, 0}};  // until the operator resolves the curve
      spans_ = 1;
      closed_ = false;
    }
    return;
  }
  std::vector<double> flat = flatFromPoints(controlPoints);
  v.field("control_points", flat, FieldUse::Required);
  if (v.isReading()) {
    controlPoints = pointsFromFlat(flat, "bezier skeleton: control_points");
    spans_ = 1;
    closed_ = false;
  }
}

Vec3d BezierSkeleton::pivot() const { return point(0.5); }

Bounds3 BezierSkeleton::bounds() const {
  Bounds3 b;  // convex hull property: the control polygon bounds the curve
  for (const Vec3d& c : controlPoints) b.extend(c);
  return b;
}

const Vec3d* BezierSkeleton::spanControls(double u, double& t) const {
  if (spans_ == 1) {
    t = u;
    return controlPoints.data();
  }
  const double x = std::clamp(u, 0.0, 1.0) * spans_;
  const int s = std::clamp(static_cast<int>(x), 0, spans_ - 1);
  t = x - s;
  return controlPoints.data() + s * degree();
}

Vec3d BezierSkeleton::point(double u) const {
  Vec3d r, r1, r2;
  evaluate(u, r, r1, r2);
  return r;
}

void BezierSkeleton::evaluate(double u, Vec3d& r, Vec3d& r1, Vec3d& r2) const {
  // One de Casteljau triangle down to the quadratic level b0, b1, b2 gives all three:
  // R = lerp(lerp(b0, b1), lerp(b1, b2)), R' = n (c1 - c0), R'' = n (n - 1) (b2 - 2 b1 + b0),
  // in the span's local parameter; a chain of m spans scales them by m and m^2.
  const int n = degree();
  std::array<Vec3d, kMaxDegree + 1> b;
  const Vec3d* c = spanControls(u, u);
  std::copy(c, c + n + 1, b.begin());
  const double m = spans_;
  if (n == 1) {
    r = b[0] * (1.0 - u) + b[1] * u;
    r1 = (b[1] - b[0]) * m;
    r2 = {0, 0, 0};
    return;
  }
  for (int level = n; level > 2; --level)
    for (int j = 0; j < level; ++j) b[static_cast<std::size_t>(j)] = b[static_cast<std::size_t>(j)] * (1.0 - u) + b[static_cast<std::size_t>(j + 1)] * u;
  const Vec3d c0 = b[0] * (1.0 - u) + b[1] * u, c1 = b[1] * (1.0 - u) + b[2] * u;
  r = c0 * (1.0 - u) + c1 * u;
  r1 = (c1 - c0) * (double(n) * m);
  r2 = (b[2] - b[1] * 2.0 + b[0]) * (double(n * (n - 1)) * m * m);
}
Vec3d BezierSkeleton::derivative(double u) const {
  Vec3d r, r1, r2;
  evaluate(u, r, r1, r2);
  return r1;
}
Vec3d BezierSkeleton::secondDerivative(double u) const {
  Vec3d r, r1, r2;
  evaluate(u, r, r1, r2);
  return r2;
}

void BezierSkeleton::followUniformBSpline(const std::vector<Vec3d>& bspline, bool closed) {
  const int n = static_cast<int>(bspline.size());
  const int spans = closed ? n : n - 3;
  if (spans < 1 || (closed && n < 3)) throw FieldError("bezier skeleton: the followed curve needs at least 4 control points (3 if closed)");
  if (spans > kPieces) throw FieldError("bezier skeleton: the followed curve has more than " + std::to_string(kPieces) + " spans");
  std::vector<Vec3d> chain;
  chain.reserve(static_cast<std::size_t>(3 * spans + 1));
  for (int s = 0; s < spans; ++s) {
    const Vec3d& p0 = bspline[static_cast<std::size_t>(s % n)];
    const Vec3d& p1 = bspline[static_cast<std::size_t>((s + 1) % n)];
    const Vec3d& p2 = bspline[static_cast<std::size_t>((s + 2) % n)];
    const Vec3d& p3 = bspline[static_cast<std::size_t>((s + 3) % n)];
    if (s == 0) chain.push_back((p0 + p1 * 4.0 + p2) * (1.0 / 6.0));
    chain.push_back((p1 * 2.0 + p2) * (1.0 / 3.0));
    chain.push_back((p1 + p2 * 2.0) * (1.0 / 3.0));
    chain.push_back((p1 + p2 * 4.0 + p3) * (1.0 / 6.0));
  }
  controlPoints = std::move(chain);
  spans_ = spans;
  closed_ = closed;
  prepare();
}

void BezierSkeleton::prepare() {
  const int count = static_cast<int>(controlPoints.size());
  if (spans_ < 1 || (count - 1) % spans_ != 0) throw FieldError("bezier skeleton: control points do not form whole spans");
  const int n = degree();
  if (n < 1 || n > kMaxDegree) throw FieldError("bezier skeleton: needs 2 to 17 control points");
  productWeights_.assign(static_cast<std::size_t>((n + 1) * n), 0.0);
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j < n; ++j)
      productWeights_[static_cast<std::size_t>(i * n + j)] = binomial(n, i) * binomial(n - 1, j) / binomial(2 * n - 1, i + j);
  pieces_.clear();
  const int perSpan = std::max(1, kPiecesWanted / spans_);
  for (int k = 0; k < spans_ * perSpan; ++k) {
    Piece piece;
    const int span = k / perSpan;
    const double t0 = double(k % perSpan) / perSpan, t1 = double(k % perSpan + 1) / perSpan;
    piece.u0 = (span + t0) / spans_;
    piece.u1 = k + 1 == spans_ * perSpan ? 1.0 : (span + t1) / spans_;
    const auto first = controlPoints.begin() + span * n;
    piece.control = subCurve(std::vector<Vec3d>(first, first + n + 1), t0, t1);
    for (int j = 0; j < n; ++j)
      piece.hodograph.push_back((piece.control[static_cast<std::size_t>(j + 1)] - piece.control[static_cast<std::size_t>(j)]) * double(n));
    // g's Bernstein coefficients are affine in P: h_k = A_k - P . B_k with
    // A_k = sum_{i+j=k} w_ij c_i . b_j and B_k = sum_{i+j=k} w_ij b_j.
    piece.coefA.assign(static_cast<std::size_t>(2 * n), 0.0);
    piece.coefB.assign(static_cast<std::size_t>(2 * n), Vec3d(0, 0, 0));
    for (int i = 0; i <= n; ++i)
      for (int j = 0; j < n; ++j) {
        const double w = productWeights_[static_cast<std::size_t>(i * n + j)];
        const Vec3d& b = piece.hodograph[static_cast<std::size_t>(j)];
        piece.coefA[static_cast<std::size_t>(i + j)] += w * dot(piece.control[static_cast<std::size_t>(i)], b);
        piece.coefB[static_cast<std::size_t>(i + j)] += b * w;
      }
    Vec3d c(0, 0, 0);
    for (const Vec3d& q : piece.control) c += q;
    c = c * (1.0 / double(piece.control.size()));
    double r = 0.0;
    for (const Vec3d& q : piece.control) r = std::max(r, norm(q - c));
    piece.sphereCenter = c;
    piece.sphereRadius = r;
    // The chord from the piece's first to last point, and how far the control points (hence,
    // by the convex hull property, the piece) stray from it: a tight lower bound on distance.
    piece.chordStart = piece.control.front();
    piece.chord = piece.control.back() - piece.control.front();
    const double l2 = squaredNorm(piece.chord);
    piece.chordInvLength2 = l2 > 0.0 ? 1.0 / l2 : 0.0;
    piece.deviation = 0.0;
    for (const Vec3d& q : piece.control) {
      const double t = l2 > 0.0 ? segmentParameter(q, piece.chordStart, piece.chord, piece.chordInvLength2) : 0.0;
      piece.deviation = std::max(piece.deviation, norm(q - (piece.chordStart + piece.chord * t)));
    }
    // Monotone certificate: with the hodograph's control points H_j (in s) and e their mean
    // direction, |R_s| >= min_j H_j . e (convex hull); |R_ss| <= max_j |n (n-1) D2_j|. Then
    // g_s' = |R_s|^2 + (R - P) . R_ss > 0 whenever |R - P| < m^2 / M2 on the whole piece, which
    // holds for |P - sphereCenter| < m^2 / M2 - sphereRadius.
    Vec3d mean(0, 0, 0);
    for (const Vec3d& h : piece.hodograph) mean += h;
    const double meanNorm = norm(mean);
    double m = meanNorm > 0.0 ? 1e300 : 0.0;
    for (const Vec3d& h : piece.hodograph) m = std::min(m, meanNorm > 0.0 ? dot(h, mean) / meanNorm : 0.0);
    double m2 = 0.0;
    for (int j = 0; j + 1 < n; ++j)
      m2 = std::max(m2, norm(piece.hodograph[static_cast<std::size_t>(j + 1)] - piece.hodograph[static_cast<std::size_t>(j)]) * double(n - 1));
    piece.monotoneRadius = m <= 0.0 ? 0.0 : (m2 > 0.0 ? m * m / m2 - r : 1e300);
    // Power form: power[k] = C(n, k) sum_i (-1)^(k-i) C(k, i) control[i].
    piece.hasPower = n <= kMaxPowerDegree;
    for (int k = 0; piece.hasPower && k <= n; ++k) {
      Vec3d a(0, 0, 0);
      for (int i = 0; i <= k; ++i) a += piece.control[static_cast<std::size_t>(i)] * (((k - i) % 2 ? -1.0 : 1.0) * binomial(k, i));
      piece.power[static_cast<std::size_t>(k)] = a * binomial(n, k);
    }
    pieces_.push_back(std::move(piece));
  }
  bounds_.clear();
  for (const Piece& piece : pieces_) {
    PieceBound b;
    b.chordStart = piece.chordStart;
    b.chord = piece.chord;
    b.sphereCenter = piece.sphereCenter;
    b.start = piece.control.front();
    b.end = piece.control.back();
    b.chordInvLength2 = piece.chordInvLength2;
    b.deviation = piece.deviation;
    b.monotone2 = piece.monotoneRadius > 0.0 ? piece.monotoneRadius * piece.monotoneRadius : -1.0;
    b.a0 = piece.coefA.front();
    b.ad = piece.coefA.back();
    b.b0 = piece.coefB.front();
    b.bd = piece.coefB.back();
    b.power = piece.power;
    for (std::size_t k = 0; n == 3 && k < 5; ++k) {
      b.slopeA[k] = piece.coefA[k + 1] - piece.coefA[k];
      b.slopeB[k] = piece.coefB[k + 1] - piece.coefB[k];
    }
    bounds_.push_back(b);
  }
  std::vector<Vec3d> samples;
  for (const Piece& piece : pieces_)
    for (int j = 0; j < 4; ++j) samples.push_back(point(piece.u0 + (piece.u1 - piece.u0) * j / 4.0));
  samples.push_back(controlPoints.back());
  sampleX_.clear();
  sampleY_.clear();
  sampleZ_.clear();
  for (const Vec3d& q : samples) {
    sampleX_.push_back(q.x);
    sampleY_.push_back(q.y);
    sampleZ_.push_back(q.z);
  }
  sphereX_.clear();
  sphereY_.clear();
  sphereZ_.clear();
  sphereR_.clear();
  for (const Piece& piece : pieces_) {
    sphereX_.push_back(piece.sphereCenter.x);
    sphereY_.push_back(piece.sphereCenter.y);
    sphereZ_.push_back(piece.sphereCenter.z);
    sphereR_.push_back(piece.sphereRadius);
  }
  pieceLanes_.clear();
  previousLanes_.clear();
  nextLanes_.clear();
  spanLanes_.clear();
  for (int s = 0; n == 3 && s < spans_; ++s) spanLanes_.push_back(spanLanes(s));
  for (int k = 0; n == 3 && k < pieceCount(); ++k) {
    pieceLanes_.push_back(pieceLanes(k));
    previousLanes_.push_back(neighbourLanes(k, false));
    nextLanes_.push_back(neighbourLanes(k, true));
  }
}

bool BezierSkeleton::reachesBox(const Bounds3& box, double reach) const {
  return piecesNearBox(box, withRoundingMargin(reach)) != 0;
}

std::uint32_t BezierSkeleton::candidatePieces(const Bounds3& cell, double reach) const {
  // With at most one piece within reach of the cell the tighter limit below keeps the same
  // pieces (if the nearest point of a cell point is within `upper` < reach, it lies on a piece
  // within upper, which is within reach), so the samples need not be visited.
  const std::uint32_t withinReach = piecesNearBox(cell, withRoundingMargin(reach));
  if ((withinReach & (withinReach - 1)) == 0) return withinReach;
  const Vec3d center = (cell.lo + cell.hi) * 0.5;
  const double halfDiagonal = 0.5 * norm(cell.hi - cell.lo);
  // Every point of the cell is within `upper` of some sample point, hence of the curve.
  const double nearestSample2 = nearestSquaredDistance(sampleX_.data(), sampleY_.data(), sampleZ_.data(), static_cast<int>(sampleX_.size()), center);
  const double upper = std::sqrt(nearestSample2) + halfDiagonal;
  return piecesNearBox(cell, withRoundingMargin(std::min(upper, reach)));
}

// A piece is kept when the cell comes within limit of its bounding sphere (the distance from
// the cell to the sphere is a lower bound for the piece), compared in squares.
std::uint32_t BezierSkeleton::piecesNearBox(const Bounds3& cell, double limit) const {
  return spheresNearBox(sphereX_.data(), sphereY_.data(), sphereZ_.data(), sphereR_.data(), pieceCount(), cell, limit);
}

// Safeguarded Newton on g over [ua, ub] with g(ua) < 0 < g(ub): a minimum of |R - P|^2. Keeps
// it when it beats the best so far.
void BezierSkeleton::polishRoot(double ua, double ub, double start, const Vec3d& p, double& bestU, double& bestD2, Vec3d& bestPoint) const {
  double u = std::clamp(start, ua, ub), d2 = 0.0;
  Vec3d at;
  for (int it = 0; it < 60; ++it) {
    Vec3d r, r1, r2;
    evaluate(u, r, r1, r2);
    at = r;
    r -= p;
    d2 = squaredNorm(r);
    const double g = dot(r, r1);
    if (g < 0.0) ua = u; else ub = u;
    const double gu = squaredNorm(r1) + dot(r, r2);
    const double newton = gu > 0.0 ? u - g / gu : 0.5 * (ua + ub);
    // Quadratic convergence: once a Newton step is below 1e-8 the next iterate is exact to
    // rounding, so take it without another evaluation (|R - P|^2 changes by O(step^2)).
    if (gu > 0.0 && std::fabs(newton - u) < 1e-8) {
      const double next = std::clamp(newton, ua, ub);
      at += r1 * (next - u);  // R(next) to O(step^2) ~ 1e-16
      u = next;
      break;
    }
    u = (newton > ua && newton < ub) ? newton : 0.5 * (ua + ub);
    if (ub - ua < 1e-15) break;
  }
  if (d2 < bestD2) { bestD2 = d2; bestU = u; bestPoint = at; }
}

void BezierSkeleton::polishPiece(const Piece& piece, double lo, double hi, double start, const Vec3d& p, double& bestU, double& bestD2,
                                 Vec3d& bestPoint, Hint* hint) const {
  if (!piece.hasPower) {
    const double w = piece.u1 - piece.u0;
    polishRoot(piece.u0 + w * lo, piece.u0 + w * hi, piece.u0 + w * start, p, bestU, bestD2, bestPoint);
    return;
  }
  const int n = degree();
  const int index = static_cast<int>(&piece - pieces_.data());
  if (hint && hint->owner == this && hint->piece == index) {
    const double predicted = hint->s + dot(hint->dsdp, p - hint->p);  // the last root, moved to first order
    if (predicted > lo && predicted < hi) start = predicted;
  }
  double s = std::clamp(start, lo, hi), d2 = 0.0, dsdpScale = 0.0;
  Vec3d at, tangent;
  for (int it = 0; it < 60; ++it) {
    // Horner's rule for R, R_s, R_ss at s; cubics (the common degree, and every span of a
    // followed MES curve) unrolled: R = ((a3 s + a2) s + a1) s + a0, R_s = (3 a3 s + 2 a2) s + a1,
    // R_ss = 6 a3 s + 2 a2.
    Vec3d r, r1, r2;
    if (n == 3) {
      const Vec3d& a0 = piece.power[0];
      const Vec3d& a1 = piece.power[1];
      const Vec3d& a2 = piece.power[2];
      const Vec3d& a3 = piece.power[3];
      r = ((a3 * s + a2) * s + a1) * s + a0;
      r1 = (a3 * (3.0 * s) + a2 * 2.0) * s + a1;
      r2 = a3 * (6.0 * s) + a2 * 2.0;
    } else {
      r = piece.power[static_cast<std::size_t>(n)];
      r1 = {0, 0, 0};
      r2 = {0, 0, 0};
      for (int k = n - 1; k >= 0; --k) {
        r2 = r2 * s + r1 * 2.0;
        r1 = r1 * s + r;
        r = r * s + piece.power[static_cast<std::size_t>(k)];
      }
    }
    at = r;
    r -= p;
    d2 = squaredNorm(r);
    const double g = dot(r, r1);
    if (g < 0.0) lo = s; else hi = s;
    const double gs = squaredNorm(r1) + dot(r, r2);  // > 0 on a certified piece; else bisect
    double newton = gs > 0.0 ? s - g / gs : 0.5 * (lo + hi);
    double done = 1e-6;
    if (n == 3 && gs > 0.0) {
      // Halley's step on cubics, g_ss = 3 R_s . R_ss + (R - P) . R_sss with R_sss = 6 a3:
      // s - (g / g_s) / (1 - g g_ss / (2 g_s^2)). Cubic convergence: after a step below 1e-4
      // the next iterate is within ~1e-12 of the root, so one evaluation fewer than Newton
      // from the chord projection. Far from the root (denominator below 1/2) Newton's step.
      const double gss = 3.0 * dot(r1, r2) + 6.0 * dot(r, piece.power[3]);
      const double ratio = g / gs;
      const double denom = 1.0 - 0.5 * ratio * gss / gs;
      if (denom > 0.5) {
        newton = s - ratio / denom;
        done = 1e-4;
      }
    }
    // Quadratic (Newton) or cubic (Halley) convergence: after a step below `done` the next
    // iterate is within ~1e-12 of the root, and |R - P|^2, stationary there, within ~1e-24:
    // take it without evaluating again.
    if (gs > 0.0 && std::fabs(newton - s) < done) {
      tangent = r1;
      dsdpScale = 1.0 / gs;  // ds/dP = R_s / g_s at the root
      const double next = std::clamp(newton, lo, hi), step = next - s;
      at += (r1 + r2 * (0.5 * step)) * step;  // R(next) to O(step^3)
      d2 = squaredNorm(at - p);
      s = next;
      break;
    }
    s = (newton > lo && newton < hi) ? newton : 0.5 * (lo + hi);
    if (hi - lo < 1e-15) break;
  }
  if (d2 < bestD2) {
    bestD2 = d2;
    bestU = piece.u0 + (piece.u1 - piece.u0) * s;
    bestPoint = at;
    if (hint && dsdpScale > 0.0) *hint = {this, index, s, p, tangent * dsdpScale};
  }
}

// Roots of g(s) = (R(s) - P) . R_s(s) on one piece, in Bernstein form of degree 2n - 1.
void BezierSkeleton::isolateRoots(const Piece& piece, const Vec3d& p, double& bestU, double& bestD2, Vec3d& bestPoint) const {
  const int n = degree();
  const int d = 2 * n - 1;
  std::array<double, 2 * kMaxDegree> h{};
  for (int k = 0; k <= d; ++k) h[static_cast<std::size_t>(k)] = piece.coefA[static_cast<std::size_t>(k)] - dot(p, piece.coefB[static_cast<std::size_t>(k)]);
  const double width = piece.u1 - piece.u0;
  // Newton in the piece's own parameter (power form when the degree allows), bracketed by the
  // isolating span; (ua, ub, start) are global parameters.
  auto polish = [&](double ua, double ub, double start) {
    polishPiece(piece, (ua - piece.u0) / width, (ub - piece.u0) / width, (start - piece.u0) / width, p, bestU, bestD2, bestPoint);
  };
  // The common case, a piece with a single root (or none), needs no subdivision.
  {
    const int changes = signChanges(h.data(), d + 1);
    if (changes == 0) return;
    if (changes == 1) {
      const double h0 = h[0], hd = h[static_cast<std::size_t>(d)];
      if (h0 < 0.0 && hd > 0.0) polish(piece.u0, piece.u1, piece.u0 + width * (-h0 / (hd - h0)));
      return;
    }
  }
  // Explicit stack of (coefficients, interval) for the subdivision.
  struct Span { std::array<double, 2 * kMaxDegree> h; double s0, s1; int depth; };
  std::array<Span, kMaxSubdivisionDepth + 2> stack;
  int top = 0;
  stack[0] = {h, 0.0, 1.0, 0};
  top = 1;
  while (top > 0) {
    const Span span = stack[static_cast<std::size_t>(--top)];
    const int changes = signChanges(span.h.data(), d + 1);
    if (changes == 0) continue;
    const double ua = piece.u0 + width * span.s0, ub = piece.u0 + width * span.s1;
    if (changes == 1) {
      // Exactly one root; it is a minimum when g goes from negative to positive.
      // The end coefficients are g at the ends of the span (endpoint interpolation).
      const double h0 = span.h[0], hd = span.h[static_cast<std::size_t>(d)];
      if (h0 < 0.0 && hd > 0.0) polish(ua, ub, ua + (ub - ua) * (-h0 / (hd - h0)));
      continue;
    }
    if (span.depth >= kMaxSubdivisionDepth || top + 2 > static_cast<int>(stack.size())) {
      const double u = 0.5 * (ua + ub);  // a (numerically) multiple root: take its location
      const Vec3d at = point(u);
      const double d2 = squaredNorm(at - p);
      if (d2 < bestD2) { bestD2 = d2; bestU = u; bestPoint = at; }
      continue;
    }
    // de Casteljau split of the coefficients at the middle.
    Span left{}, right{};
    std::array<double, 2 * kMaxDegree> tri = span.h;
    for (int level = 0; level <= d; ++level) {
      left.h[static_cast<std::size_t>(level)] = tri[0];
      right.h[static_cast<std::size_t>(d - level)] = tri[static_cast<std::size_t>(d - level)];
      for (int j = 0; j < d - level; ++j) tri[static_cast<std::size_t>(j)] = 0.5 * (tri[static_cast<std::size_t>(j)] + tri[static_cast<std::size_t>(j + 1)]);
    }
    const double mid = 0.5 * (span.s0 + span.s1);
    left.s0 = span.s0; left.s1 = mid; left.depth = span.depth + 1;
    right.s0 = mid; right.s1 = span.s1; right.depth = span.depth + 1;
    stack[static_cast<std::size_t>(top++)] = right;
    stack[static_cast<std::size_t>(top++)] = left;
  }
}

double BezierSkeleton::nearestParameter(const Vec3d& p, double cutoff2, std::uint32_t pieceMask, Vec3d* nearest, Hint* hint) const {
  // With a cutoff, pieces farther than it are skipped and -1 means "nothing within it".
  double bestU = -1.0, bestD2 = cutoff2;
  Vec3d bestPoint(0, 0, 0);
  const double d2Start = squaredNorm(controlPoints.front() - p), d2End = squaredNorm(controlPoints.back() - p);
  if (d2Start < bestD2) { bestD2 = d2Start; bestU = 0.0; bestPoint = controlPoints.front(); }
  if (d2End < bestD2) { bestD2 = d2End; bestU = 1.0; bestPoint = controlPoints.back(); }
  // Candidate pieces: those whose lower bound (distance to the chord minus the control points'
  // deviation from it) comes within the best distance so far. The piece nearest its chord goes
  // first (it almost always holds the answer); the others are then mostly rejected by the test
  // d_chord < best + deviation, in squares, with one square root per improvement.
  struct Candidate { double d2c, t; int piece; };
  std::array<Candidate, kPieces> cand;
  int count = 0, first = -1;
  {
    const double reach = std::sqrt(bestD2);
    for (std::uint32_t bits = pieceMask & static_cast<std::uint32_t>((std::uint64_t(1) << pieceCount()) - 1); bits != 0; bits &= bits - 1) {
      const int k = __builtin_ctz(bits);
      const PieceBound& b = bounds_[static_cast<std::size_t>(k)];
      const double t = b.chordInvLength2 > 0.0 ? segmentParameter(p, b.chordStart, b.chord, b.chordInvLength2) : 0.0;
      const double d2c = squaredNorm(p - (b.chordStart + b.chord * t));
      const double far = b.deviation + reach;
      if (d2c >= far * far) continue;
      if (first < 0 || d2c < cand[static_cast<std::size_t>(first)].d2c) first = count;
      cand[static_cast<std::size_t>(count++)] = {d2c, t, k};
    }
  }
  if (count > 0) std::swap(cand[0], cand[static_cast<std::size_t>(first)]);
  double bestR = std::sqrt(bestD2);
  for (int i = 0; i < count; ++i) {
    const Candidate c = cand[static_cast<std::size_t>(i)];
    const PieceBound& b = bounds_[static_cast<std::size_t>(c.piece)];
    const double far = bestR + b.deviation;
    if (c.d2c >= far * far) continue;  // lower bound beyond the best so far
    const double before = bestD2;
    const double d2a = squaredNorm(b.start - p);
    if (d2a < bestD2) { bestD2 = d2a; bestU = pieces_[static_cast<std::size_t>(c.piece)].u0; bestPoint = b.start; }
    if (squaredNorm(p - b.sphereCenter) < b.monotone2) {
      // g increases on the piece: its ends' signs (the first and last Bernstein coefficients)
      // tell whether the piece holds a minimum inside; if not, the nearest point of the piece
      // is an end.
      const double h0 = b.a0 - dot(p, b.b0), hd = b.ad - dot(p, b.bd);
      if (h0 < 0.0 && hd > 0.0) {
        polishPiece(pieces_[static_cast<std::size_t>(c.piece)], 0.0, 1.0, c.t, p, bestU, bestD2, bestPoint, hint);  // from the chord projection
      } else if (h0 < 0.0) {
        const double d2b = squaredNorm(b.end - p);
        if (d2b < bestD2) { bestD2 = d2b; bestU = pieces_[static_cast<std::size_t>(c.piece)].u1; bestPoint = b.end; }
      }
    } else {
      isolateRoots(pieces_[static_cast<std::size_t>(c.piece)], p, bestU, bestD2, bestPoint);
    }
    if (bestD2 < before) bestR = std::sqrt(bestD2);
  }
  if (nearest) *nearest = bestPoint;
  return bestU;
}

Bounds3 BezierSkeleton::pieceBounds(int k, double reach) const {
  const Piece& piece = pieces_[static_cast<std::size_t>(k)];
  return Bounds3{piece.sphereCenter, piece.sphereCenter}.padded(piece.sphereRadius + reach);
}

double BezierSkeleton::nearestParameterBySampling(const Vec3d& p, int samples) const {
  double bestU = 0.0, bestD2 = 1e300;
  for (int i = 0; i <= samples; ++i) {
    const double u = double(i) / samples;
    const double d2 = squaredNorm(point(u) - p);
    if (d2 < bestD2) { bestD2 = d2; bestU = u; }
  }
  return bestU;
}

}  // namespace flexure::deform
