#include "flexure/rigid/angular_correction.h"

namespace flexure {

PairRotation correctAngularRow(const AngularRow& row, const Mat3d& inv1, const Mat3d& inv2) {
  if (!row.violated) return {};
  const Vec3d w1 = inv1 * row.axis, w2 = inv2 * row.axis;
  const double k = dot(row.axis, w1) + dot(row.axis, w2);
  if (k <= 0.0) return {};
  const double lambda = row.error / k;
  return {w1 * lambda, w2 * -lambda};
}

}  // namespace flexure
