#pragma once
// A sparse LDLᵀ (Eigen's SimplicialLDLT, AMD ordering) that keeps its ordering and symbolic
// analysis while the matrices it is given keep one sparsity pattern. The drag's solves
// (anchored_minimization.h) factor JᵀJ + D for every iteration of every mouse move, and J's
// pattern never changes during a drag (energy_problem.h); on a scene of 15,000 free parameters
// the ordering and analysis were most of a move (docs/performance.md, "Big models under the
// mouse"). The pattern is compared entry by entry (O(nnz), a small part of the numeric
// factorization), so a pattern that does change is analysed again, never misread.
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <vector>

namespace flexure {

class PatternKeptLdlt {
 public:
  // Factors m (compressed, both triangles or the lower one); false if the factorization fails.
  bool factorize(const Eigen::SparseMatrix<double>& m);
  Eigen::VectorXd solve(const Eigen::VectorXd& b) const { return ldlt_.solve(b); }
  int analyses() const { return analyses_; }  // how many times the pattern was analysed

 private:
  bool samePattern(const Eigen::SparseMatrix<double>& m) const;

  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> ldlt_;
  std::vector<int> outer_, inner_;  // the analysed pattern
  int analyses_ = 0;
};

}  // namespace flexure
