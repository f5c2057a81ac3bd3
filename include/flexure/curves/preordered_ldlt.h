#pragma once
// LDLᵀ of a symmetric matrix that is already in its elimination order, read as it is stored.
//
// The curve solver permutes its KKT system itself (kkt_ordering.h). Eigen's SimplicialLDLT with
// NaturalOrdering<int> still copies such a matrix twice in compute() and analyzePattern(): its
// ordering step skips the ordering only for NaturalOrdering<Eigen::Index> (which does not compile
// with int indices), so it builds the full symmetric matrix to hand to a no-op ordering, then
// copies the stored triangle into the upper one it factors. At 10⁵ control points those copies
// were 9 % of a cold solve (docs/performance.md, curves_mes). The analysis and the numeric
// factorization on an upper triangle in place are SimplicialCholeskyBase's own protected steps;
// this class calls them directly. With no permutation set, solve() permutes nothing either.
#include <Eigen/SparseCholesky>

namespace flexure {

class PreorderedLdlt
    : public Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Upper, Eigen::NaturalOrdering<int>> {
 public:
  // `upper`: the upper triangle (column-major) of the matrix in elimination order.
  void analyzeUpper(const Eigen::SparseMatrix<double>& upper) { analyzePattern_preordered(upper, true); }
  // Numeric factorization on the last analysed pattern; info() reports a zero pivot.
  void factorizeUpper(const Eigen::SparseMatrix<double>& upper) { factorize_preordered<true>(upper); }
  // x ← A⁻¹ x: the steps of solve() (L, D, Lᵀ, as SimplicialCholeskyBase::_solve_impl takes them)
  // on x itself, without solve()'s result vector.
  void solveInPlace(Eigen::VectorXd& x) const {
    matrixL().solveInPlace(x);
    x = vectorD().asDiagonal().inverse() * x;
    matrixU().solveInPlace(x);
  }
};

}  // namespace flexure
