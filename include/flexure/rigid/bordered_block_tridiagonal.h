#pragma once
// The joint system of a chain or a ring of point-to-point joints (direct_joint_solver.h) solved
// in linear time by block elimination, the way Baraff eliminates a chain of joints ("Linear-time
// dynamics using Lagrange multipliers", SIGGRAPH 1996, §7): one 3×3 block per joint, a block
// tridiagonal matrix for a chain, plus one border block row for the joint that closes a ring.
//
//   A = [ D_0  B_0ᵀ                 C_0ᵀ ]     D_k   = A_kk             (diagonal[k])
//       [ B_0  D_1   B_1ᵀ           C_1ᵀ ]     B_k   = A_{k+1,k}         (below[k], k + 1 < m)
//       [      B_1   D_2   ⋱        ⋮    ]     C_k   = A_{border,k}      (border[k], bordered only)
//       [            ⋱     ⋱        ⋮    ]     D_m   = A_{border,border} (diagonal[m], bordered only)
//       [ C_0  C_1   …     C_{m-1}  D_m  ]
//
// Eliminating joint k (its pivot S_k, the updated diagonal block, inverted in closed form once
// Sylvester's criterion has shown it positive definite) changes only its successor, the border
// and the border's own block:
//   W_k = S_k⁻¹ B_kᵀ,  V_k = S_k⁻¹ C_kᵀ,
//   S_{k+1} = D_{k+1} − B_k W_k,  C_{k+1} ← C_{k+1} − C_k W_k,  D_m ← D_m − C_k V_k,
// and the solve is a forward sweep (y_{k+1} −= W_kᵀ y_k, y_border −= V_kᵀ y_k), the border's
// block, and a backward sweep (x_k = S_k⁻¹ y_k − W_k x_{k+1} − V_k x_border). The arithmetic is
// that of a block LDLᵀ in the joints' order: no fill but the border row, 3×3 products that Eigen
// unrolls. Everything else the direct scheme meets (angle rows, other regions, contacts, trees)
// goes to the general sparse LDLᵀ.
#include <Eigen/Core>
#include <vector>

namespace flexure {

class BorderedBlockTridiagonal {
 public:
  // `joints` 3×3 block rows; bordered: the last one is the border (it may couple with any).
  void resize(int joints, bool bordered);
  int joints() const { return static_cast<int>(diagonal.size()); }
  bool bordered() const { return bordered_; }

  // The blocks of A, filled by the caller before factorize() (the lower triangle's blocks);
  // factorize() overwrites them with the factors (S_k⁻¹, W_k, V_k), so they are filled anew
  // before each factorize().
  std::vector<Eigen::Matrix3d> diagonal, below, border;

  // False when a pivot block is not positive definite (then nothing may be solved, and the
  // blocks are partly overwritten).
  bool factorize();
  // x ← A⁻¹ x, after a successful factorize().
  void solve(Eigen::VectorXd& x) const;

 private:
  bool bordered_ = false;
};

}  // namespace flexure
