#include "flexure/energy/energy_problem.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "flexure/core/scene.h"

namespace flexure {

EnergyProblem::~EnergyProblem() = default;

std::vector<const EnergyConstraint*> EnergyProblem::activeTerms(const Scene& scene, double time) {
  std::vector<const EnergyConstraint*> out;
  for (const auto& c : scene.constraints)
    if (auto* e = dynamic_cast<const EnergyConstraint*>(c.get()))
      if (e->activeAt(time) && e->weight > 0.0) out.push_back(e);
  return out;
}

namespace {
std::vector<int> unfrozenIndices(const Scene& scene) { return scene.parameters().freeIndices(); }

// Splits a term's free parameters (ascending Ψ indices) into Dual8 passes of at most 8 lanes,
// starting a new pass rather than splitting one node's entries between two passes (a node with
// more than 8 entries fills whole passes). Same number of passes as plain chunks of 8 for the
// pipes (13 entries each: 7 + 6), but each pass then seeds one part only.
std::vector<std::pair<int, int>> planPasses(const std::vector<int>& params, const std::vector<const Node*>& nodes) {
  auto owner = [&](int psiIndex) -> const Node* {
    for (const Node* n : nodes)
      if (psiIndex >= n->paramOffset() && psiIndex < n->paramOffset() + n->paramCount()) return n;
    return nullptr;
  };
  std::vector<std::pair<int, int>> passes;
  const int k = static_cast<int>(params.size());
  int first = 0, count = 0;
  for (int i = 0; i < k;) {
    const Node* node = owner(params[static_cast<std::size_t>(i)]);
    int run = 1;
    while (i + run < k && owner(params[static_cast<std::size_t>(i + run)]) == node) ++run;
    if (count > 0 && count + run > 8) {
      passes.emplace_back(first, count);
      first = i;
      count = 0;
    }
    for (int j = 0; j < run; ++j) {
      if (count == 8) {
        passes.emplace_back(first, count);
        first = i + j;
        count = 0;
      }
      ++count;
    }
    i += run;
  }
  if (count > 0 || passes.empty()) passes.emplace_back(first, count);
  return passes;
}
}  // namespace

EnergyProblem::EnergyProblem(const Scene& scene, std::vector<const EnergyConstraint*> terms,
                             std::vector<double> weightScales)
    : EnergyProblem(scene, std::move(terms), std::move(weightScales), unfrozenIndices(scene)) {}

EnergyProblem::EnergyProblem(const Scene& scene, std::vector<const EnergyConstraint*> terms,
                             std::vector<double> weightScales, const std::vector<int>& columns) {
  const ParameterTable& table = scene.parameters();
  std::unordered_map<int, int> column;  // Ψ index → column
  for (int i : columns) {
    column[i] = static_cast<int>(free_.size());
    free_.push_back(i);
    lower_.push_back(table.info(i).lower);
    upper_.push_back(table.info(i).upper);
  }
  double lanes = 0.0;
  std::size_t blockSize = 0;
  for (std::size_t ti = 0; ti < terms.size(); ++ti) {
    const EnergyConstraint* t = terms[ti];
    Binding b;
    b.term = t;
    b.weight = t->weight * (ti < weightScales.size() ? weightScales[ti] : 1.0);
    const std::vector<const Node*> nodes = t->nodesRead();
    for (const Node* n : nodes)
      for (int k = 0; k < n->paramCount(); ++k) {
        const int i = n->paramOffset() + k;
        auto it = column.find(i);
        if (it != column.end()) b.params.push_back(i);
      }
    std::sort(b.params.begin(), b.params.end());
    b.params.erase(std::unique(b.params.begin(), b.params.end()), b.params.end());
    for (int i : b.params) b.columns.push_back(column[i]);
    b.row = rows_;
    b.rows = t->isResidualForm() ? t->residualCount() : 1;
    rows_ += b.rows;
    b.block = blockSize;
    blockSize += static_cast<std::size_t>(b.rows) * b.params.size();
    b.seeded = std::make_unique<SeededPass>(nodes);
    b.passes = planPasses(b.params, nodes);
    b.scratch.resize(static_cast<std::size_t>(std::max(b.rows, 1)));
    lanes += static_cast<double>(b.params.size()) + 1.0;
    bindings_.push_back(std::move(b));
  }
  jacobianCharge_ = bindings_.empty() ? 1.0 : lanes / static_cast<double>(bindings_.size());
  blocks_.assign(blockSize, 0.0);
}

// Writes the binding's weighted residuals (√w r_i, or √(w e_i)) and returns its energy.
double EnergyProblem::evaluateBinding(const Binding& b, const ParamAccess<double>& values, double* out) const {
  const double sw = std::sqrt(b.weight);
  if (b.term->isResidualForm()) {
    b.term->residuals(values, out);
    double e = 0.0;
    for (int k = 0; k < b.rows; ++k) {
      out[k] *= sw;
      e += out[k] * out[k];
    }
    return e;
  }
  const double e = b.weight * b.term->scalarEnergy(values);
  out[0] = std::sqrt(std::max(e, 0.0));
  return e;
}

double EnergyProblem::uncountedEnergy(const Eigen::VectorXd& psi) const {
  double e = 0.0;
  for (double t : termEnergies(psi)) e += t;
  return e;
}

bool EnergyProblem::projectToBounds(Eigen::VectorXd& psi) const {
  bool clamped = false;
  for (std::size_t c = 0; c < free_.size(); ++c) {
    double& x = psi[free_[c]];
    const double inside = std::clamp(x, lower_[c], upper_[c]);
    clamped = clamped || inside != x;
    x = inside;
  }
  return clamped;
}

double EnergyProblem::energy(const Eigen::VectorXd& psi) {
  Eigen::VectorXd r;
  return residuals(psi, r);
}

double EnergyProblem::residuals(const Eigen::VectorXd& psi, Eigen::VectorXd& r) {
  evaluations_ += 1.0;
  r.resize(rows_);
  const ValueAccess values(psi);
  double e = 0.0;
  for (const Binding& b : bindings_) e += evaluateBinding(b, values, r.data() + b.row);
  return e;
}

std::vector<double> EnergyProblem::termEnergies(const Eigen::VectorXd& psi) const {
  std::vector<double> out;
  const ValueAccess values(psi);
  std::vector<double> tmp;
  for (const Binding& b : bindings_) {
    tmp.assign(static_cast<std::size_t>(b.rows), 0.0);
    out.push_back(evaluateBinding(b, values, tmp.data()));
  }
  return out;
}

// Rows of J for one term: its free parameters seeded 8 at a time as Dual8 lanes, written into
// the term's dense block (rows × k, row-major).
void EnergyProblem::linearizeBinding(Binding& b, const Eigen::VectorXd& psi, Eigen::VectorXd& r) {
  const double sw = std::sqrt(b.weight);
  const int k = static_cast<int>(b.params.size());
  const bool scalar = !b.term->isResidualForm();
  double* block = blocks_.data() + b.block;
  b.seeded->load(psi);
  for (const auto& [first, count] : b.passes) {
    b.seeded->seed(b.params.data() + first, count);
    ++jetPasses_;
    if (scalar) {
      const Dual8 e = b.term->scalarEnergy(*b.seeded) * b.weight;
      const double root = std::sqrt(std::max(e.a, 0.0));
      r[b.row] = root;
      // r = √E  ⇒  ∂r/∂ψ = ∂E/∂ψ / (2√E): the Gauss-Newton form of a scalar term.
      const double scale = root > 1e-150 ? 0.5 / root : 0.0;
      for (int l = 0; l < count; ++l) block[first + l] = e.v[static_cast<std::size_t>(l)] * scale;
    } else {
      b.term->residuals(*b.seeded, b.scratch.data());
      for (int row = 0; row < b.rows; ++row) {
        const Dual8& x = b.scratch[static_cast<std::size_t>(row)];
        r[b.row + row] = sw * x.a;
        double* out = block + static_cast<std::ptrdiff_t>(row) * k + first;
        for (int l = 0; l < count; ++l) out[l] = sw * x.v[static_cast<std::size_t>(l)];
      }
    }
  }
}

double EnergyProblem::linearizeBlocks(const Eigen::VectorXd& psi, Eigen::VectorXd& r) {
  evaluations_ += jacobianCharge_;
  r.resize(rows_);
  for (Binding& b : bindings_) linearizeBinding(b, psi, r);
  return r.squaredNorm();
}

void EnergyProblem::assembleJacobian(Eigen::SparseMatrix<double>& J) {
  triplets_.clear();
  for (const Binding& b : bindings_) {
    const double* block = blocks_.data() + b.block;
    const std::size_t k = b.params.size();
    for (int row = 0; row < b.rows; ++row)
      for (std::size_t c = 0; c < k; ++c)
        triplets_.emplace_back(b.row + row, b.columns[c], block[static_cast<std::size_t>(row) * k + c]);
  }
  J.resize(rows_, freeCount());
  J.setFromTriplets(triplets_.begin(), triplets_.end());
}

double EnergyProblem::linearize(const Eigen::VectorXd& psi, Eigen::VectorXd& r, Eigen::SparseMatrix<double>& J) {
  const double e = linearizeBlocks(psi, r);
  assembleJacobian(J);
  return e;
}

void EnergyProblem::multiplyJacobian(const Eigen::VectorXd& x, Eigen::VectorXd& out) const {
  out.setZero(rows_);
  for (const Binding& b : bindings_) {
    const double* block = blocks_.data() + b.block;
    const std::size_t k = b.params.size();
    for (int row = 0; row < b.rows; ++row) {
      double sum = 0.0;
      for (std::size_t c = 0; c < k; ++c) sum += block[static_cast<std::size_t>(row) * k + c] * x[b.columns[c]];
      out[b.row + row] = sum;
    }
  }
}

void EnergyProblem::multiplyJacobianTransposed(const Eigen::VectorXd& y, Eigen::VectorXd& out) const {
  out.setZero(freeCount());
  for (const Binding& b : bindings_) {
    const double* block = blocks_.data() + b.block;
    const std::size_t k = b.params.size();
    for (int row = 0; row < b.rows; ++row) {
      const double yr = y[b.row + row];
      for (std::size_t c = 0; c < k; ++c) out[b.columns[c]] += block[static_cast<std::size_t>(row) * k + c] * yr;
    }
  }
}

}  // namespace flexure
