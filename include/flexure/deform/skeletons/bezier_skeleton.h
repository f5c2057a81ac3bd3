#pragma once
// Bezier-curve constraint of any degree n (section 3.4). The nearest point is at an end point or
// at a root of g(u) = (R(u) - P) . R'(u), a polynomial of degree 2n - 1. The roots are isolated
// in Bernstein form by subdivision (the variation-diminishing property bounds the number of roots
// in an interval by the sign changes of its Bernstein coefficients, the principle of Bezier
// clipping, refs [27-29]) and polished by safeguarded Newton iteration.
//
// For speed the curve is split once into pieces, each with a bounding sphere of its control
// points (convex hull property); a query visits pieces nearest first and skips a piece whose
// sphere is farther than the best distance found so far.
#include <cstdint>
#include <string_view>
#include <vector>

#include "flexure/deform/skeletons/skeleton_math.h"

namespace flexure::deform {

struct BezierSkeleton {
  static constexpr std::string_view kType = "bezier";
  std::vector<Vec3d> controlPoints{{0, 0, 0}, {1, 0, 0}};  // degree n = count - 1, n >= 1
  // Optional: name of a curve node whose control points replace these (not yet wired).

  void visitFields(FieldVisitor& v);
  void prepare();
  Vec3d pivot() const;
  Bounds3 bounds() const;
  int degree() const { return static_cast<int>(controlPoints.size()) - 1; }

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
  double nearestParameter(const Vec3d& p, double cutoff2 = 1e300, std::uint32_t pieceMask = ~std::uint32_t(0),
                          Vec3d* nearest = nullptr) const;
  // The curve is split into kPieceCount pieces of equal parameter length for pruning.
  static constexpr int kPieceCount = 16;
  // Bounds of piece k's bounding sphere grown by `reach`.
  Bounds3 pieceBounds(int k, double reach) const;
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
      if (u0 <= 0.0 || u0 >= 1.0) return minus(p, r);
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
  };
  void isolateRoots(const Piece& piece, const Vec3d& p, double& bestU, double& bestD2, Vec3d& bestPoint) const;
  std::vector<Vec3d> d1_, d2_;  // control points of R' and R''
  std::vector<Piece> pieces_;
  std::vector<double> productWeights_;  // C(n,i) C(n-1,j) / C(2n-1,i+j), row-major (n+1) x n
};

}  // namespace flexure::deform
