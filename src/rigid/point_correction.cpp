#include "flexure/rigid/point_correction.h"

namespace flexure {

namespace {
Mat3d scaled(const Mat3d& m, double s) {
  Mat3d r = m;
  for (auto& row : r.m)
    for (double& e : row) e *= s;
  return r;
}
}  // namespace

CorrectionWeights physicalWeights(const CorrectionSide& s1, const CorrectionSide& s2) {
  CorrectionWeights w;
  const double sum = s1.inverseMass + s2.inverseMass;
  if (sum <= 0.0) return w;  // both fixed: nothing moves
  const double alpha = 1.0 / sum;  // Eq. 17
  w.share1 = s1.inverseMass / sum;
  w.share2 = s2.inverseMass / sum;
  w.rotationGain1 = scaled(s1.inverseInertia, alpha);
  w.rotationGain2 = scaled(s2.inverseInertia, alpha);
  return w;
}

CorrectionWeights userWeights(double mu12, double k1, bool movable1, double k2, bool movable2) {
  CorrectionWeights w;
  if (!movable1 && !movable2) return w;
  double mu = mu12;
  if (!movable1) mu = 0.0;
  if (!movable2) mu = 1.0;
  w.share1 = mu;
  w.share2 = 1.0 - mu;
  w.rotationGain1 = scaled(Mat3d::identity(), mu * k1);
  w.rotationGain2 = scaled(Mat3d::identity(), (1.0 - mu) * k2);
  return w;
}

PairRotation eq18Rotations(const CorrectionWeights& w, const Vec3d& g1, const Vec3d& p1, const Vec3d& g2,
                           const Vec3d& p2) {
  return {w.rotationGain1 * cross(p1 - g1, p2 - p1), w.rotationGain2 * cross(p2 - g2, p1 - p2)};
}

PairTranslation eq19Translations(const CorrectionWeights& w, const Vec3d& p1r, const Vec3d& p2r) {
  return {(p2r - p1r) * w.share1, (p1r - p2r) * w.share2};
}

PairCorrection eq14and15(const CorrectionSide& s1, const Vec3d& p1, const CorrectionSide& s2, const Vec3d& p2,
                         double alpha) {
  const Vec3d pull = (p2 - p1) * alpha;  // the rubber's impulse on S1 (Eq. 5 integrated)
  return {s1.inverseInertia * cross(p1 - s1.com, pull), s2.inverseInertia * cross(p2 - s2.com, -pull),
          pull * s1.inverseMass, -pull * s2.inverseMass};
}

namespace {
// -[r]ₓ A [r]ₓ, the rotational part of K for one body.
Mat3d rotationalCompliance(const Vec3d& r, const Mat3d& inverseInertia) {
  Mat3d k;
  for (int j = 0; j < 3; ++j) {
    Vec3d e;
    e[j] = 1.0;
    const Vec3d col = cross(inverseInertia * cross(r, e), r);  // -[r]ₓ A [r]ₓ e = (A (r ∧ e)) ∧ r
    for (int i = 0; i < 3; ++i) k.m[i][j] = col[i];
  }
  return k;
}
}  // namespace

PairCorrection eq14and15Tensor(const CorrectionSide& s1, const Vec3d& p1, const CorrectionSide& s2, const Vec3d& p2) {
  const Vec3d at = (p1 + p2) * 0.5;
  const Vec3d r1 = at - s1.com, r2 = at - s2.com;
  const Mat3d c1 = rotationalCompliance(r1, s1.inverseInertia), c2 = rotationalCompliance(r2, s2.inverseInertia);
  Mat3d k;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) k.m[i][j] = c1.m[i][j] + c2.m[i][j] + (i == j ? s1.inverseMass + s2.inverseMass : 0.0);
  if (determinant(k) <= 1e-300) return {};
  const Vec3d lambda = inverse(k) * (p2 - p1);
  return {s1.inverseInertia * cross(r1, lambda), s2.inverseInertia * cross(r2, -lambda), lambda * s1.inverseMass,
          -lambda * s2.inverseMass};
}

double effectiveMassAlong(const CorrectionSide& s1, const Vec3d& p1, const CorrectionSide& s2, const Vec3d& p2,
                          const Vec3d& n) {
  const Vec3d c1 = cross(p1 - s1.com, n), c2 = cross(p2 - s2.com, n);
  const double k = s1.inverseMass + s2.inverseMass + dot(c1, s1.inverseInertia * c1) + dot(c2, s2.inverseInertia * c2);
  return k > 0.0 ? 1.0 / k : 0.0;
}

}  // namespace flexure
