#pragma once
// The assembled energy E(Ψ) = Σ_i w_i E_i(Ψ) over the free entries of Ψ (Witkin et al. 1987,
// section 2), in the least-squares form the default solver uses:
//   r(Ψ) = stack of √w_i r_i(Ψ)  (residual terms)  and  √(w_i e_i(Ψ))  (scalar terms),
//   E = |r|²,  ∇E = 2 Jᵀ r,  J = ∂r/∂Ψ_free (sparse).
// Each term depends only on the Ψ entries of the nodes on its paths, so its rows of J have only
// those columns; they are computed exactly by seeding them, eight at a time, as Dual8 lanes
// (SeededPass) and evaluating the term's templated code. The lanes of a pass are taken from as
// few nodes as possible (a node's entries are not split across passes unless it has more than
// eight), so that a path with no seeded node can be evaluated without derivatives.
//
// Evaluation counting (docs/energy.md): one "evaluation" is one evaluation of the total energy
// (or of all residuals) at double precision. A Jacobian is charged what the same derivatives
// would cost by forward differences: for each term, one evaluation per seeded lane plus one,
// averaged over terms (for pipefitting, 13 + 1 = 14 per Jacobian, the same as one finite-
// difference gradient of the paper's method).
#include <Eigen/Core>
#include <cmath>
#include <Eigen/SparseCore>
#include <memory>
#include <vector>

#include "flexure/core/param_access.h"
#include "flexure/energy/energy_term.h"
#include "flexure/energy/seeded_pass.h"

namespace flexure {

class Scene;

class EnergyProblem {
 public:
  // `terms` are evaluated against `scene`'s Ψ layout; they are not owned. `weightScales`
  // (parallel to terms, default 1) multiply the terms' own weights (the drag uses this).
  EnergyProblem(const Scene& scene, std::vector<const EnergyConstraint*> terms, std::vector<double> weightScales = {});
  // The same over the given Ψ entries (`columns`, ascending) instead of the unfrozen ones: a
  // drag works in its own subspace of Ψ (drag.h: the drag mode and the mechanism's drives).
  EnergyProblem(const Scene& scene, std::vector<const EnergyConstraint*> terms, std::vector<double> weightScales,
                const std::vector<int>& columns);
  ~EnergyProblem();
  EnergyProblem(const EnergyProblem&) = delete;
  EnergyProblem& operator=(const EnergyProblem&) = delete;

  // The scene's enabled energy constraints active at time t.
  static std::vector<const EnergyConstraint*> activeTerms(const Scene& scene, double time);

  int freeCount() const { return static_cast<int>(free_.size()); }
  const std::vector<int>& freeIndices() const { return free_; }  // Ψ index of each column
  int residualCount() const { return rows_; }
  int termCount() const { return static_cast<int>(bindings_.size()); }
  const EnergyConstraint& term(int i) const { return *bindings_[static_cast<std::size_t>(i)].term; }
  // Free Ψ entries the term reads (empty: the term cannot be changed by the solver).
  const std::vector<int>& termParameters(int i) const { return bindings_[static_cast<std::size_t>(i)].params; }

  // E(Ψ); one evaluation.
  double energy(const Eigen::VectorXd& psi);
  // r(Ψ) and E = |r|²; one evaluation.
  double residuals(const Eigen::VectorXd& psi, Eigen::VectorXd& r);
  // r, J and E; charged as described above. The sparsity pattern of J never changes.
  double linearize(const Eigen::VectorXd& psi, Eigen::VectorXd& r, Eigen::SparseMatrix<double>& J);
  // r and E, and J kept as one dense block per term (below) without assembling the sparse J:
  // what the sparse Gauss-Newton path needs (normal_equations.h). Charged as linearize().
  double linearizeBlocks(const Eigen::VectorXd& psi, Eigen::VectorXd& r);
  // Term i's block of J after linearize() or linearizeBlocks(): termRowCount(i) rows ×
  // termColumns(i).size() columns, row-major; its rows start at termFirstRow(i) in r.
  const double* termJacobian(int i) const { return blocks_.data() + bindings_[static_cast<std::size_t>(i)].block; }
  // Columns of J (ascending) that term i reads, parallel to termParameters(i).
  const std::vector<int>& termColumns(int i) const { return bindings_[static_cast<std::size_t>(i)].columns; }
  int termFirstRow(int i) const { return bindings_[static_cast<std::size_t>(i)].row; }
  int termRowCount(int i) const { return bindings_[static_cast<std::size_t>(i)].rows; }
  // out = J x and out = Jᵀ y from the blocks of the last linearization.
  void multiplyJacobian(const Eigen::VectorXd& x, Eigen::VectorXd& out) const;
  void multiplyJacobianTransposed(const Eigen::VectorXd& y, Eigen::VectorXd& out) const;
  // E(Ψ) for bookkeeping (reports, choosing between points already visited): not counted.
  double uncountedEnergy(const Eigen::VectorXd& psi) const;
  // w_i E_i(Ψ) of every term (not counted: diagnosis).
  std::vector<double> termEnergies(const Eigen::VectorXd& psi) const;
  // Clamps the free entries of psi into their bounds (frozen entries are never touched); true
  // when some entry was outside them.
  bool projectToBounds(Eigen::VectorXd& psi) const;
  // ∇E restricted to the free entries: 2 Jᵀ r.
  static Eigen::VectorXd gradient(const Eigen::SparseMatrix<double>& J, const Eigen::VectorXd& r) {
    return 2.0 * (J.transpose() * r);
  }

  // Evaluation counters.
  long long evaluations() const { return static_cast<long long>(std::ceil(evaluations_ - 1e-9)); }
  long long jetPasses() const { return jetPasses_; }
  void addEvaluations(double n) { evaluations_ += n; }
  void resetCounters() { evaluations_ = 0.0; jetPasses_ = 0; }

 private:
  struct Binding {
    const EnergyConstraint* term = nullptr;
    double weight = 1.0;
    std::vector<int> params;  // free Ψ indices read by the term
    std::vector<int> columns; // their columns in J
    int row = 0;              // first row in r
    int rows = 0;             // residualCount(), or 1 for a scalar term
    std::size_t block = 0;    // offset of its rows × params.size() block of J in blocks_
    std::unique_ptr<SeededPass> seeded;
    std::vector<std::pair<int, int>> passes;  // (first, count) into params: the Dual8 passes
    std::vector<Dual8> scratch;
  };
  double evaluateBinding(const Binding& b, const ParamAccess<double>& values, double* out) const;
  void linearizeBinding(Binding& b, const Eigen::VectorXd& psi, Eigen::VectorXd& r);
  void assembleJacobian(Eigen::SparseMatrix<double>& J);

  std::vector<Binding> bindings_;
  std::vector<int> free_;
  std::vector<double> lower_, upper_;  // bounds of the free entries
  int rows_ = 0;
  double evaluations_ = 0.0;
  long long jetPasses_ = 0;
  std::vector<Eigen::Triplet<double>> triplets_;
  std::vector<double> blocks_;   // every term's dense block of J, back to back
  double jacobianCharge_ = 0.0;  // evaluations charged per linearize()
};

}  // namespace flexure
