#include "flexure/rigid/bordered_block_tridiagonal.h"

#include <Eigen/LU>

namespace flexure {

namespace {

// S⁻¹ of a 3×3 pivot block, false unless S is positive definite (Sylvester: its leading minors
// are positive). Eigen's fixed-size 3×3 inverse is the closed form by cofactors, unrolled.
bool invertPositiveDefinite(const Eigen::Matrix3d& s, Eigen::Matrix3d& inverse) {
  const double minor2 = s(0, 0) * s(1, 1) - s(0, 1) * s(1, 0);
  if (!(s(0, 0) > 0.0) || !(minor2 > 0.0) || !(s.determinant() > 0.0)) return false;
  inverse = s.inverse();
  return inverse.allFinite();
}

}  // namespace

void BorderedBlockTridiagonal::resize(int joints, bool bordered) {
  const std::size_t n = static_cast<std::size_t>(joints);
  const std::size_t m = bordered ? n - 1 : n;  // joints before the border
  bordered_ = bordered;
  diagonal.assign(n, Eigen::Matrix3d::Zero());
  below.assign(m > 0 ? m - 1 : 0, Eigen::Matrix3d::Zero());
  border.assign(bordered ? m : 0, Eigen::Matrix3d::Zero());
}

// In place: S_k⁻¹ over D_k, W_k over B_k, V_k over C_k, each block read for the last time just
// before it is overwritten (half the memory of separate factors, which a chain of 10⁵ joints
// otherwise first touches, page by page, in its first frame).
bool BorderedBlockTridiagonal::factorize() {
  const std::size_t n = diagonal.size();
  if (n == 0) return true;
  const std::size_t m = bordered_ ? n - 1 : n;
  Eigen::Matrix3d pivot = diagonal[0];
  Eigen::Matrix3d borderPivot = bordered_ ? diagonal[m] : Eigen::Matrix3d::Zero();
  Eigen::Matrix3d carried = Eigen::Matrix3d::Zero();  // C_k with the updates of the joints before k
  for (std::size_t k = 0; k < m; ++k) {
    Eigen::Matrix3d s;
    if (!invertPositiveDefinite(pivot, s)) return false;
    diagonal[k] = s;
    Eigen::Matrix3d w = Eigen::Matrix3d::Zero();
    if (k + 1 < m) {
      w = s * below[k].transpose();
      pivot = diagonal[k + 1] - below[k] * w;
      below[k] = w;
    }
    if (bordered_) {
      const Eigen::Matrix3d c = border[k] - carried;
      const Eigen::Matrix3d v = s * c.transpose();
      borderPivot -= c * v;
      carried = k + 1 < m ? Eigen::Matrix3d(c * w) : Eigen::Matrix3d::Zero();
      border[k] = v;
    }
  }
  if (bordered_) {
    Eigen::Matrix3d s;
    if (!invertPositiveDefinite(borderPivot, s)) return false;
    diagonal[m] = s;
  }
  return true;
}

void BorderedBlockTridiagonal::solve(Eigen::VectorXd& x) const {
  const Eigen::Index n = static_cast<Eigen::Index>(diagonal.size());
  if (n == 0) return;
  const Eigen::Index m = bordered_ ? n - 1 : n;
  const auto& pivots = diagonal;  // after factorize(): S_k⁻¹, W_k, V_k
  const auto& w = below;
  const auto& v = border;
  for (Eigen::Index k = 0; k < m; ++k) {  // forward: y_{k+1} −= W_kᵀ y_k, y_border −= V_kᵀ y_k
    const Eigen::Vector3d y = x.segment<3>(3 * k);
    if (k + 1 < m) x.segment<3>(3 * (k + 1)) -= w[static_cast<std::size_t>(k)].transpose() * y;
    if (bordered_) x.segment<3>(3 * m) -= v[static_cast<std::size_t>(k)].transpose() * y;
  }
  Eigen::Vector3d xBorder = Eigen::Vector3d::Zero();
  if (bordered_) {
    xBorder = pivots[static_cast<std::size_t>(m)] * x.segment<3>(3 * m);
    x.segment<3>(3 * m) = xBorder;
  }
  for (Eigen::Index k = m - 1; k >= 0; --k) {  // backward: x_k = S_k⁻¹ y_k − W_k x_{k+1} − V_k x_border
    Eigen::Vector3d xk = pivots[static_cast<std::size_t>(k)] * x.segment<3>(3 * k);
    if (k + 1 < m) xk -= w[static_cast<std::size_t>(k)] * x.segment<3>(3 * (k + 1));
    if (bordered_) xk -= v[static_cast<std::size_t>(k)] * xBorder;
    x.segment<3>(3 * k) = xk;
  }
}

}  // namespace flexure
