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
  pivots_.assign(n, Eigen::Matrix3d::Zero());
  w_.assign(below.size(), Eigen::Matrix3d::Zero());
  v_.assign(border.size(), Eigen::Matrix3d::Zero());
}

bool BorderedBlockTridiagonal::factorize() {
  const std::size_t n = diagonal.size();
  if (n == 0) return true;
  const std::size_t m = bordered_ ? n - 1 : n;
  Eigen::Matrix3d pivot = diagonal[0];
  Eigen::Matrix3d borderPivot = bordered_ ? diagonal[m] : Eigen::Matrix3d::Zero();
  Eigen::Matrix3d carried = Eigen::Matrix3d::Zero();  // C_k with the updates of the joints before k
  for (std::size_t k = 0; k < m; ++k) {
    Eigen::Matrix3d& s = pivots_[k];
    if (!invertPositiveDefinite(pivot, s)) return false;
    if (k + 1 < m) {
      w_[k] = s * below[k].transpose();
      pivot = diagonal[k + 1] - below[k] * w_[k];
    }
    if (bordered_) {
      const Eigen::Matrix3d c = border[k] - carried;
      v_[k] = s * c.transpose();
      borderPivot -= c * v_[k];
      carried = k + 1 < m ? Eigen::Matrix3d(c * w_[k]) : Eigen::Matrix3d::Zero();
    }
  }
  if (bordered_ && !invertPositiveDefinite(borderPivot, pivots_[m])) return false;
  return true;
}

void BorderedBlockTridiagonal::solve(Eigen::VectorXd& x) const {
  const Eigen::Index n = static_cast<Eigen::Index>(diagonal.size());
  if (n == 0) return;
  const Eigen::Index m = bordered_ ? n - 1 : n;
  for (Eigen::Index k = 0; k < m; ++k) {  // forward: y_{k+1} −= W_kᵀ y_k, y_border −= V_kᵀ y_k
    const Eigen::Vector3d y = x.segment<3>(3 * k);
    if (k + 1 < m) x.segment<3>(3 * (k + 1)) -= w_[static_cast<std::size_t>(k)].transpose() * y;
    if (bordered_) x.segment<3>(3 * m) -= v_[static_cast<std::size_t>(k)].transpose() * y;
  }
  Eigen::Vector3d xBorder = Eigen::Vector3d::Zero();
  if (bordered_) {
    xBorder = pivots_[static_cast<std::size_t>(m)] * x.segment<3>(3 * m);
    x.segment<3>(3 * m) = xBorder;
  }
  for (Eigen::Index k = m - 1; k >= 0; --k) {  // backward: x_k = S_k⁻¹ y_k − W_k x_{k+1} − V_k x_border
    Eigen::Vector3d xk = pivots_[static_cast<std::size_t>(k)] * x.segment<3>(3 * k);
    if (k + 1 < m) xk -= w_[static_cast<std::size_t>(k)] * x.segment<3>(3 * (k + 1));
    if (bordered_) xk -= v_[static_cast<std::size_t>(k)] * xBorder;
    x.segment<3>(3 * k) = xk;
  }
}

}  // namespace flexure
