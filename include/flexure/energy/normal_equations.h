#pragma once
// The Gauss-Newton normal equations of the energy's least-squares form (energy_problem.h),
//
//   (JᵀJ + λI) δ = b,
//
// assembled straight into a fixed sparse pattern and factored with a sparse LDLᵀ.
//
// Why this shape (issue 29): each energy term reads the parameters of one or two parts, so J is
// block-sparse and JᵀJ has a k_i × k_i block per term (Witkin et al. 1987, section 2: "the
// structure of the tree may be used to avoid the needless expense of differentiating energy
// terms with respect to parameters on which they do not depend"; the same structure keeps the
// second-order step sparse). The pattern never changes during a solve, so everything symbolic
// is done once, in analyse():
//   * the pattern of JᵀJ + I: per term, the pairs of its columns that some row of its block
//     reads together (observed in the first linearization: a pipe end's normal does not move
//     with the pipe's translation, the radius row reads two entries; this halves the entries
//     of a pipe chain's JᵀJ and its factorization time). A later non-zero outside the pattern
//     widens it and redoes the symbolic work, so the pattern is an optimization, never an
//     approximation;
//   * an ordering P: a fill-reducing one (AMD), or the problem's own when that is as cheap;
//   * the upper triangle of P (JᵀJ) Pᵀ as a compressed column matrix, and for every term the
//     position in that matrix of each entry of its block (so assembly is a scatter, with no
//     sparse product, no triplets and no allocation);
//   * the symbolic factorization (elimination tree, column counts).
// Per Gauss-Newton step, assemble() forms G_i = J_iᵀJ_i for each term's dense block J_i and
// adds its upper triangle into place; per damping λ, solve() adds λ on the diagonal and runs the
// numeric factorization only (Eigen's SimplicialLDLT with the natural ordering on the already
// permuted matrix, so it neither copies nor permutes).
//
// Inputs:  an EnergyProblem linearized with linearize() or linearizeBlocks() (its term blocks).
// Outputs: δ in the problem's column order.
#include <Eigen/Core>
#include <Eigen/SparseCholesky>
#include <Eigen/SparseCore>
#include <vector>

namespace flexure {

class EnergyProblem;

class NormalEquations {
 public:
  // Symbolic work for the problem's pattern, observed in its current term blocks (the problem
  // must be linearized); call again only if the problem changed.
  void analyse(const EnergyProblem& problem);
  // JᵀJ from the problem's current term blocks. A non-zero where the pattern has no entry widens
  // the pattern and redoes the symbolic work (counted by patternGrowths()).
  void assemble(const EnergyProblem& problem);
  int patternGrowths() const { return patternGrowths_; }
  // δ solving (JᵀJ + λI) δ = b; false when the factorization fails (λ too small for a
  // singular JᵀJ).
  bool solve(double lambda, const Eigen::VectorXd& b, Eigen::VectorXd& delta);

  int size() const { return static_cast<int>(permutation_.size()); }
  // True when analyse() kept the problem's own column order (see normal_equations.cpp).
  bool naturalOrder() const { return naturalOrder_; }
  // JᵀJ + λI as a full symmetric matrix in the problem's column order (tests compare it with
  // the dense product).
  Eigen::MatrixXd toDense(double lambda) const;

 private:
  void addObservedPairs(const EnergyProblem& problem);
  void build(const EnergyProblem& problem);
  bool assembleInPattern(const EnergyProblem& problem);  // false: a non-zero fell outside

  // Per term, per pair (a ≤ b) of its columns in packed order: may be non-zero in JᵀJ.
  std::vector<std::vector<char>> termMasks_;
  int patternGrowths_ = 0;
  std::vector<int> permutation_;      // column c of J is row/column permutation_[c] of A
  bool naturalOrder_ = false;
  Eigen::SparseMatrix<double> normal_, damped_;  // upper triangle of P(JᵀJ)Pᵀ, (+ λI)
  std::vector<int> diagonal_;         // position of each diagonal entry in the value arrays
  std::vector<int> scatter_;          // per term, per pair (a ≤ b) of its columns: position, or −1
  std::vector<std::size_t> scatterStart_;  // first scatter_ entry of each term
  std::vector<int> rowColumns_;       // scratch: non-zero columns of one row of a block
  Eigen::VectorXd permutedRhs_, permutedSolution_;
  Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>, Eigen::Upper, Eigen::NaturalOrdering<int>> ldlt_;
};

}  // namespace flexure
