#include "flexure/deform/skeletons/bezier_skeleton.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace flexure::deform {

namespace {

constexpr int kMaxDegree = 16;          // curve degree n; g has degree 2n - 1 <= 31
constexpr int kPieces = BezierSkeleton::kPieceCount;
constexpr int kMaxSubdivisionDepth = 40;

double binomial(int n, int k) {
  double r = 1.0;
  for (int i = 1; i <= k; ++i) r = r * (n - k + i) / i;
  return r;
}

// de Casteljau on points: value at t (no allocation).
Vec3d casteljau(const std::vector<Vec3d>& control, double t) {
  std::array<Vec3d, kMaxDegree + 1> pts;
  const std::size_t n = control.size();
  std::copy(control.begin(), control.end(), pts.begin());
  for (std::size_t level = n; level-- > 1;)
    for (std::size_t j = 0; j < level; ++j) pts[j] = pts[j] * (1.0 - t) + pts[j + 1] * t;
  return pts[0];
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

}  // namespace

void BezierSkeleton::visitFields(FieldVisitor& v) {
  std::vector<double> flat = flatFromPoints(controlPoints);
  v.field("control_points", flat, FieldUse::Required);
  if (v.isReading()) controlPoints = pointsFromFlat(flat, "bezier skeleton: control_points");
}

Vec3d BezierSkeleton::pivot() const { return point(0.5); }

Bounds3 BezierSkeleton::bounds() const {
  Bounds3 b;  // convex hull property: the control polygon bounds the curve
  for (const Vec3d& c : controlPoints) b.extend(c);
  return b;
}

Vec3d BezierSkeleton::point(double u) const { return casteljau(controlPoints, u); }

void BezierSkeleton::evaluate(double u, Vec3d& r, Vec3d& r1, Vec3d& r2) const {
  // One de Casteljau triangle down to the quadratic level b0, b1, b2 gives all three:
  // R = lerp(lerp(b0, b1), lerp(b1, b2)), R' = n (c1 - c0), R'' = n (n - 1) (b2 - 2 b1 + b0).
  const int n = degree();
  std::array<Vec3d, kMaxDegree + 1> b;
  std::copy(controlPoints.begin(), controlPoints.end(), b.begin());
  if (n == 1) {
    r = b[0] * (1.0 - u) + b[1] * u;
    r1 = b[1] - b[0];
    r2 = {0, 0, 0};
    return;
  }
  for (int level = n; level > 2; --level)
    for (int j = 0; j < level; ++j) b[static_cast<std::size_t>(j)] = b[static_cast<std::size_t>(j)] * (1.0 - u) + b[static_cast<std::size_t>(j + 1)] * u;
  const Vec3d c0 = b[0] * (1.0 - u) + b[1] * u, c1 = b[1] * (1.0 - u) + b[2] * u;
  r = c0 * (1.0 - u) + c1 * u;
  r1 = (c1 - c0) * double(n);
  r2 = (b[2] - b[1] * 2.0 + b[0]) * double(n * (n - 1));
}
Vec3d BezierSkeleton::derivative(double u) const { return casteljau(d1_, u); }
Vec3d BezierSkeleton::secondDerivative(double u) const {
  return d2_.empty() ? Vec3d(0, 0, 0) : casteljau(d2_, u);
}

void BezierSkeleton::prepare() {
  const int n = degree();
  if (n < 1 || n > kMaxDegree) throw FieldError("bezier skeleton: needs 2 to 17 control points");
  d1_.clear();
  d2_.clear();
  for (int i = 0; i < n; ++i) d1_.push_back((controlPoints[static_cast<std::size_t>(i + 1)] - controlPoints[static_cast<std::size_t>(i)]) * double(n));
  for (int i = 0; i + 1 < n; ++i) d2_.push_back((d1_[static_cast<std::size_t>(i + 1)] - d1_[static_cast<std::size_t>(i)]) * double(n - 1));
  productWeights_.assign(static_cast<std::size_t>((n + 1) * n), 0.0);
  for (int i = 0; i <= n; ++i)
    for (int j = 0; j < n; ++j)
      productWeights_[static_cast<std::size_t>(i * n + j)] = binomial(n, i) * binomial(n - 1, j) / binomial(2 * n - 1, i + j);
  pieces_.clear();
  for (int k = 0; k < kPieces; ++k) {
    Piece piece;
    piece.u0 = double(k) / kPieces;
    piece.u1 = double(k + 1) / kPieces;
    piece.control = subCurve(controlPoints, piece.u0, piece.u1);
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
    pieces_.push_back(std::move(piece));
  }
}

// Roots of g(s) = (R(s) - P) . R_s(s) on one piece, in Bernstein form of degree 2n - 1.
void BezierSkeleton::isolateRoots(const Piece& piece, const Vec3d& p, double& bestU, double& bestD2, Vec3d& bestPoint) const {
  const int n = degree();
  const int d = 2 * n - 1;
  std::array<double, 2 * kMaxDegree> h{};
  for (int k = 0; k <= d; ++k) h[static_cast<std::size_t>(k)] = piece.coefA[static_cast<std::size_t>(k)] - dot(p, piece.coefB[static_cast<std::size_t>(k)]);
  const double width = piece.u1 - piece.u0;
  // Safeguarded Newton on g over [ua, ub] with g(ua) < 0 < g(ub): a minimum of |R - P|^2. The
  // start is where the chord of the Bernstein coefficients crosses zero (as in Bezier clipping).
  auto polish = [&](double ua, double ub, double start) {
    double u = start, d2 = 0.0;
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

double BezierSkeleton::nearestParameter(const Vec3d& p, double cutoff2, std::uint32_t pieceMask, Vec3d* nearest) const {
  // With a cutoff, pieces farther than it are skipped and -1 means "nothing within it".
  double bestU = -1.0, bestD2 = cutoff2;
  Vec3d bestPoint(0, 0, 0);
  const double d2Start = squaredNorm(controlPoints.front() - p), d2End = squaredNorm(controlPoints.back() - p);
  if (d2Start < bestD2) { bestD2 = d2Start; bestU = 0.0; bestPoint = controlPoints.front(); }
  if (d2End < bestD2) { bestD2 = d2End; bestU = 1.0; bestPoint = controlPoints.back(); }
  // Candidate pieces: those whose bounding sphere comes closer than the best distance so far,
  // visited nearest first (insertion sort of a handful of entries).
  const double reach = std::sqrt(bestD2);
  std::array<std::pair<double, int>, kPieces> order;
  int count = 0;
  for (std::uint32_t bits = pieceMask & ((std::uint64_t(1) << kPieces) - 1); bits != 0; bits &= bits - 1) {
    const int k = __builtin_ctz(bits);
    const Piece& piece = pieces_[static_cast<std::size_t>(k)];
    const double t = piece.chordInvLength2 > 0.0 ? segmentParameter(p, piece.chordStart, piece.chord, piece.chordInvLength2) : 0.0;
    const double d2c = squaredNorm(p - (piece.chordStart + piece.chord * t));
    const double far = piece.deviation + reach;
    if (d2c >= far * far) continue;
    const double lb = std::max(0.0, std::sqrt(d2c) - piece.deviation);
    int j = count++;
    while (j > 0 && order[static_cast<std::size_t>(j - 1)].first > lb) {
      order[static_cast<std::size_t>(j)] = order[static_cast<std::size_t>(j - 1)];
      --j;
    }
    order[static_cast<std::size_t>(j)] = {lb, k};
  }
  for (int i = 0; i < count; ++i) {
    const auto [lb, k] = order[static_cast<std::size_t>(i)];
    if (lb * lb >= bestD2) break;
    const Piece& piece = pieces_[static_cast<std::size_t>(k)];
    const double d2a = squaredNorm(piece.control.front() - p);
    if (d2a < bestD2) { bestD2 = d2a; bestU = piece.u0; bestPoint = piece.control.front(); }
    isolateRoots(piece, p, bestU, bestD2, bestPoint);
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
